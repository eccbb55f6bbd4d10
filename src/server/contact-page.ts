/**
 * The answer to a contact form the browser posted itself (no script yet, or none): /thank-you when
 * the lead was stored, else a page that says what went wrong, shows every answer (as text), offers
 * to send them again when retrying can help, and gives the e-mail address and WhatsApp as other
 * ways in.
 */
import { whatsappHref } from "../config-defaults.js";
import { contactCopy, leadFieldLabels } from "../content/contact.js";
import { FUNCTION_LIMITS, contactFunctionCopy } from "../content/functions.js";
import type { LeadField } from "../lib/lead-rules.js";
import { escapeHtml } from "../lib/text.js";
import { htmlPage, readFields } from "./http.js";
import type { ServerSettings } from "./settings.js";

export async function contactFailurePage(
  request: Request,
  response: Response,
  settings: ServerSettings,
): Promise<Response> {
  if (response.ok) {
    // The lead booking token rides in the fragment: the browser keeps it for /thank-you's script and
    // never sends it to a server.
    const { bookingToken } = (await response.clone().json()) as { bookingToken?: string };
    const location = bookingToken ? `/thank-you#booking=${encodeURIComponent(bookingToken)}` : "/thank-you";
    return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
  }
  const { message } = (await response.clone().json()) as { message: string };
  let answers: Record<string, unknown> = {};
  try {
    answers = (await readFields(request, FUNCTION_LIMITS.contactBodyBytes, contactFunctionCopy.messages)) ?? {};
  } catch {
    // An unreadable body has no answers to show.
  }
  const { contactEmail: email, whatsappNumber: whatsapp } = settings;
  const failure = contactCopy.failure;
  const copy = contactFunctionCopy.page;

  const shown = (Object.keys(leadFieldLabels) as LeadField[])
    .map((field) => [field, answers[field]] as const)
    .filter(([, value]) =>
      Array.isArray(value) ? value.length > 0 : typeof value === "string" && value.trim() !== "",
    );
  const list = shown
    .map(
      ([field, value]) =>
        `<dt><strong>${escapeHtml(leadFieldLabels[field])}</strong></dt><dd style="margin:0 0 .75rem;white-space:pre-wrap">${escapeHtml(Array.isArray(value) ? value.join(", ") : String(value))}</dd>`,
    )
    .join("");
  const hidden = shown
    .flatMap(([field, value]) =>
      (Array.isArray(value) ? value : [value]).map(
        (item) => `<input type="hidden" name="${escapeHtml(field)}" value="${escapeHtml(String(item))}">`,
      ),
    )
    .join("");
  const canRetry = response.status >= 500 || response.status === 429;
  const retry = canRetry
    ? `<form method="post" action="/api/contact">${hidden}<button type="submit">${escapeHtml(failure.retry)}</button></form>`
    : "";
  const body = [
    `<p>${escapeHtml(message)}</p>`,
    canRetry ? "" : `<p>${escapeHtml(copy.correct, "content")}</p>`,
    retry,
    `<p>${escapeHtml(failure.alternatives)} <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a> · <a href="${escapeHtml(whatsappHref(whatsapp, copy.whatsappMessage))}">${escapeHtml(failure.whatsapp)}</a></p>`,
    list ? `<h2>${escapeHtml(copy.answersHeading)}</h2><dl>${list}</dl>` : "",
  ].join("");
  const headers = Object.fromEntries(response.headers);
  delete headers["content-type"];
  return htmlPage(response.status, failure.heading, body, headers);
}
