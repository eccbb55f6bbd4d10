import { lazy, Suspense } from "react";
import { adSpendCopy } from "../../../content/ad-spend";
import { cn } from "../../../lib/cn";
import type { AdCampaignLine } from "../data/ad-spend";
import { ExportCsvButton } from "../ExportCsvButton";
import { periodDays, periodFileName, type Period } from "../period/period";
import {
  AD_SPEND_CSV_COLUMNS,
  adSpendCsvRows,
  adTotals,
  amountText,
  ratesText,
  roasText,
  spendAsOfNotes,
  type AdFigures,
} from "./ad-spend-report";
import { CampaignsPanel } from "./CampaignsPanel";
import type { CampaignReport } from "./queries";
import { ReportTable, rowName } from "./ReportTable";

const SpendChart = lazy(() => import("./SpendChart"));
const copy = adSpendCopy;
const { columns } = copy;
const cell = "py-2 pr-4 align-top tabular-nums whitespace-nowrap";
const note = "block text-xs font-normal text-ink-muted whitespace-normal";
const count = (value: number) => value.toLocaleString("en-US");

/** The figures of a line, or of the totals, after its name and platform. */
function Figures({ row, line }: { row: AdFigures; line?: AdCampaignLine }) {
  const rates = line ? ratesText(line) : null;
  const accountSpend =
    line?.spend_currency && line.spend_account_minor !== null && line.rates.length
      ? copy.accountSpend(amountText(line.spend_account_minor, line.spend_currency))
      : null;
  return (
    <>
      <td className={cell}>
        {amountText(row.spend_minor)}
        {accountSpend ? <span className={note}>{accountSpend}</span> : null}
        {rates ? <span className={note}>{copy.ratesUsed(rates)}</span> : null}
        {line?.missing_rates.length ? (
          <span className={cn(note, "text-amber-800")}>{copy.missingRates(line.missing_rates.join(", "))}</span>
        ) : null}
      </td>
      <td className={cell}>{count(row.clicks)}</td>
      <td className={cell}>{count(row.visitors)}</td>
      <td className={cell}>{count(row.leads)}</td>
      <td className={cell}>{amountText(row.cost_per_lead_minor)}</td>
      <td className={cell}>{count(row.calls_booked)}</td>
      <td className={cell}>{amountText(row.cost_per_call_minor)}</td>
      <td className={cell}>{count(row.clients_won)}</td>
      <td className={cell}>{amountText(row.cost_per_client_minor)}</td>
      <td className={cell}>{amountText(row.revenue_minor)}</td>
      <td className={cell}>{roasText(row.roas)}</td>
    </>
  );
}

/**
 * The Campaigns page's ad spend: each ad campaign's spend, clicks, visitors, leads, calls, clients
 * and revenue with what each cost and the return on ad spend, the period's totals, a note for each
 * platform whose latest import failed ("spend as of"), spend against revenue by week, and the CSV.
 */
export function AdSpendSection({ ads, period }: { ads: CampaignReport["ads"]; period: Period }) {
  const { first, last } = periodDays(period);
  const notes = spendAsOfNotes(ads.imports);
  return (
    <CampaignsPanel
      id="ad-spend"
      heading={copy.heading}
      intro={copy.intro}
      action={
        <ExportCsvButton
          label={copy.export}
          disabled={ads.lines.length === 0}
          file={() => ({
            name: periodFileName("ad-spend", period),
            columns: AD_SPEND_CSV_COLUMNS,
            rows: adSpendCsvRows(ads.lines),
          })}
          saved={() => ({ title: copy.exported })}
        />
      }
    >
      {notes.map((text) => (
        <p
          key={text}
          role="status"
          className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {text}
        </p>
      ))}

      {ads.lines.length === 0 ? (
        <p className="text-sm text-ink-muted">{copy.empty}</p>
      ) : (
        // Focusable, so the table can be scrolled sideways with the keyboard on a phone.
        <div role="region" aria-label={copy.reportLabel} tabIndex={0} className="overflow-x-auto focus-ring">
          <ReportTable
            caption={copy.caption(first, last)}
            columns={Object.values(columns)}
            totalLabel={copy.total}
            totals={
              <>
                <td />
                <Figures row={adTotals(ads.lines)} />
              </>
            }
          >
            {ads.lines.map((line) => (
              <tr key={line.campaign_id ?? `name:${line.campaign_name}`} className="border-b border-slate-100">
                <th scope="row" className={rowName}>
                  {line.campaign_name}
                  {line.campaign_id ? <span className={note}>{line.campaign_id}</span> : null}
                </th>
                <td className="py-2 pr-4 align-top">
                  {line.platform ? copy.platforms[line.platform] : copy.noPlatform}
                </td>
                <Figures row={line} line={line} />
              </tr>
            ))}
          </ReportTable>
        </div>
      )}

      <div>
        <h3 className="text-base font-semibold text-ink">{copy.chart.heading}</h3>
        <Suspense fallback={<div className="mt-4 h-64 animate-pulse rounded-xl bg-slate-100" />}>
          <SpendChart weeks={ads.weeks} label={copy.chart.label(first, last)} />
        </Suspense>
        <table className="mt-3 w-full max-w-xl text-left text-sm">
          <caption className="sr-only">{copy.chart.heading}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-ink-muted">
              <th scope="col" className="py-1 pr-4 font-semibold">
                {copy.chart.weekColumn}
              </th>
              <th scope="col" className="py-1 pr-4 font-semibold">
                {copy.chart.spend}
              </th>
              <th scope="col" className="py-1 pr-4 font-semibold">
                {copy.chart.revenue}
              </th>
            </tr>
          </thead>
          <tbody>
            {ads.weeks.map((week) => (
              <tr key={week.week} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {copy.chart.week(week.week)}
                </th>
                <td className={cell}>{amountText(week.spend_minor)}</td>
                <td className={cell}>{amountText(week.revenue_minor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </CampaignsPanel>
  );
}
