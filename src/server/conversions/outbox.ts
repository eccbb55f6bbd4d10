/**
 * The ad conversions as an outbox kind (../outbox/runner.ts): due rows of public.conversion_events,
 * each sent to its platform. The database exposes the claim and the finish
 * (claim_conversion_events, finish_conversion_event) to the service role only: no user is present
 * when the schedule runs, and RLS lets admins only read the outbox. The platforms' own
 * deduplication (Meta's event_id, Google's order_id) covers a send whose answer was lost.
 */
import type { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../../lib/database.js";
import type { OutboxKind } from "../outbox/runner.js";
import { sendToGoogle } from "./google-ads.js";
import { sendToMeta } from "./meta.js";
import type { ConversionSettings } from "./settings.js";
import type { ClaimedEvent, SendContext, SendOutcome } from "./types.js";

type Args = Database["public"]["Functions"]["finish_conversion_event"]["Args"];

export interface ConversionKindOptions {
  /** A PostgREST client signed with the service-role key. */
  db: PostgrestClient<Database>;
  settings: ConversionSettings;
  /** How the platforms are reached. */
  fetch: typeof fetch;
  siteUrl: string;
  now: () => Date;
  timeoutMs: number;
}

export function conversionsKind(options: ConversionKindOptions): OutboxKind<ClaimedEvent, SendOutcome> {
  const { db, settings } = options;
  return {
    name: "conversions",
    rows: "conversion events",
    claim: (maxRows, onlyLead) =>
      db.rpc("claim_conversion_events", { max_rows: maxRows, ...(onlyLead ? { only_lead: onlyLead } : {}) }),

    async send(event) {
      // The triggers queue a row as waiting only with consent; this repeats the rule where it is used.
      if (!event.ad_user_data) return { kind: "skipped", reason: "no_consent" };
      const context: SendContext = {
        fetch: options.fetch,
        now: options.now(),
        timeoutMs: options.timeoutMs,
        siteUrl: options.siteUrl,
      };
      if (event.platform === "meta")
        return settings.meta
          ? sendToMeta(event, settings.meta, context)
          : { kind: "skipped", reason: "not_configured" };
      return settings.google
        ? sendToGoogle(event, settings.google, context)
        : { kind: "skipped", reason: "not_configured" };
    },

    finish(event, outcome, retryAt) {
      const args: Args = { event_id: event.id, token: event.claim_token, outcome: outcome.kind };
      if (outcome.kind === "skipped") args.detail = outcome.reason;
      else {
        if (outcome.kind !== "delivered") args.detail = outcome.error;
        if (outcome.response !== undefined) args.platform_response = outcome.response as Args["platform_response"];
      }
      if (retryAt) args.retry_at = retryAt.toISOString();
      if (outcome.kind === "delivered" && outcome.value) {
        args.sent_value = outcome.value.amount;
        args.sent_currency = outcome.value.currency;
      }
      return db.rpc("finish_conversion_event", args);
    },

    describe: (event) => `${event.platform} ${event.event} for lead ${event.lead_id}`,
    service: (event) => (event.platform === "meta" ? "meta" : "google_ads"),
  };
}
