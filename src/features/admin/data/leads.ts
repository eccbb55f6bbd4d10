/**
 * The admin's reads and writes of leads. Every query runs with the admin's session: RLS lets admins
 * read leads and change their status, and nobody else anything (supabase/migrations/*_leads.sql).
 * Functions take the client they query with, like the post queries.
 */
import type { AppSupabaseClient } from "../../../lib/supabase";
import type { LeadEventRow, LeadRow, LeadStatus } from "../../../lib/database";

export const LEAD_STATUSES: LeadStatus[] = ["new", "contacted", "qualified", "won", "lost"];
export const LEADS_PER_PAGE = 25;
/** Rows read per request when exporting (PostgREST's usual max-rows). */
export const EXPORT_BATCH = 1000;
export const NOTE_MAX = 5000;
export const SEARCH_MAX = 100;

export interface LeadFilters {
  status: LeadStatus | "";
  service: string;
  source: string;
  /** Matched against name, e-mail and company, anywhere in the text, ignoring case. */
  q: string;
  /** Only the leads assigned to the signed-in member (the `me` the list and export are given). */
  mine: boolean;
}

export const noLeadFilters: LeadFilters = { status: "", service: "", source: "", q: "", mine: false };

const LIST_COLUMNS =
  "id, created_at, status, full_name, email, company_name, service, web_package, crm_package, ad_package, source, campaign, assigned_to" as const;
export type LeadListItem = Pick<
  LeadRow,
  | "id"
  | "created_at"
  | "status"
  | "full_name"
  | "email"
  | "company_name"
  | "service"
  | "web_package"
  | "crm_package"
  | "ad_package"
  | "source"
  | "campaign"
  | "assigned_to"
>;
/** A lead as the inbox shows it: the webhook's token stays in the database, only whether one is pending. */
export type Lead = Omit<LeadRow, "forward_token" | "awaiting_confirmation"> & { forward_pending?: boolean };

/**
 * An `ilike` pattern matching `text` anywhere, for a PostgREST logic filter: double-quoted with `"`
 * and `\` escaped, so commas and parentheses in a search cannot break out of it; a `*` typed by the
 * admin (PostgREST's wildcard) is dropped.
 */
function containsPattern(text: string): string {
  const literal = text.replace(/\*/g, "").replace(/[\\"]/g, (character) => `\\${character}`);
  return `"*${literal}*"`;
}

/** What the filters need of a query builder (select and export queries alike). */
interface Filterable<Self> {
  eq(column: string, value: string): Self;
  is(column: string, value: null): Self;
  or(filters: string): Self;
}

/** `me`: the signed-in member's id, for "Mine" (without one, "Mine" matches no lead). */
function applyFilters<Q extends Filterable<Q>>(query: Q, filters: LeadFilters, me: string | null): Q {
  let filtered = query;
  if (filters.mine) filtered = me ? filtered.eq("assigned_to", me) : filtered.is("id", null);
  if (filters.status) filtered = filtered.eq("status", filters.status);
  if (filters.service)
    filtered =
      filters.service === "unspecified" ? filtered.is("service", null) : filtered.eq("service", filters.service);
  if (filters.source) filtered = filtered.eq("source", filters.source);
  const q = filters.q.trim().slice(0, SEARCH_MAX);
  if (q) {
    const pattern = containsPattern(q);
    filtered = filtered.or(`full_name.ilike.${pattern},email.ilike.${pattern},company_name.ilike.${pattern}`);
  }
  return filtered;
}

export interface LeadPage {
  leads: LeadListItem[];
  total: number;
  page: number;
  pageCount: number;
}

/** One page of leads, newest first, with the number that match the filters. */
export async function listLeads(
  client: AppSupabaseClient,
  filters: LeadFilters,
  page: number,
  me: string | null = null,
): Promise<LeadPage> {
  const from = (page - 1) * LEADS_PER_PAGE;
  const query = applyFilters(client.from("leads").select(LIST_COLUMNS, { count: "exact" }), filters, me)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, from + LEADS_PER_PAGE - 1);
  const { data, error, count } = await query;
  // Asking past the last page is a 416 with no rows; an empty page is what the reader should see.
  if (error && error.code !== "PGRST103") throw error;
  const total = count ?? 0;
  return {
    leads: (data ?? []) as LeadListItem[],
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / LEADS_PER_PAGE)),
  };
}

/** Every lead that matches the filters, every column, newest first: for the CSV export. */
export async function listLeadsForExport(
  client: AppSupabaseClient,
  filters: LeadFilters,
  me: string | null = null,
): Promise<Lead[]> {
  const rows: Lead[] = [];
  for (let from = 0; ; from += EXPORT_BATCH) {
    const { data, error } = await applyFilters(client.from("leads").select("*"), filters, me)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .range(from, from + EXPORT_BATCH - 1);
    if (error) throw error;
    for (const { forward_token: _token, ...lead } of (data ?? []) as LeadRow[]) rows.push(lead);
    if (!data || data.length < EXPORT_BATCH) return rows;
  }
}

