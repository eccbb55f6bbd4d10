/**
 * The leads' queries and mutations. Every key starts with `leadKeys.all`, so a change to a lead
 * invalidates the inbox, the figures, the new-leads badge and the lead's page together; nothing
 * else tells a screen that a lead changed.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { toast } from "../../../components/ui/toast-store";
import { conversionsCopy } from "../../../content/conversions";
import { leadsCopy } from "../../../content/leads";
import type {
  ConversionEventRow,
  LeadEventRow,
  LeadMessageRow,
  LeadResponseStats,
  LeadStatus,
} from "../../../lib/database";
import { getSupabase } from "../../../lib/supabase";
import { listConversionEvents, requestDispatch, retryConversionEvent } from "../data/conversions";
import { eraseLead } from "../data/lead-erasure";
import { getLeadResponseStats, isEmailNotConfigured, listLeadMessages, retryLeadMessage } from "../data/lead-messages";
import {
  addLeadNote,
  countNewLeads,
  getLead,
  getLeadStats,
  listLeadEvents,
  listLeads,
  updateLeadStatus,
  type Lead,
  type LeadFilters,
  type LeadPage,
} from "../data/leads";
import { errorMessage } from "../error-message";
import { statusLabel } from "./lead-format";
import { runDetached } from "../../../lib/detached";

const leadKeys = {
  all: ["leads"] as const,
  lists: () => [...leadKeys.all, "list"] as const,
  list: (filters: LeadFilters, page: number) => [...leadKeys.lists(), { ...filters, page }] as const,
  stats: () => [...leadKeys.all, "stats"] as const,
  newCount: () => [...leadKeys.all, "new-count"] as const,
  detail: (id: string) => [...leadKeys.all, "detail", id] as const,
  conversions: (id: string) => [...leadKeys.all, "conversions", id] as const,
  messages: (id: string) => [...leadKeys.all, "messages", id] as const,
  /** The response figures (dashboard), read again when an answer is recorded (a status change, a note). */
  response: () => [...leadKeys.all, "response"] as const,
  emailStatus: () => [...leadKeys.all, "email-status"] as const,
};

/** A lead with its history (status changes and notes, newest first); null when there is no such lead. */
export type LeadRecord = { lead: Lead; events: LeadEventRow[] } | null;

export function useLeadList(filters: LeadFilters, page: number) {
  return useQuery({
    queryKey: leadKeys.list(filters, page),
    queryFn: async () => listLeads(await getSupabase(), filters, page),
  });
}

export function useLeadStats() {
  return useQuery({ queryKey: leadKeys.stats(), queryFn: async () => getLeadStats(await getSupabase()) });
}

/** How often the side panel counts new leads again while the admin is on other screens (visitors send them any time). */
const NEW_COUNT_REFRESH_MS = 60_000;

