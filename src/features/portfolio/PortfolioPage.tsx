import { m } from "framer-motion";
import { useState } from "react";
import { Section, SectionHeading } from "../../components/ui/Section";
import { Seo } from "../../components/ui/Seo";
import { portfolioPage, portfolioProjects, type PortfolioFilter } from "../../content/portfolio";
import { CtaPanel } from "./CtaPanel";
import { PortfolioFilters } from "./PortfolioFilters";
import { ProjectCard } from "./ProjectCard";
import { MotionScope } from "../../components/ui/MotionScope";

export default function PortfolioPage() {
  const [filter, setFilter] = useState<PortfolioFilter>("all");
  const shown =
    filter === "all" ? portfolioProjects : portfolioProjects.filter((project) => project.category === filter);
  const { cta } = portfolioPage;

  return (
    <MotionScope>
      <Seo {...portfolioPage.seo} />
      <Section className="bg-gradient-to-b from-brand-50 to-white">
        <SectionHeading {...portfolioPage} as="h1" />
        <PortfolioFilters active={filter} onChange={setFilter} />
        {/* Keyed by filter: the new set of cards fades in, with no layout animation. */}
        <m.ul
          key={filter}
          initial={filter === "all" ? false : { opacity: 0 }}
          animate={{ opacity: 1 }}
          transition={{ duration: 0.3 }}
          className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          aria-live="polite"
        >
          {shown.map((project, index) => (
            <li key={project.id}>
              <ProjectCard project={project} priority={index === 0} />
            </li>
          ))}
        </m.ul>
      </Section>
      <Section className="pt-0 md:pt-0">
        <CtaPanel {...cta} />
      </Section>
    </MotionScope>
  );
}
