import { Seo } from "../../components/ui/Seo";
import { config } from "../../config";
import { homeSeo } from "../../content/home";
import { site, socialLinks } from "../../content/site";
import { AboutSection } from "./AboutSection";
import { HeroSection } from "./HeroSection";
import { LogoStrip } from "./LogoStrip";
import { ProcessSection } from "./ProcessSection";
import { ServicesSection } from "./ServicesSection";
import { StatsSection } from "./StatsSection";
import { TestimonialsSection } from "./TestimonialsSection";

/** Structured data for search engines: the agency as an Organization / ProfessionalService. */
export const organizationJsonLd = {
  "@context": "https://schema.org",
  "@type": ["Organization", "ProfessionalService"],
  name: site.name,
  url: config.siteUrl,
  logo: `${config.siteUrl}/icon-512.png`,
  image: `${config.siteUrl}/icon-512.png`,
  description: homeSeo.description,
  email: config.contactEmail,
  telephone: config.contactPhone,
  address: { "@type": "PostalAddress", addressLocality: "Abuja", addressCountry: "NG" },
  areaServed: "NG",
  sameAs: socialLinks.map((link) => link.href),
};

/** Home (/): hero tabs, logo strip, about, services, process, stats, testimonials (spec section 2). */
export default function HomePage() {
  return (
    <>
      <Seo title={homeSeo.title} description={homeSeo.description} path={homeSeo.path} jsonLd={organizationJsonLd} />
      <HeroSection />
      <LogoStrip />
      <AboutSection />
      <ServicesSection />
      <ProcessSection />
      <StatsSection />
      <TestimonialsSection />
    </>
  );
}