/** The number of new leads for the side panel's badge; counted again after every change to a lead. */
export function useNewLeadCount() {
  return useQuery({
    queryKey: leadKeys.newCount(),
    queryFn: async () => countNewLeads(await getSupabase()),
    refetchInterval: NEW_COUNT_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useLeadRecord(id: string) {
  return useQuery({
    queryKey: leadKeys.detail(id),
    queryFn: async (): Promise<LeadRecord> => {
      const client = await getSupabase();
      const lead = await getLead(client, id);
      return lead ? { lead, events: await listLeadEvents(client, id) } : null;
    },
  });
}

function setLead(queryClient: QueryClient, id: string, change: (lead: Lead) => Lead) {
  queryClient.setQueryData<LeadRecord>(
    leadKeys.detail(id),
    (record) => record && { ...record, lead: change(record.lead) },
  );
}

/**
 * Changes a lead's status. The new status shows at once; if the server refuses, the page goes back
 * to the status it had and says why. Qualified and won queue conversion events: the server is asked
 * to send them now.
 */
export function useLeadStatusMutation(id: string) {
  const queryClient = useQueryClient();
  const copy = leadsCopy.detail;
  return useMutation({
    mutationFn: async (status: LeadStatus) => updateLeadStatus(await getSupabase(), id, status),
    onMutate: async (status) => {
      await queryClient.cancelQueries({ queryKey: leadKeys.detail(id) });
      const previous = queryClient.getQueryData<LeadRecord>(leadKeys.detail(id));
      setLead(queryClient, id, (lead) => ({ ...lead, status }));
      return { previous };
    },
    onError: (error, _status, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(leadKeys.detail(id), context.previous);
      toast({ title: copy.statusFailed, description: errorMessage(error), variant: "error" });
    },
    onSuccess: (saved, status, context) => {
      setLead(queryClient, id, (lead) => ({ ...lead, ...saved }));
      const from = context.previous?.lead.status;
      toast({
        title: copy.statusSaved,
        description: `${from ? statusLabel(from) : "—"} → ${statusLabel(status)}`,
        variant: "success",
      });
      if (status === "qualified" || status === "won") {
        runDetached(
          getSupabase()
            .then((client) => requestDispatch(client, id))
            .then(() => queryClient.invalidateQueries({ queryKey: leadKeys.conversions(id) })),
          "Requesting the conversions' dispatch",
        );
      }
    },
    // Returned, so the status stays disabled until the history (and every list) is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

/** Adds a note to the lead's history; resolves true once saved (the form then empties). */
export function useAddLeadNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ note, authorId }: { note: string; authorId: string }) =>
      addLeadNote(await getSupabase(), id, note, authorId),
    onSuccess: (saved) => {
      queryClient.setQueryData<LeadRecord>(
        leadKeys.detail(id),
        (record) => record && { ...record, events: [saved, ...record.events] },
      );
    },
    onError: (error) =>
      toast({ title: leadsCopy.detail.noteFailed, description: errorMessage(error), variant: "error" }),
    // Not awaited: the form empties as the note shows in the history, not after the page is read again.
    // The lead is read again with its first response (a first note records it), and so are the figures.
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: leadKeys.detail(id) });
      queryClient.invalidateQueries({ queryKey: leadKeys.response() });
    },
  });
}

/**
 * Erases a lead. `onErased` leaves its page first (so nothing reads the lead again), then its
 * queries are dropped and every other lead query (the inbox, the figures, the badge) is read again.
 */
export function useEraseLead(onErased: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lead: { id: string; full_name: string }) => eraseLead(await getSupabase(), lead.id),
    onSuccess: (_nothing, lead) => {
      toast({ title: leadsCopy.erase.done, description: leadsCopy.erase.doneBody(lead.full_name), variant: "success" });
      // Gone from every inbox page already read, so it never shows again while they load again.
      queryClient.setQueriesData<LeadPage>({ queryKey: leadKeys.lists() }, (page) => {
        if (!page || !page.leads.some((listed) => listed.id === lead.id)) return page;
        return { ...page, leads: page.leads.filter((listed) => listed.id !== lead.id), total: page.total - 1 };
      });
      onErased();
      queryClient.removeQueries({ queryKey: leadKeys.detail(lead.id) });
      queryClient.removeQueries({ queryKey: leadKeys.conversions(lead.id) });
      queryClient.removeQueries({ queryKey: leadKeys.messages(lead.id) });
      return queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
    onError: (error) => toast({ title: leadsCopy.erase.failed, description: errorMessage(error), variant: "error" }),
  });
}

const POLL_MS = 2_000;
const MAX_POLLS = 10;

/** A row the server has not tried to send yet: it is being sent as the page opens. */
function isSending(rows: Pick<ConversionEventRow, "status" | "attempts">[] | undefined): boolean {
  return rows?.some((row) => row.status === "waiting" && row.attempts === 0) ?? false;
}

/**
 * A lead's conversion events. Events of a lead just stored or just changed are being sent as the
 * page opens: while any is waiting for its first attempt, they are read again every 2 s, at most
 * 10 times after the page opened or the admin retried one.
 */
