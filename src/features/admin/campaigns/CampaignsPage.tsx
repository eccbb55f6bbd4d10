import { conversionsCopy } from "../../../content/conversions";
import { useMember } from "../member";
import { PeriodReportPage } from "../period/PeriodReportPage";
import { AdSpendSection } from "./AdSpendSection";
import { CAMPAIGN_CSV_COLUMNS, campaignCsvRows } from "./campaign-report";
import { CampaignTable } from "./CampaignTable";
import { ExchangeRates } from "./ExchangeRates";
import { useCampaignReport } from "./queries";

const copy = conversionsCopy.campaigns;

/**
 * /admin/campaigns: each source, medium and campaign from visitors to won, with the proposals,
 * revenue collected per currency, conversion events and response times of its leads, aggregated by
 * the database; then each ad campaign's spend against what it brought back, and (for those who manage
 * the team) the exchange rates that spend is converted with.
 */
export function CampaignsPage() {
  const { can } = useMember();
  return (
    <PeriodReportPage
      path="/admin/campaigns"
      name="campaigns"
      copy={copy}
      useReport={useCampaignReport}
      // A campaign with spend and no visit yet is still worth showing.
      isEmpty={(report) => report.rows.length === 0 && report.ads.lines.length === 0}
      csv={{ columns: CAMPAIGN_CSV_COLUMNS, rows: (report) => campaignCsvRows(report.rows) }}
      after={can.manages_team ? <ExchangeRates /> : null}
    >
      {(report, period) => (
        <>
          {report.rows.length > 0 ? (
            // Focusable, so the table can be scrolled sideways with the keyboard on a phone.
            <section
              aria-label={copy.reportLabel}
              tabIndex={0}
              className="overflow-x-auto rounded-card border border-slate-100 bg-white p-5 shadow-soft focus-ring"
            >
              <CampaignTable report={report} period={period} />
            </section>
          ) : null}
          <AdSpendSection ads={report.ads} period={period} />
        </>
      )}
    </PeriodReportPage>
  );
}
