/**
 * Meta's Conversions API: one server event per outbox row, POSTed to
 * `{META_GRAPH_URL}/{pixel id}/events` (https://developers.facebook.com/docs/marketing-api/conversions-api).
 * - 'lead': the standard `Lead` event, `action_source: website`, with the page it happened on, the
 *   browser's address and user agent (unhashed, as the API requires) and `fbc`/`fbp`.
 * - 'scheduled': the standard `Schedule` event (a discovery call booked on the site), as a website
 *   event like the lead's, event_id `<lead id>.scheduled`.
 * - 'qualified': a CRM event (`action_source: system_generated`, `custom_data.event_source: crm`)
 *   with the package's value in naira when known.
 * - 'purchase': the standard `Purchase` event, one per counted payment (event_id
 *   `<lead id>.purchase.<payment id>`), with `custom_data.value` (the amount paid, in major units) and
 *   `currency` (ISO 4217), which Meta requires of a purchase. The client pays from the proposal's page
 *   on the site (Paystack's checkout returns there), so it is a website event whose
 *   event_source_url is that page, with the lead's browser as the Lead and Schedule events send it;
 *   a lead whose browser was never kept (a website event needs its user agent) is sent as `other`.
 * `event_id` makes a resend count once: Meta deduplicates events with the same name and id.
 * Success is `{ events_received, messages, fbtrace_id }`; an error is `{ error: { message, type,
 * code, error_subcode, is_transient, fbtrace_id } }`.
 */
import { PROPOSAL_VIEW_PATH } from "../../lib/proposals/view-path.js";
import { fbcOf, normaliseEmail, phoneDigits, sha256Hex } from "./identifiers.js";
import type { MetaSettings } from "./settings.js";
import { clickOf, describeFetchError, type ClaimedEvent, type SendContext, type SendOutcome } from "./types.js";
import { leadValue, purchaseValue } from "./value.js";

/** Meta refuses a whole request with an event older than this. */
const META_MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const META_CRM_EVENT_NAME = "Qualified";
const META_LEAD_EVENT_SOURCE = "Ascend Digital website";

interface MetaServerEvent {
  event_name: string;
  event_time: number;
  event_id: string;
  action_source: "website" | "system_generated" | "other";
  event_source_url?: string;
  user_data: Record<string, string | string[]>;
  custom_data?: Record<string, string | number>;
}

/** Meta's standard event for a booked appointment. */
const META_SCHEDULE_EVENT_NAME = "Schedule";
/** Meta's standard event for money received. */
const META_PURCHASE_EVENT_NAME = "Purchase";

/** The lead's own id for its Lead event; a lead pays more than once, so a purchase adds its payment. */
function metaEventId(event: Pick<ClaimedEvent, "lead_id" | "event" | "payment_id">): string {
  if (event.event === "lead") return event.lead_id;
  if (event.event === "purchase") return `${event.lead_id}.purchase.${event.payment_id}`;
  return `${event.lead_id}.${event.event}`;
}

/** A payment: website when the lead's browser is known, as Meta requires its user agent of those. */
function buildMetaPurchase(
  event: ClaimedEvent,
  base: Pick<MetaServerEvent, "event_time" | "user_data">,
  siteUrl: string,
): MetaServerEvent {
  const value = purchaseValue(event);
  const website = Boolean(event.client_user_agent);
  if (website) {
    if (event.client_ip) base.user_data.client_ip_address = event.client_ip;
    base.user_data.client_user_agent = event.client_user_agent!;
  }
  return {
    event_name: META_PURCHASE_EVENT_NAME,
    ...base,
    event_id: metaEventId(event),
    action_source: website ? "website" : "other",
    ...(website ? { event_source_url: new URL(PROPOSAL_VIEW_PATH, siteUrl).toString() } : {}),
    custom_data: value ? { value: value.amount, currency: value.currency } : {},
  };
}

