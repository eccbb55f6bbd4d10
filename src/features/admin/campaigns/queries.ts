/** The Campaigns report by period: each period its own cached query. */
import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import type { CampaignReportLine } from "../../../lib/database";
import { getCampaignReport } from "../data/conversions";
import { getLeadResponseStats } from "../data/lead-messages";

export interface Period {
  from: Date;
  to: Date;
}

const campaignKeys = {
  all: ["campaigns"] as const,
  report: (period: Period) =>
    [...campaignKeys.all, "report", period.from.toISOString(), period.to.toISOString()] as const,
};

/** The report's lines, and the median seconds to first response of all the period's leads (the total's). */
export interface CampaignReport {
  rows: CampaignReportLine[];
  medianResponseSeconds: number | null;
}

export function useCampaignReport(period: Period) {
  return useQuery({
    queryKey: campaignKeys.report(period),
    queryFn: async (): Promise<CampaignReport> => {
      try {
        const client = await getSupabase();
        const [rows, response] = await Promise.all([
          getCampaignReport(client, period.from, period.to),
          getLeadResponseStats(client, period.from, period.to),
        ]);
        return { rows, medianResponseSeconds: response.median_response_seconds };
      } catch (error) {
        console.error("Could not load the campaign report", error);
        throw error;
      }
    },
  });
}
