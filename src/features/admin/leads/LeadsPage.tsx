import { Download } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/Button";
import { Seo } from "../../../components/ui/Seo";
import { toast } from "../../../components/ui/toast-store";
import { leadsCopy } from "../../../content/leads";
import { site } from "../../../content/site";
import { getSupabase } from "../../../lib/supabase";
import { listLeadsForExport, noLeadFilters, type LeadFilters } from "../data/leads";
import { AdminPageHeader } from "../AdminPageHeader";
import { AdminDataView, EmptyState } from "../DataStates";
import { errorMessage } from "../error-message";
import { leadQuery, readLeadQuery } from "./lead-query";
import { LeadFilterForm } from "./LeadFilterForm";
import { LeadList } from "./LeadList";
import { LeadPagination } from "./LeadPagination";
import { LeadStats } from "./LeadStats";
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
  const [exporting, setExporting] = useState(false);

  function applyFilters(next: LeadFilters) {
    const query = leadQuery(next).toString();
    navigate(query ? `?${query}` : "/admin/leads");
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const [client, csv] = await Promise.all([getSupabase(), import("./leads-csv")]);
      const rows = await listLeadsForExport(client, filters);
      csv.downloadCsv(csv.leadsToCsv(rows), csv.csvFileName());
      toast({ ...copy.exported(rows.length), variant: "success" });
    } catch (error) {
      toast({ title: copy.exportFailed, description: errorMessage(error), variant: "error" });
    } finally {
      setExporting(false);
    }
  }

  const filtered = Boolean(filters.status || filters.service || filters.source || filters.q);
  const listQuery = leadQuery(filters, page).toString();
  const hasLeads = !leads.isError && (leads.data?.total ?? 0) > 0;

  return (
    <div className="mx-auto max-w-6xl">
      <Seo
        title={`${copy.seoTitle} | ${site.name}`}
        description={site.defaultDescription}
        path="/admin/leads"
        noIndex
      />
      <AdminPageHeader
        title={copy.heading}
        intro={copy.intro}
        actions={
          <Button size="sm" variant="outline" onClick={exportCsv} disabled={exporting || !hasLeads}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {exporting ? copy.exporting : copy.export}
          </Button>
        }
      />

      <LeadStats onStatus={(status) => applyFilters({ ...noLeadFilters, status })} />

      <div className="mt-10 space-y-4">
        <LeadFilterForm filters={filters} sources={sources} onChange={applyFilters} />
        <AdminDataView
          query={leads}
          loading={copy.loading}
          error={copy.error}
          isEmpty={(found) => found.total === 0}
          empty={
            <EmptyState message={filtered ? copy.emptyFilter : copy.empty}>
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
              <LeadList page={found} query={listQuery} />
              <LeadPagination filters={filters} page={page} pageCount={found.pageCount} />
            </>
          )}
        </AdminDataView>
      </div>
    </div>
  );
}
