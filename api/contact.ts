/**
 * POST /api/contact: an enquiry from the contact form, stored in public.leads with its attribution.
 *
 * A Web-standard handler in Vercel's `export default { fetch }` form, like api/subscribe.ts. It:
 * 1. accepts POST only (405), JSON or form data (415), at most MAX_BODY_BYTES (413);
 * 2. validates every answer with the form's own rules (src/lib/lead-rules.ts): 400 with a message
 *    that names the field, and `field` for the form to point at;
 * 3. answers bots as if accepted and stores nothing: a filled honeypot field (`website`, hidden from
 *    people) or a submit faster than MIN_FILL_MS after the form appeared (`elapsedMs`, sent by the
 *    page's script; a browser posting without script sends none and is not judged by it);
 * 4. refuses floods (429) per client IP and per e-mail address;
 * 5. inserts the lead through Supabase's REST API with the anon key and `return=minimal`: RLS lets
 *    anon insert and nothing else, not even read the row back, so the function chooses the id
 *    itself. The database's check constraints repeat the rules. 503 when the backend is unreachable;
 * 6. then, if LEADS_WEBHOOK_URL is set, POSTs the lead as JSON to it (the agency's CRM, n8n, Make or
 *    Zapier) after the visitor has their answer (`waitUntil`), with a timeout and one retry, and
 *    records the outcome on the lead through `record_lead_forward` (the token it stored with the
 *    lead proves it is the function that wrote it). A failed forward never fails the submit.
 *
 * A browser that posts the form natively (no script yet) gets a redirect to /thank-you, or a page
 * that says what went wrong, lists every answer and can send them again.
 *
 * Settings (process.env, read per request): SUPABASE_URL / VITE_SUPABASE_URL and the anon key (see
 * api/_lib/supabase.ts); LEADS_WEBHOOK_URL; LEADS_WEBHOOK_SECRET (signs the body: `x-signature-256:
 * sha256=<hex HMAC>`); LEADS_WEBHOOK_TIMEOUT_MS (default 5000); VITE_CONTACT_EMAIL and
 * VITE_WHATSAPP_NUMBER for the other ways to reach the agency.
 */
import { createHmac, randomUUID } from "node:crypto";
import { waitUntil as vercelWaitUntil } from "@vercel/functions";
import { CONFIG_DEFAULTS, whatsappHref } from "../src/config-defaults.js";
import { contactCopy, type ContactRequest } from "../src/content/contact.js";
import { firstLeadError, LEAD_FIELD_LABELS, leadErrors, readAnswers, toLeadRow, type LeadField } from "../src/lib/lead-rules.js";
import type { LeadInsert } from "../src/lib/database.types.js";
import { BodyError, clientIp, htmlPage, isNativeFormPost, json, RateLimiter, readFields } from "./_lib/http.js";
import { restClient, supabaseTarget } from "./_lib/supabase.js";
import { escapeHtml } from "../src/lib/text.js";
import { consentColumns, dispatchNewLead, type ConversionRuntime } from "../src/server/conversions/handlers.js";

/** An enquiry is a few kilobytes at most (the longest answers are 5000 and 2000 characters). */
export const MAX_BODY_BYTES = 32 * 1024;
/** A person needs longer than this to fill in the form; scripts post at once. */
export const MIN_FILL_MS = 1_500;
/** Stored leads allowed per window, per client IP and per e-mail address. */
export const RATE_LIMIT = { windowMs: 10 * 60_000, perIp: 10, perAddress: 5 } as const;
const DEFAULT_WEBHOOK_TIMEOUT_MS = 5_000;
const WEBHOOK_RETRY_DELAY_MS = 500;

export const messages = {
  methodNotAllowed: "Method Not Allowed",
  unsupportedType: "Send the enquiry as JSON or as form data.",
  malformedJson: "The request body is not valid JSON.",
  malformedForm: "The request body is not valid form data.",
  tooLarge: `The enquiry is too large (at most ${MAX_BODY_BYTES / 1024} KB).`,
  empty: "The enquiry is empty: send at least a full name and an e-mail address.",
  rateLimited: "Too many enquiries from here in a short time. Please wait a few minutes and try again, or email us.",
  unavailable: "We could not save your enquiry just now. Please try again in a minute, or email or WhatsApp us.",
  refused: "Some answers could not be saved. Please check them and try again.",
  accepted: "Thank you! Your enquiry has reached our team.",
} as const;

type Env = Record<string, string | undefined>;

export interface ContactOptions {
  /** How the function reaches Supabase (the local servers pass an in-process one). */
  fetch?: typeof fetch;
  /** How it reaches the webhook (tests pass a recorder). */
  webhookFetch?: typeof fetch;
  /** Settings; read on every request (default process.env). */
  env?: Env;
  /** Keeps background work (the webhook) alive after the response: Vercel's waitUntil by default. */
  waitUntil?: (work: Promise<unknown>) => void;
  /** How the conversions dispatcher reaches the platforms and the service-role key (tests, local servers). */
  conversions?: ConversionRuntime;
}

