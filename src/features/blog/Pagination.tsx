import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "../../components/ui/Link";
import { blogCopy } from "../../content/blog";
import { cn } from "../../lib/cn";

const copy = blogCopy.pagination;

/**
 * The page numbers to show around `current`: always the first and the last, two on each side of the
 * current one, and null where a run is left out ('...').
 */
export function pageWindow(current: number, count: number, spread = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= count; page += 1) {
    const near = Math.abs(page - current) <= spread;
    if (page === 1 || page === count || near) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

const itemClasses =
  "inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors focus-ring focus-visible:ring-offset-2";

/** Numbered links between the pages of a list: real links, so they work without JavaScript. */
export function Pagination({
  page,
  pageCount,
  href,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={copy.label} className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={cn(itemClasses, "gap-1 text-brand-700 hover:bg-brand-50")}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {copy.previous}
        </Link>
      ) : null}
      <ol className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pageCount).map((item, index) =>
          item === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-soft">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                aria-label={copy.pageLabel(item)}
                aria-current={item === page ? "page" : undefined}
                className={cn(itemClasses, item === page ? "bg-brand-700 text-white" : "text-ink hover:bg-brand-50")}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={cn(itemClasses, "gap-1 text-brand-700 hover:bg-brand-50")}>
          {copy.next}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : null}
    </nav>
  );
}
