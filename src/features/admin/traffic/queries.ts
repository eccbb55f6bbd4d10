/**
 * The traffic reports: the Traffic page's by period (each period its own cached query), and each
 * post's views and leads over the last 30 days for the dashboard.
 */
import { useQuery } from "@tanstack/react-query";
import type { PostTrafficLine, TrafficReport } from "../../../lib/database";
import { getPostTraffic, getTrafficReport } from "../data/traffic";
import { periodKey, periodOf, type Period } from "../period/period";
import { useSupabase } from "../supabase-context";

const trafficKeys = {
  all: ["traffic"] as const,
  report: (period: Period) => [...trafficKeys.all, "report", ...periodKey(period)] as const,
  posts: () => [...trafficKeys.all, "posts", "30"] as const,
};

export function useTrafficReport(period: Period) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: trafficKeys.report(period),
    queryFn: async (): Promise<TrafficReport> => getTrafficReport(await supabase(), period.from, period.to),
  });
}

/**
 * Each post's views and leads over the last 30 days (up to when it is read), by path (`/blog/<slug>`);
 * not asked (`enabled` false) for a role that reads no traffic.
 */
export function usePostTraffic({ enabled = true }: { enabled?: boolean } = {}) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: trafficKeys.posts(),
    enabled,
    queryFn: async (): Promise<Map<string, PostTrafficLine>> => {
      const { from, to } = periodOf("30", "", "")!;
      const rows = await getPostTraffic(await supabase(), from, to);
      return new Map(rows.map((row) => [row.path, row]));
    },
  });
}
