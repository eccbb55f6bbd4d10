/**
 * POST /api/contact: an enquiry from the contact form, stored in public.leads with its attribution
 * (api/contact.ts is the adapter Vercel runs). It:
 * 1. accepts POST only (405), JSON or form data (415), at most MAX_BODY_BYTES (413);
 * 2. validates every answer with the form's own rules (src/lib/lead-rules.ts): 400 with a message
 *    that names the field, and `field` for the form to point at;
 * 3. answers bots as if accepted and stores nothing: a filled honeypot field (`website`, hidden from
 *    people) or a submit faster than MIN_FILL_MS after the form appeared (`elapsedMs`, sent by the
 *    page's script; a browser posting without script sends none and is not judged by it);
 * 4. refuses floods (429 with Retry-After) per client IP and per e-mail address, counted in Postgres
 *    so every instance shares the count (request-limits.ts);
 * 5. inserts the lead through Supabase's REST API with the service-role key (the server's own door:
 *    anon may not insert leads, so every stored lead passed the checks above) and `return=minimal`,
 *    the function choosing the id itself. The database's check constraints repeat the rules. 503
 *    when the backend is unreachable, or when SUPABASE_SERVICE_ROLE_KEY is not set on a deployment
 *    (logged as such; the visitor is asked to e-mail or WhatsApp instead);
 * 6. the lead's own transaction queued its messages (the team's e-mail and WhatsApp message, the
 *    visitor's reply, the CRM webhook) and its ad conversions in the outboxes; after the visitor has
 *    their answer (`waitUntil`) one run of the outbox sends them (outbox/run.ts), and
 *    whatever fails waits for the scheduled run. A mail server or WhatsApp being down never fails
 *    the submit.
 *
 * A browser that posts the form natively (no script yet) gets a redirect to /thank-you, or a page
 * that says what went wrong and can send the answers again (contact-page.ts).
 */
import { randomUUID } from "node:crypto";
import { FUNCTION_LIMITS, contactFunctionCopy } from "../content/functions.js";
import { leadFieldLabels, leadForm } from "../content/contact.js";
import {
  firstLeadError,
  leadErrors,
  readAnswers,
  toLeadRow,
  type LeadAnswers,
  type LeadField,
} from "../lib/lead-rules.js";
import { contactFailurePage } from "./contact-page.js";
import { BodyError, isNativeFormPost, json, readFields } from "./http.js";
import { consentColumns } from "./conversions/consent.js";
import { dispatchNewLead, type OutboxRuntime } from "./outbox/run.js";
import type { RateLimiter } from "./rate-limit.js";
import { MemoryRateLimiter } from "./rate-limit-memory.js";
import { refuseFlood, sharedLimiter } from "./request-limits.js";
import { firstUnstorableField, unstorableMessage } from "./unstorable-text.js";
import type { ServerSettings } from "./settings.js";
import { createServiceClient, serviceTarget } from "./supabase.js";

export type { WebhookPayload } from "./leads-webhook.js";

export const MAX_BODY_BYTES = FUNCTION_LIMITS.contactBodyBytes;
/** A person needs longer than this to fill in the form; scripts post at once. */
const MIN_FILL_MS = 1_500;
/** Stored leads allowed per window, per client IP and per e-mail address. */
export const RATE_LIMIT = { windowMs: 10 * 60_000, perIp: 10, perAddress: 5 } as const;

export const messages = contactFunctionCopy.messages;

export interface ContactDependencies {
  /** The settings for this request (read per request by the adapter). */
  settings: () => ServerSettings;
  /** Counts submissions (default: the shared Postgres limiter over the same Supabase). */
  limiter?: RateLimiter;
  /** Keeps background work (the dispatcher's run) alive after the response (Vercel's waitUntil). */
  waitUntil: (work: Promise<unknown>) => void;
  /** How the function reaches Supabase (the local servers pass an in-process one). */
  fetch?: typeof fetch;
  /** How the dispatcher reaches the platforms, WhatsApp and the webhook (tests, local servers). */
  conversions?: Omit<OutboxRuntime, "settings">;
  /** The time of a submission, for its rate limit and its consent's age (tests pass a clock). */
  now?: () => Date;
}

interface Submission {
  values: LeadAnswers;
  attribution: { first?: unknown; latest?: unknown };
  honeypot: string;
  elapsedMs: number | null;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: LeadField,
  ) {
    super(message);
  }
}

