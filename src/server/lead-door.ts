/**
 * The one door leads come in by, shared by the contact form (contact.ts) and a call booked on /book
 * (calls/handler.ts): the bot checks, the flood limits per client and per address, the insert with
 * the service-role key (anon may not insert leads, so every stored lead passed these checks) and the
 * run of the outbox the lead's transaction queued (the team's e-mail and WhatsApp, the visitor's
 * reply, the CRM webhook, the ad events). Each function reads and validates its own body with the
 * rules of src/lib/lead-rules.ts, then hands the answers here.
 */
import { randomUUID } from "node:crypto";
import { contactFunctionCopy } from "../content/functions.js";
import { toLeadRow, type LeadAnswers } from "../lib/lead-rules.js";
import { consentColumns } from "./conversions/consent.js";
import { json } from "./http.js";
import { dispatchForLead, type OutboxRuntime } from "./outbox/run.js";
import type { RateLimiter } from "./rate-limit.js";
import { refuseFlood } from "./request-limits.js";
import type { ServerSettings } from "./settings.js";
import type { DbClient } from "./supabase.js";

/** A person needs longer than this to fill in a form; scripts post at once. */
const MIN_FILL_MS = 1_500;
/** Stored leads allowed per window, per client IP and per e-mail address, whichever form sent them. */
export const LEAD_RATE_LIMIT = { windowMs: 10 * 60_000, perIp: 10, perAddress: 5 } as const;
/** The name the limits count leads under (kept from when the contact form was the only door). */
const LEAD_ROUTE = "contact";

const messages = contactFunctionCopy.messages;

export interface LeadSubmission {
  values: LeadAnswers;
  attribution: { first?: unknown; latest?: unknown };
  /** The hidden `website` field, trimmed ("filled" for a non-text value). */
  honeypot: string;
  /** Milliseconds from the form's appearance to its submit, as the page's script measured; null without. */
  elapsedMs: number | null;
}

/** What the door needs of the function that opens it. */
export interface LeadDoorRuntime {
  waitUntil: (work: Promise<unknown>) => void;
  fetch?: typeof fetch;
  conversions?: Omit<OutboxRuntime, "settings">;
  now?: () => Date;
}

export function parseAttribution(raw: unknown): LeadSubmission["attribution"] {
  if (typeof raw === "string") {
    // A native form post carries the attribution as one JSON field, if the page's script filled it.
    try {
      return parseAttribution(JSON.parse(raw));
    } catch {
      return {};
    }
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const { first, latest } = raw as Record<string, unknown>;
  return { first, latest };
}

/** The bot fields of a body: the honeypot and the fill time. */
export function botFields(fields: Record<string, unknown>): Pick<LeadSubmission, "honeypot" | "elapsedMs"> {
  const elapsed = Number(fields.elapsedMs);
  return {
    honeypot: typeof fields.website === "string" ? fields.website.trim() : fields.website ? "filled" : "",
    elapsedMs: fields.elapsedMs === undefined || fields.elapsedMs === "" || !Number.isFinite(elapsed) ? null : elapsed,
  };
}

/** A filled honeypot or a submit faster than a person: answered as if accepted, stored nowhere. */
export function isBot(submission: Pick<LeadSubmission, "honeypot" | "elapsedMs">): boolean {
  return Boolean(submission.honeypot) || (submission.elapsedMs !== null && submission.elapsedMs < MIN_FILL_MS);
}

/**
 * The answer when the database refused the insert. A check constraint (code 23xxx) means the rules
 * here and in the database drifted apart; a data exception (22xxx: a value Postgres cannot hold) is
 * the request's fault too. Neither is an outage, so neither answers 503.
 */
function storeFailure(error: { code?: string; message: string }): Response {
  if (error.code?.startsWith("23") || error.code?.startsWith("22")) {
    console.error("leads: the database refused a lead that passed validation:", error.code, error.message);
    return json(400, { message: messages.refused });
  }
  // A key the database does not accept (PGRST301, 42501) is a configuration fault, said as such.
  if (error.code === "PGRST301" || error.code === "42501") {
    console.error(
      "leads: the database refused the function's key (SUPABASE_SERVICE_ROLE_KEY):",
      error.code,
      error.message,
    );
  } else {
    console.error("leads: the lead could not be stored:", error.code ?? "", error.message);
  }
  return json(503, { message: messages.unavailable }, { "retry-after": "60" });
}

export type LeadDoorOutcome = { stored: true; id: string } | { stored: false; response: Response };

/**
 * Counts the submission against the flood limits (429 with Retry-After), stores the lead with its
 * attribution and consent, and after the answer (`waitUntil`) runs the outbox its transaction queued.
 * `db` is the function's service-role client; the bot checks come first, in the caller.
 */
export async function storeLead(
  request: Request,
  settings: ServerSettings,
  db: DbClient,
  limiter: RateLimiter,
  submission: Pick<LeadSubmission, "values" | "attribution">,
  runtime: LeadDoorRuntime,
  /** /book's lead: nothing is sent for it and the team does not see it until its call is confirmed. */
  { awaitingConfirmation = false }: { awaitingConfirmation?: boolean } = {},
): Promise<LeadDoorOutcome> {
  const flood = await refuseFlood(limiter, request, LEAD_ROUTE, LEAD_RATE_LIMIT, submission.values.email);
  if (flood) {
    const response = json(429, { message: messages.rateLimited }, { "retry-after": String(flood.retryAfterSeconds) });
    return { stored: false, response };
  }
  const id = randomUUID();
  const row = {
    ...toLeadRow(submission.values, submission.attribution),
    id,
    ...consentColumns(request, runtime.now?.()),
    ...(awaitingConfirmation ? { awaiting_confirmation: true } : {}),
  };
  const { error } = await db.from("leads").insert(row);
  if (error) return { stored: false, response: storeFailure(error) };

  // The lead's transaction queued its messages and ad events; send them now, after the answer.
  runtime.waitUntil(
    dispatchForLead(
      request,
      { settings: () => settings, ...(runtime.fetch ? { dbFetch: runtime.fetch } : {}), ...runtime.conversions },
      id,
    ),
  );
  return { stored: true, id };
}
