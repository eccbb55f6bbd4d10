/** The Campaigns report by period: each period its own cached query. */
import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { getCampaignReport } from "../data/conversions";

export interface Period {
  from: Date;
  to: Date;
}

const campaignKeys = {
  all: ["campaigns"] as const,
  report: (period: Period) =>
    [...campaignKeys.all, "report", period.from.toISOString(), period.to.toISOString()] as const,
};

export function useCampaignReport(period: Period) {
  return useQuery({
    queryKey: campaignKeys.report(period),
    queryFn: async () => {
      try {
        return await getCampaignReport(await getSupabase(), period.from, period.to);
      } catch (error) {
        console.error("Could not load the campaign report", error);
        throw error;
      }
    },
  });
}