interface Submission {
  values: ContactRequest;
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
  const answers = readAnswers(fields);
  if ("field" in answers) throw new Refusal(400, answers.message, answers.field);
  const found = firstLeadError(leadErrors(answers.values));
  if (found) throw new Refusal(400, found.message, found.field);
  const elapsed = Number(fields.elapsedMs);
  return {
    values: answers.values,
    attribution: parseAttribution(fields.attribution),
    honeypot: typeof fields.website === "string" ? fields.website.trim() : fields.website ? "filled" : "",
    elapsedMs: fields.elapsedMs === undefined || fields.elapsedMs === "" || !Number.isFinite(elapsed) ? null : elapsed,
  };
}

/** The JSON the webhook receives: the stored answers, the attribution, and where to follow it up. */
export interface WebhookPayload {
  event: "lead.created";
  lead: LeadInsert & { id: string; created_at: string };
  admin_url: string;
}

function sign(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** One POST to the webhook, then one retry on a network failure, a timeout, a 429 or a 5xx. */
async function forwardLead(payload: WebhookPayload, env: Env, send: typeof fetch): Promise<{ forwarded: boolean; error?: string }> {
  const url = env.LEADS_WEBHOOK_URL!.trim();
  if (!/^https?:\/\//i.test(url)) return { forwarded: false, error: "LEADS_WEBHOOK_URL is not an http(s) URL." };
  const body = JSON.stringify(payload);
  const secret = env.LEADS_WEBHOOK_SECRET?.trim();
  const configuredTimeout = Number(env.LEADS_WEBHOOK_TIMEOUT_MS);
  const timeoutMs = Number.isFinite(configuredTimeout) && configuredTimeout > 0 ? configuredTimeout : DEFAULT_WEBHOOK_TIMEOUT_MS;
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "user-agent": "ascend-digital-leads/1",
    // The same key on the retry, so a receiver that saw the first attempt can drop the second.
    "idempotency-key": payload.lead.id,
  };
  if (secret) headers["x-signature-256"] = sign(body, secret);

  let error = "";
  let attempts = 0;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    attempts = attempt;
    try {
      const response = await send(url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return { forwarded: true };
      error = `The webhook answered ${response.status}.`;
      if (response.status !== 429 && response.status < 500) break;
    } catch (caught) {
      error = caught instanceof Error && caught.name === "TimeoutError" ? `The webhook did not answer within ${timeoutMs} ms.` : "The webhook could not be reached.";
    }
    if (attempt === 1) await new Promise((resolve) => setTimeout(resolve, WEBHOOK_RETRY_DELAY_MS));
  }
  return { forwarded: false, error: attempts > 1 ? `${error} (tried twice)` : error };
}

export function createContactHandler(options: ContactOptions = {}) {
  const limiter = new RateLimiter(RATE_LIMIT.windowMs);

  async function handle(request: Request): Promise<Response> {
    if (request.method !== "POST") return json(405, { message: messages.methodNotAllowed }, { allow: "POST" });
    const env = options.env ?? process.env;

    let submission: Submission;
    try {
      submission = await readSubmission(request);
    } catch (error) {
      if (error instanceof BodyError) return json(error.status, { message: error.message });
      if (error instanceof Refusal) return json(error.status, { message: error.message, ...(error.field ? { field: error.field } : {}) });
      throw error;
    }

    // Bots get the answer people get, and nothing is stored or counted.
    if (submission.honeypot || (submission.elapsedMs !== null && submission.elapsedMs < MIN_FILL_MS)) {
      return json(200, { message: messages.accepted });
    }

    const ip = clientIp(request);
    const ipAllowed = ip ? limiter.allow(`ip:${ip}`, RATE_LIMIT.perIp) : true;
    const addressAllowed = limiter.allow(`address:${submission.values.email.trim().toLowerCase()}`, RATE_LIMIT.perAddress);
    if (!ipAllowed || !addressAllowed) return json(429, { message: messages.rateLimited }, { "retry-after": String(RATE_LIMIT.windowMs / 1000) });

    const target = supabaseTarget(request, env);
    if (!target) {
      console.error("contact: no Supabase URL and anon key are configured (SUPABASE_URL / VITE_SUPABASE_URL)");
      return json(503, { message: messages.unavailable }, { "retry-after": "60" });
    }
    const rest = restClient(target, options.fetch);
    const webhookUrl = env.LEADS_WEBHOOK_URL?.trim();
    const id = randomUUID();
    const forwardToken = webhookUrl ? randomUUID() : null;
    const row = { ...toLeadRow(submission.values, submission.attribution), id, forward_token: forwardToken, ...consentColumns(request) };
    const createdAt = new Date().toISOString();

    const { error } = await rest.from("leads").insert(row);
    if (error) {
      // A check constraint (code 23xxx) means the rules here and in the database drifted apart.
      if (error.code?.startsWith("23")) {
        console.error("contact: the database refused a lead that passed validation:", error.code, error.message);
        return json(400, { message: messages.refused });
      }
      console.error("contact: the lead could not be stored:", error.code ?? "", error.message);
      return json(503, { message: messages.unavailable }, { "retry-after": "60" });
    }

    // The lead's conversion events (queued by the database with the lead) go out after the answer.
    const conversions = dispatchNewLead(request, { env, ...(options.fetch ? { dbFetch: options.fetch } : {}), ...options.conversions }, id);
    if (conversions) (options.waitUntil ?? vercelWaitUntil)(conversions);
    if (webhookUrl && forwardToken) {
      const { forward_token: _secret, ad_user_data: _a, ad_personalization: _p, consent_given_at: _c, fbp: _f, client_ip: _i, client_user_agent: _u, ...lead } = row;
      const payload: WebhookPayload = { event: "lead.created", lead: { ...lead, id, created_at: createdAt }, admin_url: `${siteOrigin(request, env)}/admin/leads/${id}` };
      const work = forwardLead(payload, env, options.webhookFetch ?? fetch)
        .then(async (outcome) => {
          if (!outcome.forwarded) console.error(`contact: lead ${id} was stored but not forwarded: ${outcome.error}`);
          const recorded = await rest.rpc("record_lead_forward", { lead_id: id, token: forwardToken, forwarded: outcome.forwarded, error: outcome.error ?? null });
          if (recorded.error || recorded.data !== true) console.error(`contact: could not record the forward of lead ${id}:`, recorded.error?.message ?? "refused");
        })
        .catch((caught: unknown) => console.error(`contact: forwarding lead ${id} failed:`, caught));
      (options.waitUntil ?? vercelWaitUntil)(work);
    }
    return json(200, { message: messages.accepted });
  }

  return async function handleContact(request: Request): Promise<Response> {
    // The answers are read twice for a native post's page, so keep an unread copy first.
    const copy = isNativeFormPost(request) ? request.clone() : null;
    const response = await handle(request);
    return copy ? asHtmlPage(copy, response) : response;
  };
}

function siteOrigin(request: Request, env: Env): string {
  return (env.VITE_SITE_URL?.trim() || new URL(request.url).origin).replace(/\/+$/, "");
}

// ---- Plain HTML form posts ------------------------------------------------------------------------

/**
 * A browser that posted the form itself navigates to this answer: /thank-you when the lead was
 * stored, else a page that says what went wrong, shows every answer (as text), offers to send them
 * again when retrying can help, and gives the e-mail address and WhatsApp as other ways in.
 */
async function asHtmlPage(request: Request, response: Response): Promise<Response> {
  if (response.ok) return new Response(null, { status: 303, headers: { location: "/thank-you", "cache-control": "no-store" } });
  const { message } = (await response.clone().json()) as { message: string };
  let answers: Record<string, unknown> = {};
  try {
    answers = (await readFields(request, MAX_BODY_BYTES, messages)) ?? {};
  } catch {
    // An unreadable body has no answers to show.
  }
  const env = process.env;
  const email = env.VITE_CONTACT_EMAIL?.trim() || CONFIG_DEFAULTS.contactEmail;
  const whatsapp = env.VITE_WHATSAPP_NUMBER?.trim() || CONFIG_DEFAULTS.whatsappNumber;
  const failure = contactCopy.failure;

  const shown = (Object.keys(LEAD_FIELD_LABELS) as LeadField[])
    .map((field) => [field, answers[field]] as const)
    .filter(([, value]) => (Array.isArray(value) ? value.length > 0 : typeof value === "string" && value.trim() !== ""));
  const list = shown
    .map(([field, value]) => `<dt><strong>${escapeHtml(LEAD_FIELD_LABELS[field])}</strong></dt><dd style="margin:0 0 .75rem;white-space:pre-wrap">${escapeHtml(Array.isArray(value) ? value.join(", ") : String(value))}</dd>`)
    .join("");
  const hidden = shown
    .flatMap(([field, value]) => (Array.isArray(value) ? value : [value]).map((item) => `<input type="hidden" name="${escapeHtml(field)}" value="${escapeHtml(String(item))}">`))
    .join("");
  const canRetry = response.status >= 500 || response.status === 429;
  const retry = canRetry ? `<form method="post" action="/api/contact">${hidden}<button type="submit">${escapeHtml(failure.retry)}</button></form>` : "";
  const body = [
    `<p>${escapeHtml(message)}</p>`,
    canRetry ? "" : `<p>Use your browser's Back button to correct it: your answers are still in the form.</p>`,
    retry,
    `<p>${escapeHtml(failure.alternatives)} <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a> · <a href="${escapeHtml(whatsappHref(whatsapp, "Hi Ascend Digital, I tried to send my details through your contact form."))}">${escapeHtml(failure.whatsapp)}</a></p>`,
    list ? `<h2>Your answers</h2><dl>${list}</dl>` : "",
  ].join("");
  const headers = Object.fromEntries(response.headers);
  delete headers["content-type"];
  return htmlPage(response.status, failure.heading, body, headers);
}

export default { fetch: createContactHandler() };
