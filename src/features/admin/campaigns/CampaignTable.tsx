import { conversionsCopy } from "../../../content/conversions";
import { medianText } from "../leads/response-time";
import { lagosDay, qualifiedRate, totalsOf } from "./campaign-report";
import type { CampaignReport, Period } from "./queries";

const copy = conversionsCopy.campaigns;
const cell = "py-2 pr-4 tabular-nums";

/**
 * The report: a row per source, medium and campaign, with the period's totals (the total's median
 * response is that of all the period's leads).
 */
export function CampaignTable({
  report: { rows, medianResponseSeconds },
  period: { from, to },
}: {
  report: CampaignReport;
  period: Period;
}) {
  const totals = totalsOf(rows);
  return (
    <table className="w-full min-w-[54rem] text-left text-sm">
      <caption className="sr-only">{copy.caption(lagosDay(from), lagosDay(new Date(to.getTime() - 1)))}</caption>
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
        {rows.map((row) => (
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
            <td className={cell}>{medianText(row.median_response_seconds)}</td>
          </tr>
        ))}
      </tbody>
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
          <td className={cell}>{medianText(medianResponseSeconds)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
