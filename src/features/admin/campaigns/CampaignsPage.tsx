import { Download } from "lucide-react";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { Seo } from "../../../components/ui/Seo";
import { toast } from "../../../components/ui/toast-store";
import { conversionsCopy } from "../../../content/conversions";
import { site } from "../../../content/site";
import { getCampaignReport } from "../data/conversions";
import type { CampaignReportRow } from "../../../lib/database.types";
import { getSupabase } from "../../../lib/supabase";
import { CAMPAIGN_CSV_COLUMNS, campaignCsvRows, lagosDay, periodOf, qualifiedRate, totalsOf, type PeriodChoice } from "./campaign-report";

const copy = conversionsCopy.campaigns;
type State = { status: "loading" } | { status: "error" } | { status: "ready"; rows: CampaignReportRow[]; from: Date; to: Date };

const cell = "py-2 pr-4 tabular-nums";
const input = "mt-1 rounded-xl border border-slate-300 px-3 py-2 focus-ring";

/** /admin/campaigns: leads and their outcomes by source, medium and campaign, aggregated by the database. */
export function CampaignsPage() {
  const ids = { period: useId(), from: useId(), to: useId() };
  const [choice, setChoice] = useState<PeriodChoice>("30");
  const [fromDay, setFromDay] = useState(() => lagosDay(new Date(Date.now() - 30 * 86_400_000)));
  const [toDay, setToDay] = useState(() => lagosDay(new Date()));
  const [rangeError, setRangeError] = useState("");
  const [state, setState] = useState<State>({ status: "loading" });

  const load = useCallback(async (period: { from: Date; to: Date }) => {
    setState({ status: "loading" });
    try {
      const rows = await getCampaignReport(await getSupabase(), period.from, period.to);
      setState({ status: "ready", rows, ...period });
    } catch (error) {
      console.error("Could not load the campaign report", error);
      setState({ status: "error" });
    }
  }, []);

  useEffect(() => {
    if (choice !== "custom") void load(periodOf(choice, "", "")!);
  }, [choice, load]);

  function showRange(event: FormEvent) {
    event.preventDefault();
    const period = periodOf("custom", fromDay, toDay);
    setRangeError(period ? "" : copy.badRange);
    if (period) void load(period);
  }

  async function exportCsv() {
    if (state.status !== "ready") return;
    const csv = await import("../leads/leads-csv");
    csv.downloadCsv(csv.toCsv(CAMPAIGN_CSV_COLUMNS, campaignCsvRows(state.rows)), `campaigns-${lagosDay(state.from)}-to-${lagosDay(new Date(state.to.getTime() - 1))}.csv`);
    toast({ title: copy.exported, variant: "success" });
  }

  const totals = state.status === "ready" ? totalsOf(state.rows) : null;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Seo title={`${copy.seoTitle} | ${site.name}`} description={site.defaultDescription} path="/admin/campaigns" noIndex />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{copy.heading}</h1>
          <p className="mt-1 max-w-2xl text-ink-muted">{copy.intro}</p>
        </div>
        <Button size="sm" variant="outline" onClick={exportCsv} disabled={state.status !== "ready" || state.rows.length === 0}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {copy.export}
        </Button>
      </div>

      <form onSubmit={showRange} className="flex flex-wrap items-end gap-4 rounded-card border border-slate-100 bg-white p-4 shadow-soft">
        <div>
          <label htmlFor={ids.period} className="block text-sm font-semibold text-ink">
            {copy.period}
          </label>
          <select id={ids.period} value={choice} onChange={(event) => setChoice(event.target.value as PeriodChoice)} className={input}>
            <option value="30">{copy.last30}</option>
            <option value="90">{copy.last90}</option>
            <option value="custom">{copy.custom}</option>
          </select>
        </div>
        {choice === "custom" ? (
          <>
            <div>
              <label htmlFor={ids.from} className="block text-sm font-semibold text-ink">
                {copy.from}
              </label>
              <input id={ids.from} type="date" required value={fromDay} onChange={(event) => setFromDay(event.target.value)} className={input} />
            </div>
            <div>
              <label htmlFor={ids.to} className="block text-sm font-semibold text-ink">
                {copy.to}
              </label>
              <input id={ids.to} type="date" required value={toDay} onChange={(event) => setToDay(event.target.value)} className={input} />
            </div>
            <Button type="submit" size="sm">
              {copy.show}
            </Button>
            {rangeError ? (
              <p role="alert" className="w-full text-sm font-medium text-red-700">
                {rangeError}
              </p>
            ) : null}
          </>
        ) : null}
      </form>

      {/* Focusable, so the table can be scrolled sideways with the keyboard on a phone. */}
      <section aria-label={copy.reportLabel} tabIndex={0} className="overflow-x-auto rounded-card border border-slate-100 bg-white p-5 shadow-soft focus-ring">
        {state.status === "loading" ? (
          <p role="status" className="text-ink-muted">
            {copy.loading}
          </p>
        ) : state.status === "error" ? (
          <p role="alert" className="text-red-700">
            {copy.error}
          </p>
        ) : state.rows.length === 0 ? (
          <p className="text-ink-muted">{copy.empty}</p>
        ) : (
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">{copy.caption(lagosDay(state.from), lagosDay(new Date(state.to.getTime() - 1)))}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-ink-muted">
                {Object.values(copy.columns).map((label) => (
                  <th key={label} scope="col" className="py-2 pr-4 font-semibold">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.rows.map((row) => (
                <tr key={`${row.source}\n${row.medium}\n${row.campaign}`} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-4 font-semibold text-ink break-words">
                    {row.source}
                  </th>
                  <td className="py-2 pr-4 break-words">{row.medium}</td>
                  <td className="py-2 pr-4 break-words">{row.campaign}</td>
                  <td className={cell}>{row.leads}</td>
                  <td className={cell}>{row.qualified}</td>
                  <td className={cell}>{row.won}</td>
                  <td className={cell}>{qualifiedRate(row)}</td>
                  <td className={cell}>{row.events_delivered}</td>
                  <td className={cell}>{row.events_failed}</td>
                </tr>
              ))}
            </tbody>
            {totals ? (
              <tfoot>
                <tr className="font-semibold text-ink">
                  <th scope="row" colSpan={3} className="py-2 pr-4">
                    {copy.total}
                  </th>
                  <td className={cell}>{totals.leads}</td>
                  <td className={cell}>{totals.qualified}</td>
                  <td className={cell}>{totals.won}</td>
                  <td className={cell}>{qualifiedRate(totals)}</td>
                  <td className={cell}>{totals.events_delivered}</td>
                  <td className={cell}>{totals.events_failed}</td>
                </tr>
              </tfoot>
            ) : null}
          </table>
        )}
      </section>
    </div>
  );
}
