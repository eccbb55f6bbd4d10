/** The Campaigns report by period: each period its own cached query. */
import { useQuery } from "@tanstack/react-query";
import { AD_REPORT_CURRENCY } from "../../../content/ad-spend";
import {
  getAdCampaignReport,
  getAdSpendWeekly,
  getSpendImports,
  type AdCampaignLine,
  type AdSpendWeek,
  type SpendImport,
} from "../data/ad-spend";
import { getCampaignRevenue } from "../data/campaign-revenue";
import { getCampaignReport } from "../data/conversions";
import { getLeadResponseStats } from "../data/lead-messages";
import { getCampaignFunnel } from "../data/traffic";
import { periodKey, type Period } from "../period/period";
import { useSupabase } from "../supabase-context";
import { mergeCampaigns, type CampaignLine } from "./campaign-report";

const campaignKeys = {
  all: ["campaigns"] as const,
  report: (period: Period) => [...campaignKeys.all, "report", ...periodKey(period)] as const,
};

/** The report's lines, and the median seconds to first response of all the period's leads (the total's). */
export interface CampaignReport {
  rows: CampaignLine[];
  medianResponseSeconds: number | null;
  /** Each ad campaign's spend and return, spend against revenue by week, and each platform's import state. */
  ads: { lines: AdCampaignLine[]; weeks: AdSpendWeek[]; imports: SpendImport[] };
}

export function useCampaignReport(period: Period) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: campaignKeys.report(period),
    queryFn: async (): Promise<CampaignReport> => {
      try {
        const client = await supabase();
        const [report, funnel, revenue, response, lines, weeks, imports] = await Promise.all([
          getCampaignReport(client, period.from, period.to),
          getCampaignFunnel(client, period.from, period.to),
          getCampaignRevenue(client, period.from, period.to),
          getLeadResponseStats(client, period.from, period.to),
          getAdCampaignReport(client, period.from, period.to, AD_REPORT_CURRENCY),
          getAdSpendWeekly(client, period.from, period.to, AD_REPORT_CURRENCY),
          getSpendImports(client),
        ]);
        return {
          rows: mergeCampaigns(report, funnel, revenue),
          medianResponseSeconds: response.median_response_seconds,
          ads: { lines, weeks, imports },
        };
      } catch (error) {
        console.error("Could not load the campaign report", error);
        throw error;
      }
    },
  });
}
