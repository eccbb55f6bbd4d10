/**
 * The leads' queries and mutations. Every key starts with `leadKeys.all`, so a change to a lead
 * invalidates the inbox, the figures, the new-leads badge and the lead's page together; nothing
 * else tells a screen that a lead changed.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useRef } from "react";
import { toast, type ToastMessage } from "../../../components/ui/toast-store";
import { conversionsCopy } from "../../../content/conversions";
import { assignmentCopy } from "../../../content/assignment";
import { leadsCopy } from "../../../content/leads";
import type {
  ConversionEventRow,
  LeadEventRow,
  LeadMessageRow,
  LeadResponseStats,
  LeadStatus,
} from "../../../lib/database";
import type { AppSupabaseClient } from "../../../lib/supabase";
import { listConversionEvents, requestDispatch, retryConversionEvent } from "../data/conversions";
import { eraseLead } from "../data/lead-erasure";
import { DASHBOARD_PERIODS } from "../period/period";
import { getLeadResponseStats, isEmailNotConfigured, listLeadMessages, retryLeadMessage } from "../data/lead-messages";
import {
  addLeadNote,
  countNewLeads,
  getLead,
  getLeadStats,
  listLeadEvents,
  listLeads,
  updateLeadAssignee,
  updateLeadStatus,
  type Lead,
  type LeadFilters,
  type LeadPage,
} from "../data/leads";
import { errorMessage } from "../error-message";
import { useSupabase } from "../supabase-context";
import { useAuth } from "../../auth";
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

/** A page of the inbox; "Mine" means the leads assigned to the signed-in member. */
export function useLeadList(filters: LeadFilters, page: number) {
  const supabase = useSupabase();
  const me = useAuth().user?.id ?? null;
  return useQuery({
    queryKey: [...leadKeys.list(filters, page), me],
    queryFn: async () => listLeads(await supabase(), filters, page, me),
  });
}

export function useLeadStats() {
  const supabase = useSupabase();
  return useQuery({ queryKey: leadKeys.stats(), queryFn: async () => getLeadStats(await supabase()) });
}

/** How often the side panel counts new leads again while the admin is on other screens (visitors send them any time). */
const NEW_COUNT_REFRESH_MS = 60_000;

/**
 * The number of new leads for the side panel's badge; counted again after every change to a lead.
 * Not asked (`enabled` false) for a role without leads.
 */
