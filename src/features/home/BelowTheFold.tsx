import { AboutSection } from "./AboutSection";
import { LogoStrip } from "./LogoStrip";
import { ProcessSection } from "./ProcessSection";
import { ServicesSection } from "./ServicesSection";
import { StatsSection } from "./StatsSection";
import { TestimonialsSection } from "./TestimonialsSection";

/**
 * Everything on the home page after the hero, in its own chunk (HomePage loads it lazily): the
 * server's markup of it is on the page from the start, and it hydrates when its code arrives, after
 * the hero is interactive.
 */
export default function BelowTheFold() {
  return (
    <>
      <LogoStrip />
      <AboutSection />
      <ServicesSection />
      <ProcessSection />
      <StatsSection />
      <TestimonialsSection />
    </>
  );
}
