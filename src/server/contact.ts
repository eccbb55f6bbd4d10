/**
 * POST /api/contact: an enquiry from the contact form, stored in public.leads with its attribution
 * (api/contact.ts is the adapter Vercel runs). It:
 * 1. accepts POST only (405), JSON or form data (415), at most MAX_BODY_BYTES (413);
 * 2. validates every answer with the form's own rules (src/lib/lead-rules.ts): 400 with a message
 *    that names the field, and `field` for the form to point at;
 * 3. answers bots as if accepted and stores nothing: a filled honeypot field (`website`, hidden from
 *    people) or a submit faster than a person could (`elapsedMs`, sent by the page's script; a
 *    browser posting without script sends none and is not judged by it);
 * 4-6. opens the one door leads come in by (lead-door.ts, shared with a call booked on /book):
 *    refuses floods (429 with Retry-After) per client IP and per e-mail address, counted in Postgres
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
 *    the submit;
 * 7. answers 200 `{ message, bookingToken }`: bookingToken (calls/tokens.ts) lets /thank-you book one
 *    discovery call for this lead within two hours through api/calls (left out if it could not be
 *    stored).
 *
 * A browser that posts the form natively (no script yet) gets a redirect to /thank-you (with the
 * booking token in the fragment, `#booking=…`, which never reaches a server or a log), or a page
 * that says what went wrong and can send the answers again (contact-page.ts).
 */
import { FUNCTION_LIMITS, contactFunctionCopy } from "../content/functions.js";
import { leadFieldLabels, leadForm } from "../content/contact.js";
import { firstLeadError, leadErrors, readAnswers, type LeadAnswers, type LeadField } from "../lib/lead-rules.js";
import { issueLeadBookingToken } from "./calls/tokens.js";
import { contactFailurePage } from "./contact-page.js";
import { BodyError, isNativeFormPost, json, readFields } from "./http.js";
import { botFields, isBot, LEAD_RATE_LIMIT, parseAttribution, storeLead, type LeadSubmission } from "./lead-door.js";
import type { OutboxRuntime } from "./outbox/run.js";
import type { RateLimiter } from "./rate-limit.js";
import { MemoryRateLimiter } from "./rate-limit-memory.js";
import { sharedLimiter } from "./request-limits.js";
import { firstUnstorableField, unstorableMessage } from "./unstorable-text.js";
import type { ServerSettings } from "./settings.js";
import { createServiceClient, serviceTarget } from "./supabase.js";

export type { WebhookPayload } from "./leads-webhook.js";

export const MAX_BODY_BYTES = FUNCTION_LIMITS.contactBodyBytes;
/** Stored leads allowed per window, per client IP and per e-mail address (lead-door.ts, shared with /book). */
export const RATE_LIMIT = LEAD_RATE_LIMIT;

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

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: LeadField,
  ) {
    super(message);
  }
}

async function readSubmission(request: Request): Promise<LeadSubmission> {
  const fields = await readFields(request, MAX_BODY_BYTES, messages);
  if (!fields) throw new Refusal(400, messages.empty);
  const unstorable = firstUnstorableField(fields, Object.keys(leadFieldLabels) as LeadField[]);
  if (unstorable) throw new Refusal(400, unstorableMessage(leadFieldLabels[unstorable]), unstorable);
  const answers = readAnswers(fields, leadForm);
  if ("field" in answers) throw new Refusal(400, answers.message, answers.field);
  const found = firstLeadError(leadErrors(answers.values, leadForm));
  if (found) throw new Refusal(400, found.message, found.field);
  return {
    values: answers.values satisfies LeadAnswers,
    attribution: parseAttribution(fields.attribution),
    ...botFields(fields),
  };
}

export function createContactHandler(deps: ContactDependencies) {
  const fallback = new MemoryRateLimiter(deps.now ? { now: deps.now } : {});
  async function handle(request: Request, settings: ServerSettings): Promise<Response> {
    if (request.method !== "POST") return json(405, { message: messages.methodNotAllowed }, { allow: "POST" });

    let submission: LeadSubmission;
    try {
      submission = await readSubmission(request);
    } catch (error) {
      if (error instanceof BodyError) return json(error.status, { message: error.message });
      if (error instanceof Refusal)
        return json(error.status, { message: error.message, ...(error.field ? { field: error.field } : {}) });
      throw error;
    }

    // Bots get the answer people get, and nothing is stored or counted.
    if (isBot(submission)) return json(200, { message: messages.accepted });

    const target = serviceTarget(settings, request.url);
    if (!target) {
      console.error(
        "contact: leads cannot be stored: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (the function's way into the database)",
      );
      return json(503, { message: messages.notConfigured }, { "retry-after": "300" });
    }
    const db = createServiceClient(target.url, target.key, { fetch: deps.fetch });
    const limiter = deps.limiter ?? sharedLimiter(db, settings, fallback, deps.now);
    const outcome = await storeLead(request, settings, db, limiter, submission, deps);
    if (!outcome.stored) return outcome.response;
    // /thank-you may book a discovery call for this lead with it, without asking again who they are.
    const bookingToken = await issueLeadBookingToken(db, outcome.id);
    return json(200, { message: messages.accepted, ...(bookingToken ? { bookingToken } : {}) });
  }

  return async function handleContact(request: Request): Promise<Response> {
    const settings = deps.settings();
    // The answers are read twice for a native post's page, so keep an unread copy first.
    const copy = isNativeFormPost(request) ? request.clone() : null;
    const response = await handle(request, settings);
    return copy ? contactFailurePage(copy, response, settings) : response;
  };
}