function parseAttribution(raw: unknown): Submission["attribution"] {
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

async function readSubmission(request: Request): Promise<Submission> {
  const fields = await readFields(request, MAX_BODY_BYTES, messages);
  if (!fields) throw new Refusal(400, messages.empty);
  const unstorable = firstUnstorableField(fields, Object.keys(leadFieldLabels) as LeadField[]);
  if (unstorable) throw new Refusal(400, unstorableMessage(leadFieldLabels[unstorable]), unstorable);
  const answers = readAnswers(fields, leadForm);
  if ("field" in answers) throw new Refusal(400, answers.message, answers.field);
  const found = firstLeadError(leadErrors(answers.values, leadForm));
  if (found) throw new Refusal(400, found.message, found.field);
  const elapsed = Number(fields.elapsedMs);
  return {
    values: answers.values,
    attribution: parseAttribution(fields.attribution),
    honeypot: typeof fields.website === "string" ? fields.website.trim() : fields.website ? "filled" : "",
    elapsedMs: fields.elapsedMs === undefined || fields.elapsedMs === "" || !Number.isFinite(elapsed) ? null : elapsed,
  };
}

/**
 * The answer when the database refused the insert. A check constraint (code 23xxx) means the rules
 * here and in the database drifted apart; a data exception (22xxx: a value Postgres cannot hold) is
 * the request's fault too. Neither is an outage, so neither answers 503.
 */
function storeFailure(error: { code?: string; message: string }): Response {
  if (error.code?.startsWith("23") || error.code?.startsWith("22")) {
    console.error("contact: the database refused a lead that passed validation:", error.code, error.message);
    return json(400, { message: messages.refused });
  }
  // A key the database does not accept (PGRST301, 42501) is a configuration fault, said as such.
  if (error.code === "PGRST301" || error.code === "42501") {
    console.error(
      "contact: the database refused the function's key (SUPABASE_SERVICE_ROLE_KEY):",
      error.code,
      error.message,
    );
  } else {
    console.error("contact: the lead could not be stored:", error.code ?? "", error.message);
  }
  return json(503, { message: messages.unavailable }, { "retry-after": "60" });
}

export function createContactHandler(deps: ContactDependencies) {
  const fallback = new MemoryRateLimiter(deps.now ? { now: deps.now } : {});
  async function handle(request: Request, settings: ServerSettings): Promise<Response> {
    if (request.method !== "POST") return json(405, { message: messages.methodNotAllowed }, { allow: "POST" });

    let submission: Submission;
    try {
      submission = await readSubmission(request);
    } catch (error) {
      if (error instanceof BodyError) return json(error.status, { message: error.message });
      if (error instanceof Refusal)
        return json(error.status, { message: error.message, ...(error.field ? { field: error.field } : {}) });
      throw error;
    }

    // Bots get the answer people get, and nothing is stored or counted.
    if (submission.honeypot || (submission.elapsedMs !== null && submission.elapsedMs < MIN_FILL_MS)) {
      return json(200, { message: messages.accepted });
    }

    const target = serviceTarget(settings, request.url);
    if (!target) {
      console.error(
        "contact: leads cannot be stored: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (the function's way into the database)",
      );
      return json(503, { message: messages.notConfigured }, { "retry-after": "300" });
    }
    const db = createServiceClient(target.url, target.anonKey, { fetch: deps.fetch });
    const flood = await refuseFlood(
      deps.limiter ?? sharedLimiter(db, settings, fallback, deps.now),
      request,
      "contact",
      RATE_LIMIT,
      submission.values.email,
    );
    if (flood) return json(429, { message: messages.rateLimited }, { "retry-after": String(flood.retryAfterSeconds) });
    const id = randomUUID();
    const row = {
      ...toLeadRow(submission.values, submission.attribution),
      id,
      ...consentColumns(request, deps.now?.()),
    };

    const { error } = await db.from("leads").insert(row);
    if (error) return storeFailure(error);

    // The lead's transaction queued its messages and ad events; send them now, after the answer.
    deps.waitUntil(
      dispatchNewLead(
        request,
        { settings: () => settings, ...(deps.fetch ? { dbFetch: deps.fetch } : {}), ...deps.conversions },
        id,
      ),
    );
    return json(200, { message: messages.accepted });
  }

  return async function handleContact(request: Request): Promise<Response> {
    const settings = deps.settings();
    // The answers are read twice for a native post's page, so keep an unread copy first.
    const copy = isNativeFormPost(request) ? request.clone() : null;
    const response = await handle(request, settings);
    return copy ? contactFailurePage(copy, response, settings) : response;
  };
}
