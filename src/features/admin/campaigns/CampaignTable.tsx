import { conversionsCopy } from "../../../content/conversions";
import { cn } from "../../../lib/cn";
import { formatMoney } from "../../../lib/money";
import { medianText } from "../leads/response-time";
import { periodDays, type Period } from "../period/period";
import { acceptedRate, funnelRates, totalsOf, type CampaignFigures } from "./campaign-report";
import type { CampaignReport } from "./queries";
import { ReportTable, rowName } from "./ReportTable";

const copy = conversionsCopy.campaigns;
const { columns } = copy;
const cell = "py-2 pr-4 align-top tabular-nums";
const count = (value: number) => value.toLocaleString("en-US");

/** The funnel's steps after visitors: each a count with, under it, its share of the step before. */
const STEPS = [
  { column: columns.intake, count: "intake_clicks", rate: "intake" },
  { column: columns.leads, count: "leads", rate: "lead" },
  { column: columns.calls, count: "calls_booked", rate: "calls" },
  { column: columns.qualified, count: "qualified", rate: "qualified" },
  { column: columns.won, count: "won", rate: "won" },
] as const;

const rateNote = "block text-xs font-normal text-ink-muted";

/** The figures of a line (or of the totals) after its source, medium and campaign. */
function Figures({ row, medianSeconds }: { row: CampaignFigures; medianSeconds: number | null }) {
  const rates = funnelRates(row);
  return (
    <>
      <td className={cell}>{count(row.visitors)}</td>
      {STEPS.map((step) => (
        <td key={step.count} className={cell}>
          {count(row[step.count])} <span className={rateNote}>{rates[step.rate]}</span>
        </td>
      ))}
      <td className={cell}>{count(row.proposals_sent)}</td>
      <td className={cell}>
        {count(row.proposals_accepted)} <span className={rateNote}>{acceptedRate(row)}</span>
      </td>
      {/* Each currency on a line of its own: naira and dollars are never added together. */}
      <td className={cn(cell, "whitespace-nowrap")}>
        {row.revenue.length
          ? row.revenue.map((amount) => (
              <span key={amount.currency} className="block">
                {formatMoney(amount.minor, amount.currency)}
              </span>
            ))
          : copy.noRevenue}
      </td>
      <td className={cell}>{medianText(medianSeconds)}</td>
      <td className={cell}>{count(row.events_delivered)}</td>
      <td className={cell}>{count(row.events_failed)}</td>
    </>
  );
}

/**
 * The report: a row per source, medium and campaign, from visitors to won with each step's rate,
 * the proposals sent and accepted, the revenue collected per currency, the median response and the
 * conversion events, and the period's totals (the total's median response is that of all the
 * period's leads; its revenue is each currency's sum).
 */
export function CampaignTable({
  report: { rows, medianResponseSeconds },
  period,
}: {
  report: CampaignReport;
  period: Period;
}) {
  const { first, last } = periodDays(period);
  return (
    <ReportTable
      caption={copy.caption(first, last)}
      columns={Object.values(columns)}
      totalLabel={copy.total}
      totals={
        <>
          <td colSpan={2} />
          <Figures row={totalsOf(rows)} medianSeconds={medianResponseSeconds} />
        </>
      }
    >
      {rows.map((row) => (
        <tr key={`${row.source}\n${row.medium}\n${row.campaign}`} className="border-b border-slate-100">
          <th scope="row" className={rowName}>
            {row.source}
          </th>
          <td className="py-2 pr-4 align-top break-words">{row.medium}</td>
          <td className="py-2 pr-4 align-top break-words">{row.campaign}</td>
          <Figures row={row} medianSeconds={row.median_response_seconds} />
        </tr>
      ))}
    </ReportTable>
  );
}
