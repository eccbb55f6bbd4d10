import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/Button";
import { Seo } from "../../../components/ui/Seo";
import { toast } from "../../../components/ui/toast-store";
import { conversionsCopy } from "../../../content/conversions";
import { site } from "../../../content/site";
import { CAMPAIGN_CSV_COLUMNS, campaignCsvRows, lagosDay, periodOf } from "./campaign-report";
import { CampaignTable } from "./CampaignTable";
import { PeriodForm } from "./PeriodForm";
import { useCampaignReport, type Period } from "./queries";

const copy = conversionsCopy.campaigns;

/** /admin/campaigns: leads and their outcomes by source, medium and campaign, aggregated by the database. */
export function CampaignsPage() {
  const [period, setPeriod] = useState<Period>(() => periodOf("30", "", "")!);
  const report = useCampaignReport(period);
  const data = report.isError ? undefined : report.data;
  const rows = data?.rows;

  async function exportCsv() {
    if (!rows) return;
    const csv = await import("../leads/leads-csv");
    csv.downloadCsv(
      csv.toCsv(CAMPAIGN_CSV_COLUMNS, campaignCsvRows(rows)),
      `campaigns-${lagosDay(period.from)}-to-${lagosDay(new Date(period.to.getTime() - 1))}.csv`,
    );
    toast({ title: copy.exported, variant: "success" });
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Seo
        title={`${copy.seoTitle} | ${site.name}`}
        description={site.defaultDescription}
        path="/admin/campaigns"
        noIndex
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{copy.heading}</h1>
          <p className="mt-1 max-w-2xl text-ink-muted">{copy.intro}</p>
        </div>
        <Button size="sm" variant="outline" onClick={exportCsv} disabled={!rows || rows.length === 0}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {copy.export}
        </Button>
      </div>

      <PeriodForm onPeriod={setPeriod} />

      {/* Focusable, so the table can be scrolled sideways with the keyboard on a phone. */}
      <section
        aria-label={copy.reportLabel}
        tabIndex={0}
        className="overflow-x-auto rounded-card border border-slate-100 bg-white p-5 shadow-soft focus-ring"
      >
        {report.isError ? (
          <p role="alert" className="text-red-700">
            {copy.error}
          </p>
        ) : !data ? (
          <p role="status" className="text-ink-muted">
            {copy.loading}
          </p>
        ) : data.rows.length === 0 ? (
          <p className="text-ink-muted">{copy.empty}</p>
        ) : (
          <CampaignTable report={data} period={period} />
        )}
      </section>
    </div>
  );
}
