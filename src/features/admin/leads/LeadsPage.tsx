import { useLocation, useNavigate } from "react-router-dom";
import { Link } from "../../../components/ui/Link";
import { assignmentCopy } from "../../../content/assignment";
import { leadsCopy } from "../../../content/leads";
import { useAuth } from "../../auth";
import { listLeadsForExport, noLeadFilters, type LeadFilters } from "../data/leads";
import { AdminScreenHeader } from "../AdminPageHeader";
import { AdminDataView, EmptyState } from "../DataStates";
import { ExportCsvButton } from "../ExportCsvButton";
import { useTeamNames } from "../people/queries";
import { useSupabase } from "../supabase-context";
import { CSV_COLUMNS, csvFileName, leadCsvRows } from "./leads-csv";
import { leadQuery, readLeadQuery } from "./lead-query";
import { LeadFilterForm } from "./LeadFilterForm";
import { LeadList } from "./LeadList";
import { LeadPagination } from "./LeadPagination";
import { LeadStats } from "./LeadStats";
import { MineFilter } from "./MineFilter";
import { useLeadList, useLeadStats } from "./queries";

const copy = leadsCopy.list;

const clearLink = "rounded font-semibold text-brand-700 hover:underline focus-ring";

/** /admin/leads: the inbox, with its figures, filters, search, pages and the CSV export. */
export function LeadsPage() {
  // useLocation and useNavigate rather than useSearchParams: the router's search-params code would
  // otherwise join every public page's entry script.
  const { search } = useLocation();
  const navigate = useNavigate();
  const { filters, page } = readLeadQuery(new URLSearchParams(search));
  const leads = useLeadList(filters, page);
  // The same query as the figures below (one request): its sources fill the source filter.
  const sources = useLeadStats().data?.sources ?? [];
  const supabase = useSupabase();
  const me = useAuth().user?.id ?? null;
  const team = useTeamNames();

  function applyFilters(next: LeadFilters) {
    const query = leadQuery(next).toString();
    navigate(query ? `?${query}` : "/admin/leads");
  }

  const filtered = Boolean(filters.status || filters.service || filters.source || filters.q || filters.mine);
  const listQuery = leadQuery(filters, page).toString();
  const hasLeads = !leads.isError && (leads.data?.total ?? 0) > 0;

  return (
    <div className="mx-auto max-w-6xl">
      <AdminScreenHeader
        path="/admin/leads"
        copy={copy}
        actions={
          <ExportCsvButton
            label={copy.export}
            busyLabel={copy.exporting}
            disabled={!hasLeads}
            file={async () => ({
              name: csvFileName(),
              columns: CSV_COLUMNS,
              rows: leadCsvRows(await listLeadsForExport(await supabase(), filters, me)),
            })}
            saved={copy.exported}
            failed={copy.exportFailed}
          />
        }
      />

      <LeadStats onStatus={(status) => applyFilters({ ...noLeadFilters, status })} />

      <div className="mt-10 space-y-4">
        <MineFilter mine={filters.mine} onChange={(mine) => applyFilters({ ...filters, mine })} />
        <LeadFilterForm filters={filters} sources={sources} onChange={applyFilters} />
        <AdminDataView
          query={leads}
          loading={copy.loading}
          error={copy.error}
          isEmpty={(found) => found.total === 0}
          empty={
            <EmptyState message={filters.mine ? assignmentCopy.emptyMine : filtered ? copy.emptyFilter : copy.empty}>
              {filtered ? (
                <Link to="/admin/leads" className={`mt-3 inline-block ${clearLink}`}>
                  {copy.clearFilters}
                </Link>
              ) : null}
            </EmptyState>
          }
        >
          {(found) => (
            <>
              <p
                className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink-muted"
                aria-live="polite"
              >
                <span>{copy.total(found.total)}</span>
                {filtered ? (
                  <Link to="/admin/leads" className={clearLink}>
                    {copy.clearFilters}
                  </Link>
                ) : null}
              </p>
              <LeadList page={found} query={listQuery} name={team.name} />
              <LeadPagination filters={filters} page={page} pageCount={found.pageCount} />
            </>
          )}
        </AdminDataView>
      </div>
    </div>
  );
}