export function useConversionEvents(leadId: string) {
  const reads = useRef(0);
  const query = useQuery({
    queryKey: leadKeys.conversions(leadId),
    queryFn: async () => {
      reads.current += 1;
      return listConversionEvents(await getSupabase(), leadId);
    },
    refetchInterval: (current) => (isSending(current.state.data) && reads.current <= MAX_POLLS ? POLL_MS : false),
  });
  return {
    query,
    restartPolling: () => {
      reads.current = 0;
    },
  };
}

/** Puts a failed event back in the queue and asks the server to send it now. */
export function useRetryConversion(leadId: string, onSent: () => void) {
  const queryClient = useQueryClient();
  const copy = conversionsCopy.lead;
  return useMutation({
    mutationFn: async (event: ConversionEventRow) => {
      const client = await getSupabase();
      if (await retryConversionEvent(client, event.id)) await requestDispatch(client, leadId);
      onSent();
      await queryClient.invalidateQueries({ queryKey: leadKeys.conversions(leadId) });
    },
    onSuccess: (_nothing, event) =>
      toast({
        title: copy.retried,
        description: `${copy.platforms[event.platform]} · ${copy.events[event.event]}`,
        variant: "success",
      }),
    onError: (error) => toast({ title: copy.retryFailed, description: errorMessage(error), variant: "error" }),
  });
}

/**
 * A lead's messages (the team's e-mail and WhatsApp, the visitor's reply, the reminder, the webhook).
 * A lead just stored has its messages sent as its page opens: while any waits for its first attempt,
 * they are read again every 2 s, at most 10 times after the page opened or the admin retried one.
 */
export function useLeadMessages(leadId: string) {
  const reads = useRef(0);
  const query = useQuery({
    queryKey: leadKeys.messages(leadId),
    queryFn: async () => {
      reads.current += 1;
      return listLeadMessages(await getSupabase(), leadId);
    },
    refetchInterval: (current) => (isSending(current.state.data) && reads.current <= MAX_POLLS ? POLL_MS : false),
  });
  return {
    query,
    restartPolling: () => {
      reads.current = 0;
    },
  };
}

/**
 * Puts a failed message (or one skipped as not configured) back in the queue and asks the server to
 * send it now, as Retry now does for a conversion event (the same dispatcher sends both).
 */
export function useRetryLeadMessage(leadId: string, onSent: () => void) {
  const queryClient = useQueryClient();
  const copy = leadsCopy.messages;
  return useMutation({
    mutationFn: async (message: LeadMessageRow) => {
      const client = await getSupabase();
      const queued = await retryLeadMessage(client, message.id);
      if (queued) await requestDispatch(client, leadId);
      onSent();
      await queryClient.invalidateQueries({ queryKey: leadKeys.messages(leadId) });
      return queued;
    },
    onSuccess: (queued, message) =>
      queued
        ? toast({ title: copy.retried, description: copy.kinds[message.kind], variant: "success" })
        : toast({ title: copy.retryFailed, description: copy.notRetried, variant: "error" }),
    onError: (error) => toast({ title: copy.retryFailed, description: errorMessage(error), variant: "error" }),
  });
}

/** The periods the dashboard reports, in days up to now. */
const RESPONSE_PERIODS = [7, 30] as const;
export type ResponseTimes = { days: (typeof RESPONSE_PERIODS)[number]; stats: LeadResponseStats }[];

/** The response figures of the last 7 and of the last 30 days. */
export function useResponseTimes() {
  return useQuery({
    queryKey: leadKeys.response(),
    queryFn: async (): Promise<ResponseTimes> => {
      const client = await getSupabase();
      const now = new Date();
      return Promise.all(
        RESPONSE_PERIODS.map(async (days) => ({
          days,
          stats: await getLeadResponseStats(client, new Date(now.getTime() - days * 86_400_000), now),
        })),
      );
    },
  });
}

/** Whether the newest team e-mail was skipped for want of e-mail settings (the dashboard's notice). */
export function useEmailNotConfigured() {
  return useQuery({
    queryKey: leadKeys.emailStatus(),
    queryFn: async () => isEmailNotConfigured(await getSupabase()),
  });
}
