import { conversionsCopy } from "../../../content/conversions";
import { PeriodReportPage } from "../period/PeriodReportPage";
import { CAMPAIGN_CSV_COLUMNS, campaignCsvRows } from "./campaign-report";
import { CampaignTable } from "./CampaignTable";
import { useCampaignReport } from "./queries";

const copy = conversionsCopy.campaigns;

/**
 * /admin/campaigns: each source, medium and campaign from visitors to won, with the proposals,
 * revenue collected per currency, conversion events and response times of its leads, aggregated by
 * the database.
 */
export function CampaignsPage() {
  return (
    <PeriodReportPage
      path="/admin/campaigns"
      name="campaigns"
      copy={copy}
      useReport={useCampaignReport}
      isEmpty={(report) => report.rows.length === 0}
      csv={{ columns: CAMPAIGN_CSV_COLUMNS, rows: (report) => campaignCsvRows(report.rows) }}
    >
      {(report, period) => (
        // Focusable, so the table can be scrolled sideways with the keyboard on a phone.
        <section
          aria-label={copy.reportLabel}
          tabIndex={0}
          className="overflow-x-auto rounded-card border border-slate-100 bg-white p-5 shadow-soft focus-ring"
        >
          <CampaignTable report={report} period={period} />
        </section>
      )}
    </PeriodReportPage>
  );
}
