import { portfolioFilters, portfolioPage, type PortfolioFilter } from "../../content/portfolio";
import { cn } from "../../lib/cn";

/** Toggle buttons for the category filter; the pressed one is the current filter. */
export function PortfolioFilters({
  active,
  onChange,
}: {
  active: PortfolioFilter;
  onChange: (filter: PortfolioFilter) => void;
}) {
  return (
    <div
      role="group"
      aria-label={portfolioPage.filterLabel}
      className="mb-10 flex flex-wrap justify-center gap-2 sm:gap-3"
    >
      {portfolioFilters.map((filter) => {
        const pressed = filter.id === active;
        return (
          <button
            key={filter.id}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(filter.id)}
            className={cn(
              "rounded-full border px-4 py-2.5 text-sm font-semibold transition-colors focus-ring focus-visible:ring-offset-2 sm:px-5",
              pressed
                ? "border-brand-700 bg-brand-700 text-white shadow-soft"
                : "border-slate-200 bg-white text-ink-muted hover:border-brand-300 hover:text-brand-800",
            )}
          >
            {filter.label}
          </button>
        );
      })}
    </div>
  );
}
