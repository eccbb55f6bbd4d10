import { siCalendly, siHubspot, siMailchimp, siShopify, siStripe, siWebflow, siWhatsapp, siWoocommerce, siWordpress, siZapier, siMeta } from "simple-icons";
import type { BrandGlyph } from "../components/ui/BrandIcon";

/**
 * The tools our client builds run on, shown in the home page's logo strip. The spec's client logo is
 * {name, logo}; here the logo is a single-path glyph from simple-icons, drawn in currentColor by
 * BrandIcon, so no image file is fetched.
 */
export type ClientLogoCategory = "payment" | "scheduling" | "e-commerce" | "cms" | "email marketing" | "social" | "crm" | "automation";

export interface ClientLogo {
  name: string;
  category: ClientLogoCategory;
  logo: BrandGlyph;
}

export const clientLogos: ClientLogo[] = [
  { name: "Stripe", category: "payment", logo: siStripe },
  { name: "Calendly", category: "scheduling", logo: siCalendly },
  { name: "Shopify", category: "e-commerce", logo: siShopify },
  { name: "WooCommerce", category: "e-commerce", logo: siWoocommerce },
  { name: "WordPress", category: "cms", logo: siWordpress },
  { name: "Webflow", category: "cms", logo: siWebflow },
  { name: "Mailchimp", category: "email marketing", logo: siMailchimp },
  { name: "WhatsApp", category: "social", logo: siWhatsapp },
  { name: "Meta", category: "social", logo: siMeta },
  { name: "HubSpot", category: "crm", logo: siHubspot },
  { name: "Zapier", category: "automation", logo: siZapier },
];

export const clientStrip = {
  heading: "The tools behind the systems we build",
};
