/**
 * The calls' queries and mutations. Every key starts with `callKeys.all`, so a change to a call or
 * to the availability reads the Calls page, the lead's calls, the preview and the dashboard again.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  addCallDayOff,
  cancelCall,
  getCallAvailability,
  getCallBookingStats,
  listCalls,
  listCallsBetween,
  listLeadCalls,
  listTakenCalls,
  markCall,
  removeCallDayOff,
  saveCallAvailability,
  type CallAvailabilityInput,
} from "../data/calls";
import type { AppSupabaseClient } from "../../../lib/supabase";
import { DASHBOARD_PERIODS } from "../period/period";
import { useSupabase } from "../supabase-context";
import { lagosDay } from "./call-time";

const callKeys = {
  all: ["calls"] as const,
  availability: () => [...callKeys.all, "availability"] as const,
  taken: () => [...callKeys.all, "taken"] as const,
  list: () => [...callKeys.all, "list"] as const,
  week: (from: Date) => [...callKeys.all, "week", from.toISOString()] as const,
  lead: (leadId: string) => [...callKeys.all, "lead", leadId] as const,
  stats: () => [...callKeys.all, "stats"] as const,
};

export function useCallAvailability() {
  const supabase = useSupabase();
  return useQuery({
    queryKey: callKeys.availability(),
    queryFn: async () => getCallAvailability(await supabase(), lagosDay(new Date())),
  });
}

/** The calls not cancelled from now on, for the settings' preview. */
export function useTakenCalls() {
  const supabase = useSupabase();
  return useQuery({ queryKey: callKeys.taken(), queryFn: async () => listTakenCalls(await supabase(), new Date()) });
}

export function useCallList() {
  const supabase = useSupabase();
  return useQuery({ queryKey: callKeys.list(), queryFn: async () => listCalls(await supabase(), new Date()) });
}

/** The calls of the week that starts at `from` (a Lagos Monday, 00:00). */
export function useCallWeek(from: Date, to: Date) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: callKeys.week(from),
    queryFn: async () => listCallsBetween(await supabase(), from, to),
  });
}

export function useLeadCalls(leadId: string) {
  const supabase = useSupabase();
  return useQuery({ queryKey: callKeys.lead(leadId), queryFn: async () => listLeadCalls(await supabase(), leadId) });
}

const DAY = 86_400_000;

/** The dashboard's figures for the last 7 and 30 days. */
export function useCallStats() {
  const supabase = useSupabase();
  return useQuery({
    queryKey: callKeys.stats(),
    queryFn: async () => {
      const client = await supabase();
      const to = new Date();
      return Promise.all(
        DASHBOARD_PERIODS.map(async (days) => ({
          days,
          stats: await getCallBookingStats(client, new Date(to.getTime() - days * DAY), to),
        })),
      );
    },
  });
}

/** Writes that change calls or availability: every calls query is read again once they settle. */
function useCallsMutation<T>(write: (client: AppSupabaseClient, input: T) => Promise<void>) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => write(await supabase(), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKeys.all }),
  });
}

export function useSaveCallAvailability() {
  return useCallsMutation((client, input: CallAvailabilityInput) => saveCallAvailability(client, input));
}

export function useAddDayOff() {
  return useCallsMutation((client, input: { day: string; note: string }) =>
    addCallDayOff(client, input.day, input.note),
  );
}

export function useRemoveDayOff() {
  return useCallsMutation((client, day: string) => removeCallDayOff(client, day));
}

export function useMarkCall() {
  return useCallsMutation((client, input: { id: string; status: "completed" | "no_show" }) =>
    markCall(client, input.id, input.status),
  );
}

export function useCancelCall() {
  return useCallsMutation((client, input: { id: string; note: string }) => cancelCall(client, input.id, input.note));
}
