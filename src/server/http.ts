/**
 * What the server functions share about HTTP: JSON, text and HTML answers, bounded body reading
 * (JSON, URL-encoded and multipart), the client's address, and the page a browser gets when it
 * posts a form natively (before the page's script has loaded, or without it).
 */
import { escapeHtml } from "../lib/text.js";

export function json(status: number, body: object, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/**
 * An answer thrown from deep in a route and returned as it is by the function's top level
 * (`if (error instanceof Answer) return error.response`): a refusal with its status and message.
 */
export class Answer extends Error {
  constructor(readonly response: Response) {
    super(`answered ${response.status}`);
  }
}

/** A refusal as a function answers it: `{ message, …details }` with its status, never cached. */
export const refuse = (
  status: number,
  body: { message: string } & Record<string, unknown>,
  headers: Record<string, string> = {},
) => new Answer(json(status, body, { "cache-control": "no-store", ...headers }));

/** A plain-text answer with exactly `headers` (the blog's 405 and 503, redirects). */
export function text(status: number, body: string, headers: Record<string, string>): Response {
  return new Response(body, { status, headers });
}

/** A request that cannot be read, with the status and message to answer it with. */
export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The body's bytes, exactly as received, refusing more than `limit` with 413 `tooLarge` (declared or
 * actual). readFields reads forms and JSON with it; a webhook whose signature covers the raw body
 * (Paystack's) reads it directly.
 */
export async function readBody(request: Request, limit: number, tooLarge: string): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new BodyError(413, tooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyError(413, tooLarge);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Messages for the ways a body can be unreadable. */
export interface BodyMessages {
  tooLarge: string;
  malformedJson: string;
  malformedForm: string;
  unsupportedType: string;
}

/**
 * The fields of a JSON object, URL-encoded or multipart body, or undefined for an empty body. Form
 * fields given more than once (checkboxes) become arrays. Throws BodyError (413, 400, 415).
 */
export async function readFields(
  request: Request,
  limit: number,
  messages: BodyMessages,
): Promise<Record<string, unknown> | undefined> {
  const bytes = await readBody(request, limit, messages.tooLarge);
  const type = mediaType(request);
  const isForm = type === "application/x-www-form-urlencoded" || type === "multipart/form-data";
  const isJson = type === "" || type === "application/json" || type.endsWith("+json") || type === "text/plain";
  if (!isForm && !isJson) throw new BodyError(415, messages.unsupportedType);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BodyError(400, isForm ? messages.malformedForm : messages.malformedJson);
  }
  if (!text.trim()) return undefined;

  if (isForm) {
    let entries: Iterable<[string, unknown]>;
    if (type === "multipart/form-data") {
      try {
        entries = await new Response(bytes, {
          headers: { "content-type": request.headers.get("content-type") ?? "" },
        }).formData();
      } catch {
        throw new BodyError(400, messages.malformedForm);
      }
    } else {
      entries = new URLSearchParams(text);
    }
    const fields: Record<string, unknown> = {};
    for (const [name, value] of entries) {
      const previous = fields[name];
      fields[name] =
        previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
    return fields;
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BodyError(400, messages.malformedJson);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new BodyError(400, messages.malformedJson);
  return parsed as Record<string, unknown>;
}

/** The media type of the request, lower-cased, without parameters. */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

export function clientIp(request: Request): string | undefined {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip")?.trim() || undefined;
}

/** A form the browser posted itself (it wants a page back, not JSON). */
export function isNativeFormPost(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return (
    request.method === "POST" &&
    /^(application\/x-www-form-urlencoded|multipart\/form-data)$/.test(mediaType(request)) &&
    /text\/html/i.test(accept)
  );
}

/** The page the visitor came from, if it is on this site; else `fallback`. */
export function sameSiteReferer(request: Request, fallback = "/"): string {
  const referer = request.headers.get("referer");
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    return from.origin === new URL(request.url).origin ? `${from.pathname}${from.search}` : fallback;
  } catch {
    return fallback;
  }
}

/** A small, self-contained page for a native form post's outcome (no script, no external asset). */
export function htmlPage(status: number, title: string, body: string, headers: Record<string, string> = {}): Response {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title, "content")}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6;color:#0f172a"><h1>${escapeHtml(title, "content")}</h1>${body}</body></html>`;
  return new Response(page, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}
