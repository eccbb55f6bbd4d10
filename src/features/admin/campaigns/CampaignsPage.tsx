import { useState } from "react";
import { Seo } from "../../../components/ui/Seo";
import { conversionsCopy } from "../../../content/conversions";
import { site } from "../../../content/site";
import { AdminPageHeader } from "../AdminPageHeader";
import { AdminDataView, EmptyState } from "../DataStates";
import { ExportCsvButton } from "../ExportCsvButton";
import { periodDays, periodOf, type Period } from "../period/period";
import { PeriodForm } from "../period/PeriodForm";
import { CAMPAIGN_CSV_COLUMNS, campaignCsvRows } from "./campaign-report";
import { CampaignTable } from "./CampaignTable";
import { useCampaignReport } from "./queries";

const copy = conversionsCopy.campaigns;

/**
 * /admin/campaigns: each source, medium and campaign from visitors to won, with the conversion
 * events and response times of its leads, aggregated by the database.
 */
export function CampaignsPage() {
  const [period, setPeriod] = useState<Period>(() => periodOf("30", "", "")!);
  const report = useCampaignReport(period);
  const rows = report.isError ? undefined : report.data?.rows;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Seo
        title={`${copy.seoTitle} | ${site.name}`}
        description={site.defaultDescription}
        path="/admin/campaigns"
        noIndex
      />
      <AdminPageHeader
        title={copy.heading}
        intro={copy.intro}
        actions={
          <ExportCsvButton
            label={copy.export}
            disabled={!rows || rows.length === 0}
            file={() => {
              const { first, last } = periodDays(period);
              return {
                name: `campaigns-${first}-to-${last}.csv`,
                columns: CAMPAIGN_CSV_COLUMNS,
                rows: campaignCsvRows(rows ?? []),
              };
            }}
            saved={() => ({ title: copy.exported })}
          />
        }
      />

      <PeriodForm onPeriod={setPeriod} />

      <AdminDataView
        query={report}
        loading={copy.loading}
        error={copy.error}
        isEmpty={(data) => data.rows.length === 0}
        empty={<EmptyState message={copy.empty} />}
      >
        {(data) => (
          // Focusable, so the table can be scrolled sideways with the keyboard on a phone.
          <section
            aria-label={copy.reportLabel}
            tabIndex={0}
            className="overflow-x-auto rounded-card border border-slate-100 bg-white p-5 shadow-soft focus-ring"
          >
            <CampaignTable report={data} period={period} />
          </section>
        )}
      </AdminDataView>
    </div>
  );
}
