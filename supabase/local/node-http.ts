import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Server as TlsServer } from "node:tls";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Bridges Node's http server (Vite's dev and preview servers, test servers) and Web-standard
 * handlers (`Request` in, `Response` out), so the local Supabase and the functions in api/ are
 * written once against the Fetch API and run the same everywhere.
 */
export type WebHandler = (request: Request) => Promise<Response> | Response;

/**
 * Largest request body the local servers read; the handlers refuse what is larger with their own
 * 413 (the REST API at 1 MB, Storage at its bucket limits, 10 MB at most), so the cut-off sits
 * above the largest upload plus its multipart envelope.
 */
const MAX_LOCAL_BODY_BYTES = 11 * 1024 * 1024;

async function toWebRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const url = new URL(req.originalUrl ?? req.url ?? "/", origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (":method", ":path", ...) are not headers a Request may carry.
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else headers.set(name, value);
  }
  // The client's address as the host's edge passes it on, unless a proxy in front already did.
  const remote = req.socket.remoteAddress;
  if (remote && !headers.has("x-forwarded-for")) headers.set("x-forwarded-for", remote.replace(/^::ffff:/, ""));
  const method = (req.method ?? "GET").toUpperCase();
  let body: ArrayBuffer | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      // Keep one byte past the limit so that handlers can tell an oversized body apart.
      if (size > MAX_LOCAL_BODY_BYTES + 1) break;
      chunks.push(buffer);
    }
    const joined = Buffer.concat(chunks);
    body = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength) as ArrayBuffer;
  }
  return new Request(url, { method, headers, body });
}

async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  // HTTP/2 has no status message; Node warns when one is set on an HTTP/2 response.
  if (response.statusText && res.req.httpVersionMajor < 2) res.statusMessage = response.statusText;
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie?.() ?? [];
  if (cookies.length) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  res.end(Buffer.from(await response.arrayBuffer()));
}

type Next = (error?: unknown) => void;

/**
 * A Connect middleware that hands requests whose path starts with one of `prefixes` to `handler`
 * and passes everything else on.
 */
export function webMiddleware(prefixes: string[], handler: WebHandler) {
  const serve = async (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: Next) => {
    const path = (req.originalUrl ?? req.url ?? "/").split("?")[0] ?? "/";
    if (!prefixes.some((prefix) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`))) {
      next();
      return;
    }
    try {
      const host = req.headers.host ?? req.headers[":authority"] ?? "127.0.0.1";
      const scheme = "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
      const request = await toWebRequest(req, `${scheme}://${String(host)}`);
      await sendWebResponse(res, await handler(request));
    } catch (error) {
      next(error);
    }
  };
  // Connect does not look at what a middleware returns: what fails after `next` is logged here.
  return (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: Next): void => {
    serve(req, res, next).catch((error: unknown) =>
      console.error(`${req.method} ${req.url}: the request failed:`, error),
    );
  };
}

declare module "node:http" {
  interface IncomingMessage {
    /** Set by Connect (Vite's middleware stack) before a mount path is stripped. */
    originalUrl?: string;
  }
}

/**
 * A plain HTTP door on 127.0.0.1 into each server that speaks TLS (`vite preview` with
 * PREVIEW_HTTPS, as `npm run bench` and one of the end-to-end servers run it), opened by
 * `whenListening`. The functions reach the stand-ins and the local schedule at `localOrigin`, and
 * Node's fetch refuses the preview's throwaway self-signed certificate: through the server's own
 * address every such call failed ("fetch failed", the calendar's busy times and the ad-spend import
 * on every run). The door hands each request to the server's own handlers, which take HTTP/1.1
 * requests as they do over TLS.
 */
const plainDoors = new WeakMap<Server, Server>();

function openPlainDoor(server: Server, then: () => void): void {
  const door = createServer((request, response) => server.emit("request", request, response));
  plainDoors.set(server, door);
  door.unref();
  server.once("close", () => door.close());
  door.listen(0, "127.0.0.1", then);
}

/**
 * The http origin a listening server answers on (an unspecified address reads as 127.0.0.1); for a
 * server that speaks TLS, its plain door's, once `whenListening` has run for it.
 */
export function localOrigin(server: Server): string | undefined {
  const address = (plainDoors.get(server) ?? server).address() as AddressInfo | string | null;
  if (!address || typeof address === "string") return undefined;
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

const waiting = new WeakMap<Server, (() => void)[]>();
const ready = new WeakSet<Server>();

/**
 * Runs `work` once `server` listens (at once if it already does), and its plain door too if it
 * speaks TLS. Every stand-in and the local schedule wait for the address this way through one
 * "listening" listener per server, so the dev server stays under Node's limit of ten listeners per
 * event.
 */
export function whenListening(server: Server | null | undefined, work: () => void): void {
  if (!server) return;
  if (ready.has(server)) return work();
  const queue = waiting.get(server);
  if (queue) return void queue.push(work);
  const fresh = [work];
  waiting.set(server, fresh);
  const run = () => {
    ready.add(server);
    waiting.delete(server);
    for (const each of fresh) each();
  };
  const listening = () => (server instanceof TlsServer ? openPlainDoor(server, run) : run());
  if (server.listening) listening();
  else server.once("listening", listening);
}
