import { ChevronLeft, ChevronRight, Download, Search } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/Button";
import { Seo } from "../../../components/ui/Seo";
import { toast } from "../../../components/ui/toast-store";
import { serviceOptions } from "../../../content/contact";
import { leadsCopy } from "../../../content/leads";
import { site } from "../../../content/site";
import { cn } from "../../../lib/cn";
import type { LeadStatus } from "../../../lib/database.types";
import { LEAD_STATUSES, listLeads, listLeadsForExport, noLeadFilters, SEARCH_MAX, type LeadFilters, type LeadPage } from "../data/leads";
import { getSupabase } from "../../../lib/supabase";
import { AdminPageHeader } from "../AdminPageHeader";
import { AdminDataView, EmptyState } from "../DataStates";
import { useAdminData } from "../use-admin-data";
import { ageOf, packageOf, receivedAt, serviceLabel, statusBadgeClasses, statusLabel } from "./lead-format";
import { LeadStats } from "./LeadStats";

const copy = leadsCopy.list;

/** The filters and page in the address, so a filtered view can be linked, reloaded and gone back to. */
export function readLeadQuery(params: URLSearchParams): { filters: LeadFilters; page: number } {
  const status = params.get("status") ?? "";
  const page = Number(params.get("page"));
  return {
    filters: {
      status: LEAD_STATUSES.includes(status as LeadStatus) ? (status as LeadStatus) : "",
      service: params.get("service") ?? "",
      source: params.get("source") ?? "",
      q: (params.get("q") ?? "").slice(0, SEARCH_MAX),
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function leadQuery(filters: LeadFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ["status", "service", "source", "q"] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (page > 1) params.set("page", String(page));
  return params;
}

const selectClasses =
  "mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-sm text-ink focus-ring";

function Filters({ filters, sources, onChange }: { filters: LeadFilters; sources: string[]; onChange: (filters: LeadFilters) => void }) {
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onChange({ ...filters, q });
  }

  const sourceChoices = filters.source && !sources.includes(filters.source) ? [...sources, filters.source] : sources;
  return (
    <form role="search" aria-label={copy.filtersLabel} onSubmit={submit} className="grid gap-3 rounded-card border border-slate-100 bg-white p-4 shadow-soft sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.6fr)]">
      <label className="text-sm font-semibold text-ink">
        {copy.status}
        <select className={selectClasses} value={filters.status} onChange={(event) => onChange({ ...filters, status: event.target.value as LeadStatus | "" })}>
          <option value="">{copy.any}</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-semibold text-ink">
        {copy.service}
        <select className={selectClasses} value={filters.service} onChange={(event) => onChange({ ...filters, service: event.target.value })}>
          <option value="">{copy.any}</option>
          {serviceOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          <option value="unspecified">{serviceLabel(null)}</option>
        </select>
      </label>
      <label className="text-sm font-semibold text-ink">
        {copy.source}
        <select className={selectClasses} value={filters.source} onChange={(event) => onChange({ ...filters, source: event.target.value })}>
          <option value="">{copy.any}</option>
          {sourceChoices.map((source) => (
            <option key={source} value={source}>
              {source}
            </option>
          ))}
        </select>
      </label>
      <div className="text-sm font-semibold text-ink sm:col-span-2 lg:col-span-1">
        <label htmlFor="leads-search">{copy.search}</label>
        <div className="mt-1 flex gap-2">
          <input
            id="leads-search"
            type="search"
            value={q}
            maxLength={SEARCH_MAX}
            onChange={(event) => setQ(event.target.value)}
            placeholder={copy.searchPlaceholder}
            className="block w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-sm font-normal text-ink focus-ring"
          />
          <Button type="submit" size="sm" className="shrink-0">
            <Search aria-hidden="true" className="h-4 w-4" />
            {copy.searchButton}
          </Button>
        </div>
      </div>
    </form>
  );
}

function LeadList({ page, query }: { page: LeadPage; query: string }) {
  const now = Date.now();
  return (
    <div className="overflow-hidden rounded-card border border-slate-100 bg-white shadow-soft">
      <div aria-hidden="true" className="hidden grid-cols-[1.4fr_1.1fr_1.2fr_1.2fr_0.8fr_0.8fr] gap-4 border-b border-slate-100 bg-slate-50 px-5 py-3 text-xs font-bold uppercase tracking-wide text-ink-muted lg:grid">
        <span>{copy.columns.name}</span>
        <span>{copy.columns.company}</span>
        <span>{copy.columns.service}</span>
        <span>{copy.columns.source}</span>
        <span>{copy.columns.status}</span>
        <span>{copy.columns.age}</span>
      </div>
      <ul className="divide-y divide-slate-100">
        {page.leads.map((lead) => {
          const pkg = packageOf(lead);
          return (
            <li key={lead.id} className="relative grid gap-1 px-4 py-4 hover:bg-brand-50/40 sm:px-5 lg:grid-cols-[1.4fr_1.1fr_1.2fr_1.2fr_0.8fr_0.8fr] lg:items-center lg:gap-4">
              <div className="min-w-0">
                <Link
                  to={`/admin/leads/${lead.id}${query ? `?from=${encodeURIComponent(query)}` : ""}`}
                  className="font-bold text-ink break-words after:absolute after:inset-0 hover:text-brand-700 focus-ring focus-visible:ring-inset after:focus-visible:ring-2 after:focus-visible:ring-inset after:focus-visible:ring-brand-500"
                >
                  {lead.full_name}
                </Link>
                <p className="truncate text-sm text-ink-muted">{lead.email}</p>
              </div>
              <p className="text-sm text-ink break-words">
                <span className="sr-only">{copy.columns.company}: </span>
                {lead.company_name || <span className="text-ink-soft">—</span>}
              </p>
              <p className="text-sm text-ink">
                <span className="sr-only">{copy.columns.service}: </span>
                {serviceLabel(lead.service)}
                {pkg ? <span className="text-ink-muted"> · {pkg}</span> : null}
              </p>
              <p className="text-sm text-ink break-words">
                <span className="sr-only">{copy.columns.source}: </span>
                <span className="font-semibold">{lead.source}</span>
                {lead.campaign ? <span className="text-ink-muted"> / {lead.campaign}</span> : null}
              </p>
              <p className="flex flex-wrap items-center gap-2 text-sm lg:block">
                <span className="sr-only">{copy.columns.status}: </span>
                <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", statusBadgeClasses[lead.status])}>{statusLabel(lead.status)}</span>
              </p>
              <p className="text-sm text-ink-muted">
                <span className="sr-only">{copy.columns.age}: </span>
                <time dateTime={lead.created_at} title={receivedAt(lead)}>
                  {ageOf(lead.created_at, now)}
                </time>
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** /admin/leads: the inbox, with its figures, filters, search, pages and the CSV export. */
export function LeadsPage() {
  // useLocation and useNavigate rather than useSearchParams: the router's search-params code would
  // otherwise join every public page's entry script.
  const { search } = useLocation();
  const navigate = useNavigate();
  const { filters, page } = readLeadQuery(new URLSearchParams(search));
  const queryKey = leadQuery(filters, page).toString();
  const leads = useAdminData(
    async () => {
      const { filters: current, page: currentPage } = readLeadQuery(new URLSearchParams(queryKey));
      return listLeads(await getSupabase(), current, currentPage);
    },
    [queryKey],
    (result) => result.total === 0,
  );
  const [sources, setSources] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);

  const onSources = useCallback((found: string[]) => setSources(found), []);

  function applyFilters(next: LeadFilters) {
    const query = leadQuery(next).toString();
    navigate(query ? `?${query}` : "/admin/leads");
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const [client, csv] = await Promise.all([getSupabase(), import("./leads-csv")]);
      const leads = await listLeadsForExport(client, filters);
      csv.downloadCsv(csv.leadsToCsv(leads), csv.csvFileName());
      toast({ ...copy.exported(leads.length), variant: "success" });
    } catch (error) {
      toast({ title: copy.exportFailed, description: error instanceof Error ? error.message : String(error), variant: "error" });
    } finally {
      setExporting(false);
    }
  }

  const filtered = Boolean(filters.status || filters.service || filters.source || filters.q);
  const listQuery = leadQuery(filters, page).toString();

  return (
    <div className="mx-auto max-w-6xl">
      <Seo title={`${copy.seoTitle} | ${site.name}`} description={site.defaultDescription} path="/admin/leads" noIndex />
      <AdminPageHeader
        title={copy.heading}
        intro={copy.intro}
        actions={
          <Button size="sm" variant="outline" onClick={exportCsv} disabled={exporting || leads.status !== "ready"}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {exporting ? copy.exporting : copy.export}
          </Button>
        }
      />

      <LeadStats onSources={onSources} onStatus={(status) => applyFilters({ ...noLeadFilters, status })} />

      <div className="mt-10 space-y-4">
        <Filters filters={filters} sources={sources} onChange={applyFilters} />
        <AdminDataView
          data={leads}
          loading={copy.loading}
          error={copy.error}
          empty={
            <EmptyState message={filtered ? copy.emptyFilter : copy.empty}>
              {filtered ? (
                <Link to="/admin/leads" className="mt-3 inline-block rounded font-semibold text-brand-700 hover:underline focus-ring">
                  {copy.clearFilters}
                </Link>
              ) : null}
            </EmptyState>
          }
        >
          {(found) => (
            <>
              <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink-muted" aria-live="polite">
                <span>{copy.total(found.total)}</span>
                {filtered ? (
                  <Link to="/admin/leads" className="rounded font-semibold text-brand-700 hover:underline focus-ring">
                    {copy.clearFilters}
                  </Link>
                ) : null}
              </p>
              <LeadList page={found} query={listQuery} />
              {found.pageCount > 1 ? (
                <nav aria-label={copy.pagination} className="flex items-center justify-between gap-3 pt-2">
                  {page > 1 ? (
                    <Link to={`?${leadQuery(filters, page - 1)}`} className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-brand-700 hover:bg-brand-50 focus-ring">
                      <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                      {copy.previous}
                    </Link>
                  ) : (
                    <span />
                  )}
                  <span className="text-sm text-ink-muted">{copy.pageOf(page, found.pageCount)}</span>
                  {page < found.pageCount ? (
                    <Link to={`?${leadQuery(filters, page + 1)}`} className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-brand-700 hover:bg-brand-50 focus-ring">
                      {copy.next}
                      <ChevronRight aria-hidden="true" className="h-4 w-4" />
                    </Link>
                  ) : (
                    <span />
                  )}
                </nav>
              ) : null}
            </>
          )}
        </AdminDataView>
      </div>
    </div>
  );
}
