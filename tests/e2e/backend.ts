import type { APIRequestContext } from "@playwright/test";
import { LOCAL_SUPABASE_ANON_KEY } from "../../src/config-defaults";
import type { Database } from "../../src/lib/database";
import { LOCAL_DEFAULTS } from "../../supabase/local/index.ts";

/**
 * Direct calls to the local Supabase the preview server mounts, for setting up what a test needs the
 * way the admin would (signed in, through the REST API and its RLS policies).
 */
export const ADMIN_EMAIL = process.env.LOCAL_ADMIN_EMAIL ?? "admin@example.com";
export const ADMIN_PASSWORD = process.env.LOCAL_ADMIN_PASSWORD ?? "local-admin-password";
export const ANON_KEY = process.env.LOCAL_SUPABASE_ANON_KEY ?? LOCAL_SUPABASE_ANON_KEY;
/** The local backend's service-role key (a fixed local value, like Supabase's own local keys): tests only, never the browser. */
export const SERVICE_ROLE_KEY = process.env.LOCAL_SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_DEFAULTS.serviceRoleKey;

/**
 * A confirmed user who is not an admin, created through the Auth admin API with the service-role
 * key, as a project owner would in the dashboard (self-signup is off).
 */
export async function createUser(request: APIRequestContext, email: string, password: string): Promise<void> {
  const response = await request.post("/auth/v1/admin/users", {
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    data: { email, password, email_confirm: true },
  });
  if (!response.ok()) throw new Error(`Creating ${email} failed: ${response.status()} ${await response.text()}`);
}

async function adminSession(request: APIRequestContext): Promise<{ token: string; userId: string }> {
  const response = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: ANON_KEY },
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  if (!response.ok()) throw new Error(`Admin sign-in failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

/** Creates posts as the admin; a slug that exists already is left as it is (409), so parallel workers can share the setup. */
export async function ensurePosts(request: APIRequestContext, posts: Record<string, unknown>[]): Promise<void> {
  const { token, userId } = await adminSession(request);
  for (const post of posts) {
    const response = await request.post("/rest/v1/posts", {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, prefer: "return=minimal" },
      data: { author_id: userId, ...post },
    });
    if (!response.ok() && response.status() !== 409)
      throw new Error(`Creating ${String(post.slug)} failed: ${response.status()} ${await response.text()}`);
  }
}

/** Deletes the admin's posts with these titles (what a test published), through the REST API and RLS. */
export async function deletePosts(request: APIRequestContext, titles: string[]): Promise<void> {
  if (titles.length === 0) return;
  const { token } = await adminSession(request);
  for (const title of titles) {
    const response = await request.delete(`/rest/v1/posts?title=eq.${encodeURIComponent(title)}`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
    });
    if (!response.ok()) throw new Error(`Deleting "${title}" failed: ${response.status()} ${await response.text()}`);
  }
}

/**
 * Moves the publication time of the admin's post with this title, through the REST API and RLS: a
 * test makes a scheduled post's time arrive by moving the time, not by waiting for the clock.
 */
export async function setPublicationTime(request: APIRequestContext, title: string, at: Date): Promise<void> {
  const { token } = await adminSession(request);
  const response = await request.patch(`/rest/v1/posts?title=eq.${encodeURIComponent(title)}`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, prefer: "return=representation" },
    data: { published_at: at.toISOString() },
  });
  if (!response.ok()) throw new Error(`Moving "${title}" failed: ${response.status()} ${await response.text()}`);
  const rows = (await response.json()) as unknown[];
  if (rows.length !== 1) throw new Error(`Expected one post titled "${title}", found ${rows.length}`);
}

/**
 * An admin of their own, for specs that change the account itself (an authenticator app, the
 * password): created like `createUser`, then made a member of the team with the service-role key, as
 * a project owner would in the SQL editor; an Administrator unless `role` says otherwise (the shared
 * local admin is the Owner). Other specs keep the shared local admin untouched.
 */
export async function createAdmin(
  request: APIRequestContext,
  email: string,
  password: string,
  role?: Database["public"]["Enums"]["team_role"],
): Promise<string> {
  const headers = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
  const created = await request.post("/auth/v1/admin/users", {
    headers,
    data: { email, password, email_confirm: true },
  });
  if (!created.ok()) throw new Error(`Creating ${email} failed: ${created.status()} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const admin = await request.post("/rest/v1/admins", {
    headers: { ...headers, prefer: "return=minimal" },
    data: role ? { user_id: id, role } : { user_id: id },
  });
  if (!admin.ok()) throw new Error(`Making ${email} an admin failed: ${admin.status()} ${await admin.text()}`);
  return id;
}

/**
 * A member of the team with a role and a name: a confirmed user created through the Auth admin API,
 * then given the role with the service-role key (public.admins has no insert policy for users).
 */
export async function createMember(
  request: APIRequestContext,
  member: { email: string; password: string; fullName: string; role: "administrator" | "editor" | "author" | "sales" },
): Promise<string> {
  const headers = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
  const created = await request.post("/auth/v1/admin/users", {
    headers,
    data: {
      email: member.email,
      password: member.password,
      email_confirm: true,
      user_metadata: { full_name: member.fullName },
    },
  });
  if (!created.ok()) throw new Error(`Creating ${member.email} failed: ${created.status()} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const row = await request.post("/rest/v1/admins", {
    headers: { ...headers, prefer: "return=minimal" },
    data: { user_id: id, role: member.role },
  });
  if (!row.ok()) throw new Error(`Giving ${member.email} a role failed: ${row.status()} ${await row.text()}`);
  return id;
}

/** A lead stored as the contact function stores it (service role), for checks of who may read it or of the reports that count it. */
export async function insertLead(
  request: APIRequestContext,
  lead: { full_name: string; email: string; first_touch?: Record<string, string> },
) {
  const response = await request.post("/rest/v1/leads", {
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, prefer: "return=minimal" },
    data: lead,
  });
  if (!response.ok()) throw new Error(`Storing a lead failed: ${response.status()} ${await response.text()}`);
}

/** A password-only sign-in through the API, as a script would: the session's access token (aal1). */
export async function passwordToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: ANON_KEY },
    data: { email, password },
  });
  if (!response.ok()) throw new Error(`Sign-in failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Reads the leads with a user's token through the REST API (RLS decides what comes back). */
export async function readLeadsWith(request: APIRequestContext, token: string): Promise<unknown[]> {
  const response = await request.get("/rest/v1/leads?select=id", {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
  });
  if (!response.ok()) throw new Error(`Reading leads failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as unknown[];
}

/** A page view or intake click as the collect function stores it, through record_page_view (service role only). */
export async function recordPageView(
  request: APIRequestContext,
  view: {
    visitor: string;
    path: string;
    kind?: "pageview" | "intake";
    device?: "phone" | "tablet" | "desktop";
    utm_source?: string;
    utm_medium?: string;
    utm_campaign?: string;
    country?: string;
  },
): Promise<void> {
  const response = await request.post("/rest/v1/rpc/record_page_view", {
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    data: { kind: "pageview", device: "phone", ...view },
  });
  if (!response.ok()) throw new Error(`Recording a page view failed: ${response.status()} ${await response.text()}`);
}