function buildMetaEvent(event: ClaimedEvent, siteUrl: string): MetaServerEvent {
  const user_data: Record<string, string | string[]> = { em: [sha256Hex(normaliseEmail(event.email))] };
  const phone = event.phone ? phoneDigits(event.phone) : null;
  if (phone) user_data.ph = [sha256Hex(phone)];
  const click = clickOf(event, "fbclid");
  if (click) user_data.fbc = fbcOf(click.id, click.at ?? new Date(event.event_time));
  if (event.fbp) user_data.fbp = event.fbp;
  const eventTime = Math.floor(new Date(event.event_time).getTime() / 1000);

  if (event.event === "purchase") return buildMetaPurchase(event, { event_time: eventTime, user_data }, siteUrl);
  if (event.event === "lead" || event.event === "scheduled") {
    if (event.client_ip) user_data.client_ip_address = event.client_ip;
    if (event.client_user_agent) user_data.client_user_agent = event.client_user_agent;
    // A call is booked on /book or on /thank-you after the form; /book names the booking page either way.
    const landing =
      event.event === "scheduled"
        ? "/book"
        : (event.latest_touch?.landing_page ?? event.first_touch?.landing_page ?? "/contact");
    return {
      event_name: event.event === "scheduled" ? META_SCHEDULE_EVENT_NAME : "Lead",
      event_time: eventTime,
      event_id: metaEventId(event),
      action_source: "website",
      event_source_url: new URL(landing, siteUrl).toString(),
      user_data,
    };
  }
  const value = leadValue(event);
  return {
    event_name: META_CRM_EVENT_NAME,
    event_time: eventTime,
    event_id: metaEventId(event),
    action_source: "system_generated",
    user_data,
    custom_data: {
      event_source: "crm",
      lead_event_source: META_LEAD_EVENT_SOURCE,
      ...(value ? { value: value.amount, currency: value.currency } : {}),
    },
  };
}

/** An answer of Meta's Graph API that may hold its error (the Conversions API's and the Marketing API's alike). */
export interface MetaError {
  error?: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    is_transient?: boolean;
    error_user_msg?: string;
    fbtrace_id?: string;
  };
}

export async function sendToMeta(
  event: ClaimedEvent,
  settings: MetaSettings,
  context: SendContext,
): Promise<SendOutcome> {
  if (context.now.getTime() - new Date(event.event_time).getTime() > META_MAX_EVENT_AGE_MS) {
    return {
      kind: "failed",
      error: "Meta accepts events up to 7 days old; this one is older and can no longer be sent.",
    };
  }
  const serverEvent = buildMetaEvent(event, context.siteUrl);
  const body = {
    data: [serverEvent],
    ...(settings.testEventCode ? { test_event_code: settings.testEventCode } : {}),
    access_token: settings.accessToken,
  };
  let response: Response;
  try {
    response = await context.fetch(`${settings.graphUrl}/${encodeURIComponent(settings.pixelId)}/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(context.timeoutMs),
    });
  } catch (caught) {
    return { kind: "retry", error: describeFetchError(caught, "Meta", context.timeoutMs) };
  }
  const answer = (await response.json().catch(() => null)) as (MetaError & { events_received?: number }) | null;
  if (response.ok && answer && typeof answer.events_received === "number" && answer.events_received >= 1) {
    const value = serverEvent.custom_data?.value;
    const currency = serverEvent.custom_data?.currency;
    return {
      kind: "delivered",
      response: answer,
      ...(typeof value === "number" ? { value: { amount: value, currency: String(currency ?? "NGN") } } : {}),
    };
  }
  const error = answer?.error;
  const message = error?.message
    ? `Meta answered ${response.status}: ${error.message}${error.error_user_msg ? ` (${error.error_user_msg})` : ""}${error.code !== undefined ? ` [code ${error.code}${error.error_subcode ? `/${error.error_subcode}` : ""}]` : ""}`
    : `Meta answered ${response.status} without the expected body.`;
  const transient =
    response.status === 429 ||
    response.status >= 500 ||
    error?.is_transient === true ||
    error?.code === 2 ||
    error?.code === 4 ||
    error?.code === 17;
  return { kind: transient ? "retry" : "failed", error: message, response: answer ?? undefined };
}
