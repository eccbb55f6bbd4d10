/**
 * The tools our client builds run on, shown in the home page's logo strip. The spec's client logo is
 * {name, logo}: `logo` is a static SVG under public/images/clients, written from simple-icons by
 * scripts/make-client-logos.ts (the `slug` names the simple-icons glyph).
 */
type ClientLogoCategory =
  "payment" | "scheduling" | "e-commerce" | "cms" | "email marketing" | "social" | "crm" | "automation";

export interface ClientLogo {
  name: string;
  category: ClientLogoCategory;
  slug: string;
  logo: string;
}

export const clientLogos: ClientLogo[] = [
  { name: "Stripe", category: "payment", slug: "stripe", logo: "/images/clients/stripe.svg" },
  { name: "Calendly", category: "scheduling", slug: "calendly", logo: "/images/clients/calendly.svg" },
  { name: "Shopify", category: "e-commerce", slug: "shopify", logo: "/images/clients/shopify.svg" },
  { name: "WooCommerce", category: "e-commerce", slug: "woocommerce", logo: "/images/clients/woocommerce.svg" },
  { name: "WordPress", category: "cms", slug: "wordpress", logo: "/images/clients/wordpress.svg" },
  { name: "Webflow", category: "cms", slug: "webflow", logo: "/images/clients/webflow.svg" },
  { name: "Mailchimp", category: "email marketing", slug: "mailchimp", logo: "/images/clients/mailchimp.svg" },
  { name: "WhatsApp", category: "social", slug: "whatsapp", logo: "/images/clients/whatsapp.svg" },
  { name: "Meta", category: "social", slug: "meta", logo: "/images/clients/meta.svg" },
  { name: "HubSpot", category: "crm", slug: "hubspot", logo: "/images/clients/hubspot.svg" },
  { name: "Zapier", category: "automation", slug: "zapier", logo: "/images/clients/zapier.svg" },
];

export const clientStrip = {
  heading: "The tools behind the systems we build",
};
