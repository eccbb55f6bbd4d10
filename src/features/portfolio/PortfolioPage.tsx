import { memo, useDeferredValue, useLayoutEffect, useRef, useState } from "react";
import { Section, SectionHeading } from "../../components/ui/Section";
import { Seo } from "../../components/ui/Seo";
import { portfolioPage, portfolioProjects, type PortfolioFilter } from "../../content/portfolio";
import { CtaPanel } from "./CtaPanel";
import { PortfolioFilters } from "./PortfolioFilters";
import { ProjectCard } from "./ProjectCard";
import { animateOnce, canAnimate } from "../../lib/animation";
import { useChangedSinceMount } from "../../lib/use-changed";

const fadeIn = { durationMs: 300, easing: "ease-out" };

/**
 * The portfolio: the filters, and the projects of the chosen one. A new set of cards fades in with the
 * Web Animations API (src/lib/animation.ts): no animation library is loaded. The first set, which the
 * page prerenders, is shown as it is.
 *
 * The pressed filter answers the tap at once; the cards of the new set follow in a render of their
 * own that React may interrupt (`useDeferredValue`). Rendered with the tap, the new set held the
 * tap's next paint: 216-224 ms from the touch to the pressed button on the low-tier phone (npm run
 * bench's first tap, 14.4-14.9x), against 144-168 ms for a services tab, whose tap changes less.
 */
export default function PortfolioPage() {
  const [filter, setFilter] = useState<PortfolioFilter>("all");
  const listed = useDeferredValue(filter);
  const { cta } = portfolioPage;

  return (
    <>
      <Seo {...portfolioPage.seo} />
      <Section className="bg-gradient-to-b from-brand-50 to-white">
        <SectionHeading {...portfolioPage} as="h1" />
        <PortfolioFilters active={filter} onChange={setFilter} />
        <ProjectList listed={listed} />
      </Section>
      <Section className="pt-0 md:pt-0">
        <CtaPanel {...cta} />
      </Section>
    </>
  );
}

/**
 * The cards of the listed filter. Memoized, so that the tap's own render (the pressed filter, with
 * the list still the old one) does not render the ten cards again for nothing: it did, and React's
 * part of the tap's click task was 19-37 ms at the low-tier phone's slowdown.
 */
const ProjectList = memo(function ProjectList({ listed }: { listed: PortfolioFilter }) {
  const list = useRef<HTMLUListElement>(null);
  const filtered = useChangedSinceMount(listed);
  const shown =
    listed === "all" ? portfolioProjects : portfolioProjects.filter((project) => project.category === listed);

  // Before the browser paints the new cards, start them transparent.
  useLayoutEffect(() => {
    if (filtered && canAnimate(list.current)) return animateOnce(list.current, { opacity: 0 }, fadeIn);
  }, [listed, filtered]);

  return (
    // Keyed by filter: the new set of cards fades in, with no layout animation.
    <ul ref={list} key={listed} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-live="polite">
      {shown.map((project, index) => (
        <li key={project.id}>
          <ProjectCard project={project} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
});
