import { Seo } from "../../components/ui/Seo";
import { homeSeo } from "../../content/home";
import { organizationJsonLd } from "../../content/seo";
import { AboutSection } from "./AboutSection";
import { HeroSection } from "./HeroSection";
import { LogoStrip } from "./LogoStrip";
import { ProcessSection } from "./ProcessSection";
import { ServicesSection } from "./ServicesSection";
import { StatsSection } from "./StatsSection";
import { TestimonialsSection } from "./TestimonialsSection";

/** Home (/): hero tabs, logo strip, about, services, process, stats, testimonials (spec section 2). */
export default function HomePage() {
  return (
    <>
      <Seo title={homeSeo.title} description={homeSeo.description} path={homeSeo.path} jsonLd={organizationJsonLd()} />
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
