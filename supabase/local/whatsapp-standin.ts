import { randomBytes } from "node:crypto";
import { DEFAULT_WHATSAPP_GRAPH_URL } from "../../src/server/settings.ts";
import type { WebHandler } from "./node-http.ts";
import { escapeHtml, localPage } from "./local-page.ts";

/**
 * A local stand-in for the WhatsApp Business Cloud API (`POST /{version}/{phone number id}/messages`
 * on the Graph API), for development and tests only: the dev and preview servers mount it when
 * WHATSAPP_GRAPH_URL is not configured and point the WhatsApp settings at it with local values (see
 * functions-plugin.ts). It checks what the Cloud API checks for a template message, and answers in
 * its shapes:
 * - `Authorization: Bearer <token>` (error 190, HTTP 401) and the phone number id (100, subcode 33);
 * - `messaging_product: "whatsapp"`, `type: "template"`, `to` as E.164 digits (100 / 131009);
 * - the template's name and language as approved (132001) and its body parameter count (132000);
 * - success: `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid..." }] }`.
 * `GET <path>` lists what it accepted (HTML), `GET <path>.json` the same as JSON.
 */
const WHATSAPP_STANDIN_PATH = "/__local/whatsapp";
/** The Graph API version the stand-in's URL carries (the sender's default); any `vNN.N` is answered. */
const WHATSAPP_STANDIN_VERSION = new URL(DEFAULT_WHATSAPP_GRAPH_URL).pathname.slice(1);
/**
 * The templates the local settings name, each approved in one language with three body parameters:
 * the team's alert (name, service, admin link) and the client's proposal (name, proposal, link).
 */
const WHATSAPP_STANDIN_LANGUAGE = "en";
const WHATSAPP_STANDIN_TEMPLATES: Record<string, number> = { new_lead_alert: 3, proposal_link: 3 };
const MAX_KEPT = 200;

interface WhatsAppReceived {
  id: string;
  at: string;
  to: string;
  template: string;
  language: string;
  /** The body parameters' text (the team's: name, service, admin link; the client's: name, proposal, link). */
  parameters: string[];
}

export interface WhatsAppStandin {
  path: string;
  handler: WebHandler;
  /** Accepted messages, newest first. */
  received(): WhatsAppReceived[];
  clear(): void;
  credentials: { phoneNumberId: string; token: string; template: string; proposalTemplate: string; language: string };
}

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", connection: "close" },
  });
}

/** The Graph API's error shape, as the Cloud API sends it. */
function graphError(status: number, code: number, message: string, details?: string, subcode?: number): Response {
  return reply(status, {
    error: {
      message,
      type: "OAuthException",
      code,
      ...(subcode ? { error_subcode: subcode } : {}),
      ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
      fbtrace_id: randomBytes(8).toString("base64url"),
    },
  });
}

const invalidParameter = (details: string) => graphError(400, 100, "(#100) Invalid parameter", details);

/** E.164 without the plus, as the Cloud API takes `to`: a country code and 8 to 15 digits in all. */
const E164_DIGITS = /^[1-9]\d{7,14}$/;

interface TemplateMessage {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: {
    name?: unknown;
    language?: { code?: unknown };
    components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[];
  };
}

function listPage(path: string, received: WhatsAppReceived[]): Response {
  const rows = received
    .map(
      (
        item,
      ) => `<li class="card"><p class="meta"><strong>+${escapeHtml(item.to)}</strong> · ${escapeHtml(item.template)} (${escapeHtml(item.language)}) · <time>${escapeHtml(item.at)}</time></p>
<ol class="params">${item.parameters.map((text) => `<li>${escapeHtml(text)}</li>`).join("")}</ol></li>`,
    )
    .join("\n");
  return localPage({
    title: "Local WhatsApp",
    intro: `Template messages sent to the local stand-in of the WhatsApp Cloud API (nothing left this machine). <a href="${path}.json">JSON</a>`,
    body: received.length ? `<ul class="list">${rows}</ul>` : `<p class="empty">No messages yet.</p>`,
  });
}

