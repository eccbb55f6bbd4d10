import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "../../../components/ui/Link";
import { leadsCopy } from "../../../content/leads";
import type { LeadFilters } from "../data/leads";
import { leadQuery } from "./lead-query";

const copy = leadsCopy.list;
const linkClasses =
  "inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-brand-700 hover:bg-brand-50 focus-ring";

/** Previous and Next around 'Page n of m', for a filtered view that has more than one page. */
export function LeadPagination({
  filters,
  page,
  pageCount,
}: {
  filters: LeadFilters;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={copy.pagination} className="flex items-center justify-between gap-3 pt-2">
      {page > 1 ? (
        <Link to={`?${leadQuery(filters, page - 1)}`} className={linkClasses}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {copy.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-ink-muted">{copy.pageOf(page, pageCount)}</span>
      {page < pageCount ? (
        <Link to={`?${leadQuery(filters, page + 1)}`} className={linkClasses}>
          {copy.next}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
