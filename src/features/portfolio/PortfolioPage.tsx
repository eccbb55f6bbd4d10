import { useLayoutEffect, useRef, useState } from "react";
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
 */
export default function PortfolioPage() {
  const [filter, setFilter] = useState<PortfolioFilter>("all");
  const list = useRef<HTMLUListElement>(null);
  const filtered = useChangedSinceMount(filter);
  const shown =
    filter === "all" ? portfolioProjects : portfolioProjects.filter((project) => project.category === filter);
  const { cta } = portfolioPage;

  // Before the browser paints the new cards, start them transparent.
  useLayoutEffect(() => {
    if (filtered && canAnimate(list.current)) return animateOnce(list.current, { opacity: 0 }, fadeIn);
  }, [filter, filtered]);

  return (
    <>
      <Seo {...portfolioPage.seo} />
      <Section className="bg-gradient-to-b from-brand-50 to-white">
        <SectionHeading {...portfolioPage} as="h1" />
        <PortfolioFilters active={filter} onChange={setFilter} />
        {/* Keyed by filter: the new set of cards fades in, with no layout animation. */}
        <ul ref={list} key={filter} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-live="polite">
          {shown.map((project, index) => (
            <li key={project.id}>
              <ProjectCard project={project} priority={index === 0} />
            </li>
          ))}
        </ul>
      </Section>
      <Section className="pt-0 md:pt-0">
        <CtaPanel {...cta} />
      </Section>
    </>
  );
}