export function createWhatsAppStandin(path = WHATSAPP_STANDIN_PATH): WhatsAppStandin {
  const credentials = {
    phoneNumberId: "109876543210987",
    token: `local-whatsapp-token-${randomBytes(6).toString("hex")}`,
    template: "new_lead_alert",
    proposalTemplate: "proposal_link",
    language: WHATSAPP_STANDIN_LANGUAGE,
  };
  let received: WhatsAppReceived[] = [];
  const handler: WebHandler = async (request) => {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === `${path}.json`) return reply(200, { received });
    const rest = url.pathname.slice(path.length).replace(/\/+$/, "");
    if (request.method === "GET" && rest === "") return listPage(path, received);
    const match = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(rest);
    if (!match) return graphError(400, 2500, "Unknown path components");
    if (request.method !== "POST") return graphError(400, 100, "Unsupported get request.");
    const bearer = /^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    if (!bearer) return graphError(401, 190, "An access token is required to request this resource.");
    if (bearer !== credentials.token)
      return graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
    if (match[2] !== credentials.phoneNumberId) {
      return graphError(
        400,
        100,
        `Unsupported post request. Object with ID '${match[2]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        undefined,
        33,
      );
    }
    let body: TemplateMessage;
    try {
      body = (await request.json()) as TemplateMessage;
    } catch {
      return invalidParameter("The request body is not JSON.");
    }
    if (body.messaging_product !== "whatsapp") return invalidParameter('messaging_product must be "whatsapp".');
    if (body.type !== "template")
      return invalidParameter(
        `type must be "template": a business starts a conversation only with an approved template (got ${JSON.stringify(body.type)}).`,
      );
    if (typeof body.to !== "string" || !E164_DIGITS.test(body.to)) {
      return graphError(
        400,
        131009,
        "(#131009) Parameter value is not valid",
        `to must be a phone number in E.164 digits, country code first (got ${JSON.stringify(body.to)}).`,
      );
    }
    const template = body.template;
    if (!template || typeof template.name !== "string" || typeof template.language?.code !== "string") {
      return graphError(
        400,
        131008,
        "(#131008) Required parameter is missing",
        "template.name and template.language.code are required.",
      );
    }
    const expected = WHATSAPP_STANDIN_TEMPLATES[template.name];
    if (expected === undefined || template.language.code !== credentials.language) {
      return graphError(
        404,
        132001,
        "(#132001) Template name does not exist in the translation",
        `template name (${template.name}) does not exist in ${template.language.code}; the approved ones are ${Object.keys(WHATSAPP_STANDIN_TEMPLATES).join(" and ")} in ${credentials.language}.`,
      );
    }
    const components = Array.isArray(template.components) ? template.components : [];
    const parameters = components
      .filter((component) => component?.type === "body")
      .flatMap((component) => (Array.isArray(component.parameters) ? component.parameters : []));
    if (parameters.length !== expected) {
      return graphError(
        400,
        132000,
        "(#132000) Number of parameters does not match the expected number of params",
        `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`,
      );
    }
    if (
      !parameters.every(
        (parameter) =>
          parameter?.type === "text" &&
          typeof parameter.text === "string" &&
          parameter.text.trim() !== "" &&
          !/[\n\t]|\s{5,}/.test(parameter.text),
      )
    ) {
      return graphError(
        400,
        131009,
        "(#131009) Parameter value is not valid",
        "Body parameters are text, not empty, with no new lines, tabs or more than 4 consecutive spaces.",
      );
    }
    const id = `wamid.${randomBytes(24).toString("base64url")}`;
    received = [
      {
        id,
        at: new Date().toISOString(),
        to: body.to,
        template: template.name,
        language: template.language.code,
        parameters: parameters.map((parameter) => String(parameter.text)),
      },
      ...received,
    ].slice(0, MAX_KEPT);
    return reply(200, {
      messaging_product: "whatsapp",
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id }],
    });
  };
  return {
    path,
    handler,
    received: () => received.slice(),
    clear: () => {
      received = [];
    },
    credentials,
  };
}

/** The settings that point the WhatsApp sender at a stand-in served at `origin` (also the tests'). */
export function whatsappStandinSettings(
  origin: string,
  standin: Pick<WhatsAppStandin, "path" | "credentials">,
  notifyTo = "2348000000000",
): Record<string, string> {
  return {
    WHATSAPP_GRAPH_URL: `${origin}${standin.path}/${WHATSAPP_STANDIN_VERSION}`,
    WHATSAPP_PHONE_NUMBER_ID: standin.credentials.phoneNumberId,
    WHATSAPP_TOKEN: standin.credentials.token,
    WHATSAPP_TEMPLATE: standin.credentials.template,
    WHATSAPP_PROPOSAL_TEMPLATE: standin.credentials.proposalTemplate,
    WHATSAPP_TEMPLATE_LANGUAGE: standin.credentials.language,
    WHATSAPP_NOTIFY_TO: notifyTo,
  };
}