export function useNewLeadCount({ enabled = true }: { enabled?: boolean } = {}) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: leadKeys.newCount(),
    enabled,
    queryFn: async () => countNewLeads(await supabase()),
    refetchInterval: NEW_COUNT_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useLeadRecord(id: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: leadKeys.detail(id),
    queryFn: async (): Promise<LeadRecord> => {
      const client = await supabase();
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
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  const copy = leadsCopy.detail;
  return useMutation({
    mutationFn: async (status: LeadStatus) => updateLeadStatus(await supabase(), id, status),
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
          supabase()
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

/**
 * Gives the lead to a member, or to nobody. The choice shows at once; if the server refuses (someone
 * who may not work leads), it goes back and the toast says why. The history is read again after, with
 * the assignment in it, and so is every list ("Mine" changes).
 */
export function useLeadAssigneeMutation(id: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (assignee: string | null) => updateLeadAssignee(await supabase(), id, assignee),
    onMutate: async (assignee) => {
      await queryClient.cancelQueries({ queryKey: leadKeys.detail(id) });
      const previous = queryClient.getQueryData<LeadRecord>(leadKeys.detail(id));
      setLead(queryClient, id, (lead) => ({ ...lead, assigned_to: assignee }));
      return { previous };
    },
    onError: (error, _assignee, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(leadKeys.detail(id), context.previous);
      toast({ title: assignmentCopy.assigneeFailed, description: errorMessage(error), variant: "error" });
    },
    onSuccess: (saved, _assignee, context) => {
      setLead(queryClient, id, (lead) => ({ ...lead, ...saved }));
      toast({
        title: saved.assigned_to ? assignmentCopy.assigneeSaved : assignmentCopy.assigneeCleared,
        variant: "success",
      });
      // The assignee's e-mail was queued with the change: sent now rather than at the next scheduled run.
      if (saved.assigned_to && saved.assigned_to !== context.previous?.lead.assigned_to)
        runDetached(
          supabase()
            .then((client) => requestDispatch(client, id))
            .then(() => queryClient.invalidateQueries({ queryKey: leadKeys.messages(id) })),
          "Requesting the assignee's e-mail",
        );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

/** Adds a note to the lead's history; resolves true once saved (the form then empties). */
export function useAddLeadNote(id: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ note, authorId }: { note: string; authorId: string }) =>
      addLeadNote(await supabase(), id, note, authorId),
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
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lead: { id: string; full_name: string }) => eraseLead(await supabase(), lead.id),
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

/** A row of a lead's outbox (an ad conversion event, a message): the dispatcher sends both alike. */
type OutboxRow = Pick<ConversionEventRow, "id" | "status" | "attempts">;

/** A row the server has not tried to send yet: it is being sent as the page opens. */
function isSending(rows: OutboxRow[] | undefined): boolean {
  return rows?.some((row) => row.status === "waiting" && row.attempts === 0) ?? false;
}

/** One of a lead's outbox lists: how it is read and retried, and what the admin is told after Retry now. */
interface Outbox<Row extends OutboxRow> {
  key: (leadId: string) => QueryKey;
  list: (client: AppSupabaseClient, leadId: string) => Promise<Row[]>;
  /** Puts a row back in the queue; false when it cannot be (already sent, or not failed). */
  retry: (client: AppSupabaseClient, id: number) => Promise<boolean>;
  retried: (row: Row, queued: boolean) => Omit<ToastMessage, "id">;
  retryFailed: string;
}

const conversionOutbox: Outbox<ConversionEventRow> = {
  key: leadKeys.conversions,
  list: listConversionEvents,
  retry: retryConversionEvent,
  retried: (event) => ({
    title: conversionsCopy.lead.retried,
    description: `${conversionsCopy.lead.platforms[event.platform]} · ${conversionsCopy.lead.events[event.event]}`,
    variant: "success",
  }),
  retryFailed: conversionsCopy.lead.retryFailed,
};

const messageOutbox: Outbox<LeadMessageRow> = {
  key: leadKeys.messages,
  list: listLeadMessages,
  retry: retryLeadMessage,
  retried: (message, queued) =>
    queued
      ? { title: leadsCopy.messages.retried, description: leadsCopy.messages.kinds[message.kind], variant: "success" }
      : { title: leadsCopy.messages.retryFailed, description: leadsCopy.messages.notRetried, variant: "error" },
  retryFailed: leadsCopy.messages.retryFailed,
};

/**
 * A lead's outbox list and its Retry now. Rows of a lead just stored or just changed are being sent
 * as the page opens: while any waits for its first attempt, the list is read again every 2 s, at
 * most 10 times after the page opened or the admin retried one. Retry now puts the row back in the
 * queue and asks the server to send it at once (the cron job sends it anyway).
 */
function useLeadOutbox<Row extends OutboxRow>(outbox: Outbox<Row>, leadId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  const reads = useRef(0);
  const query = useQuery({
    queryKey: outbox.key(leadId),
    queryFn: async () => {
      reads.current += 1;
      return outbox.list(await supabase(), leadId);
    },
    refetchInterval: (current) => (isSending(current.state.data) && reads.current <= MAX_POLLS ? POLL_MS : false),
  });
  const retry = useMutation({
    mutationFn: async (row: Row) => {
      const client = await supabase();
      const queued = await outbox.retry(client, row.id);
      if (queued) await requestDispatch(client, leadId);
      reads.current = 0;
      await queryClient.invalidateQueries({ queryKey: outbox.key(leadId) });
      return queued;
    },
    onSuccess: (queued, row) => toast(outbox.retried(row, queued)),
    onError: (error) => toast({ title: outbox.retryFailed, description: errorMessage(error), variant: "error" }),
  });
  return {
    query,
    retry: (row: Row) => retry.mutate(row),
    /** The id of the row being retried, if any. */
    retrying: retry.isPending ? retry.variables.id : null,
  };
}

/**
 * A lead's conversion events. When the admin moves the lead to qualified or won, the database
 * queues the second events and the status change asks the server to send them at once.
 */
export function useConversionEvents(leadId: string) {
  return useLeadOutbox(conversionOutbox, leadId);
}

/** A lead's messages (the team's e-mail and WhatsApp, the visitor's reply, the reminder, the webhook). */
export function useLeadMessages(leadId: string) {
  return useLeadOutbox(messageOutbox, leadId);
}

export type ResponseTimes = { days: (typeof DASHBOARD_PERIODS)[number]; stats: LeadResponseStats }[];

/** The response figures of the last 7 and of the last 30 days. */
export function useResponseTimes() {
  const supabase = useSupabase();
  return useQuery({
    queryKey: leadKeys.response(),
    queryFn: async (): Promise<ResponseTimes> => {
      const client = await supabase();
      const now = new Date();
      return Promise.all(
        DASHBOARD_PERIODS.map(async (days) => ({
          days,
          stats: await getLeadResponseStats(client, new Date(now.getTime() - days * 86_400_000), now),
        })),
      );
    },
  });
}

/** Whether the newest team e-mail was skipped for want of e-mail settings (the dashboard's notice). */
export function useEmailNotConfigured() {
  const supabase = useSupabase();
  return useQuery({
    queryKey: leadKeys.emailStatus(),
    queryFn: async () => isEmailNotConfigured(await supabase()),
  });
}
