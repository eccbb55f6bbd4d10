import type { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../../lib/database.js";
import type { ServerSettings } from "../settings.js";

/** What a kind of the outbox that sends to people and platforms is made with, by each run (run.ts). */
export interface SendingKindOptions {
  /** A PostgREST client signed with the service-role key. */
  db: PostgrestClient<Database>;
  settings: ServerSettings;
  /** How the outside services (WhatsApp, the CRM webhook, Google Calendar) are reached. */
  fetch: typeof fetch;
  /** The site's origin for links when VITE_SITE_URL is not set (the request's own). */
  siteUrl: string;
  now: () => Date;
  timeoutMs: number;
}