export async function getLead(client: AppSupabaseClient, id: string): Promise<Lead | null> {
  const { data, error } = await client.from("leads").select("*").eq("id", id).maybeSingle();
  if (error) {
    if (error.code === "22P02") return null; // not a uuid
    throw error;
  }
  if (!data) return null;
  const { forward_token: token, ...lead } = data as LeadRow;
  return { ...lead, forward_pending: token !== null };
}

export async function listLeadEvents(client: AppSupabaseClient, leadId: string): Promise<LeadEventRow[]> {
  const { data, error } = await client
    .from("lead_events")
    .select("*")
    .eq("lead_id", leadId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false });
  if (error) throw error;
  return (data ?? []) as LeadEventRow[];
}

/**
 * Changes the status; the database writes the change into the lead's history and, on the first
 * change away from new, the time of the first response, which comes back with the new status.
 */
export async function updateLeadStatus(
  client: AppSupabaseClient,
  id: string,
  status: LeadStatus,
): Promise<Pick<LeadRow, "status" | "updated_at" | "first_response_at">> {
  const { data, error } = await client
    .from("leads")
    .update({ status })
    .eq("id", id)
    .select("status, updated_at, first_response_at")
    .single();
  if (error) throw error;
  return data as Pick<LeadRow, "status" | "updated_at" | "first_response_at">;
}

/**
 * Gives the lead to a member (or to nobody): the database refuses anyone who may not work leads,
 * writes the assignment into the history and queues the assignee's e-mail (*_lead_assignment.sql).
 */
export async function updateLeadAssignee(
  client: AppSupabaseClient,
  id: string,
  assignee: string | null,
): Promise<Pick<LeadRow, "assigned_to" | "updated_at">> {
  const { data, error } = await client
    .from("leads")
    .update({ assigned_to: assignee })
    .eq("id", id)
    .select("assigned_to, updated_at")
    .single();
  if (error) throw error;
  return data as Pick<LeadRow, "assigned_to" | "updated_at">;
}

export async function addLeadNote(
  client: AppSupabaseClient,
  leadId: string,
  note: string,
  authorId: string,
): Promise<LeadEventRow> {
  const { data, error } = await client
    .from("lead_events")
    .insert({ lead_id: leadId, kind: "note", note: note.trim(), author_id: authorId })
    .select("*")
    .single();
  if (error) throw error;
  return data as LeadEventRow;
}

export async function countNewLeads(client: AppSupabaseClient): Promise<number> {
  const { count, error } = await client.from("leads").select("id", { count: "exact", head: true }).eq("status", "new");
  if (error) throw error;
  return count ?? 0;
}

export interface LeadStats {
  /** Leads per week (Monday, UTC) and source, the last 12 weeks, oldest week first; missing weeks are 0. */
  weeks: string[];
  bySource: { source: string; counts: number[] }[];
  byStatus: Record<LeadStatus, number>;
  byService: { value: string; leads: number }[];
  sources: string[];
}

/** The Monday (UTC) that starts the week of `date`, as YYYY-MM-DD: Postgres's date_trunc('week'). */
export function weekStart(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day))
    .toISOString()
    .slice(0, 10);
}

export async function getLeadStats(client: AppSupabaseClient, now = new Date()): Promise<LeadStats> {
  const [weekly, counts] = await Promise.all([
    client.from("lead_weekly_counts").select("week, source, leads"),
    client.from("lead_counts").select("dimension, value, leads"),
  ]);
  if (weekly.error) throw weekly.error;
  if (counts.error) throw counts.error;

  const last = weekStart(now);
  const weeks = Array.from({ length: 12 }, (_, index) => {
    const date = new Date(`${last}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - 7 * (11 - index));
    return date.toISOString().slice(0, 10);
  });
  const series = new Map<string, number[]>();
  for (const row of weekly.data ?? []) {
    const index = weeks.indexOf(weekStart(new Date(row.week)));
    if (index < 0) continue;
    const counts = series.get(row.source) ?? Array<number>(12).fill(0);
    counts[index]! += row.leads;
    series.set(row.source, counts);
  }
  const bySource = [...series]
    .map(([source, values]) => ({ source, counts: values }))
    .sort((a, b) => sum(b.counts) - sum(a.counts) || a.source.localeCompare(b.source));

  const byStatus = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  const byService: { value: string; leads: number }[] = [];
  const sources: string[] = [];
  for (const row of counts.data ?? []) {
    if (row.dimension === "status") byStatus[row.value as LeadStatus] = row.leads;
    else if (row.dimension === "service") byService.push({ value: row.value, leads: row.leads });
    else sources.push(row.value);
  }
  byService.sort((a, b) => b.leads - a.leads);
  sources.sort();
  return { weeks, bySource, byStatus, byService, sources };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
