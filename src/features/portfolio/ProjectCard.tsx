import { ArrowRight, Clock } from "lucide-react";
import { Link } from "../../components/ui/Link";
import { toast } from "../../components/ui/toast-store";
import { PORTFOLIO_IMAGE, portfolioPage, type PortfolioProject } from "../../content/portfolio";

const actionClasses =
  "inline-flex items-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-brand-800 shadow-soft transition-colors hover:bg-accent-300 focus-ring focus-visible:ring-offset-2 focus-visible:ring-offset-brand-950";

/**
 * A project over its mock-up; the title and text sit on a dark gradient for contrast. The first card's
 * mock-up is in view on every screen and is the page's largest paint on a phone: it is fetched with
 * the page (eager, high priority) rather than once layout finds it in view.
 */
export function ProjectCard({ project, priority = false }: { project: PortfolioProject; priority?: boolean }) {
  const titleId = `project-${project.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="group relative isolate flex h-full flex-col overflow-hidden rounded-card bg-brand-950 shadow-soft"
    >
      <div className="relative -z-10 aspect-[10/7] overflow-hidden">
        <img
          src={project.bgImage}
          alt={project.alt}
          width={PORTFOLIO_IMAGE.width}
          height={PORTFOLIO_IMAGE.height}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
        <div
          aria-hidden="true"
          className="absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-brand-950 to-brand-950/0"
        />
      </div>
      <div className="flex flex-1 flex-col p-6 pt-2">
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent-300">
          {portfolioPage.categoryLabels[project.category]}
        </p>
        <h2 id={titleId} className="mt-2 text-xl font-bold text-white">
          {project.title}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-brand-100">{project.description}</p>
        <div className="mt-auto pt-5">
          {project.link ? (
            <Link
              to={project.link}
              className={actionClasses}
              aria-label={`${portfolioPage.viewProject}: ${project.title}`}
            >
              {portfolioPage.viewProject}
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          ) : (
            <button
              type="button"
              className={actionClasses}
              aria-label={`${portfolioPage.viewProject}: ${project.title}`}
              onClick={() => toast(portfolioPage.comingSoonToast)}
            >
              {portfolioPage.viewProject}
              <Clock aria-hidden="true" className="h-4 w-4" />
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
