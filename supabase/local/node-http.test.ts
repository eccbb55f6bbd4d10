import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect, constants, createSecureServer, createServer } from "node:http2";
import { getCertificate } from "@vitejs/plugin-basic-ssl";
import type { AddressInfo } from "node:net";
import type { IncomingMessage, Server as HttpServer, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { localOrigin, webMiddleware, whenListening } from "./node-http.ts";

/**
 * `vite preview` serves HTTP/2 when it runs over HTTPS (`npm run bench` does). Node's HTTP/2
 * compatibility API hands middleware the pseudo-headers (":method", ":authority", ...) among the
 * headers; the bridge must leave them out of the Request and still find the host.
 */
const servers: Array<{ close(): unknown }> = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

function h2Request(port: number, path: string, method: string, body?: string) {
  return new Promise<{ status: number; text: string; type: string }>((resolve, reject) => {
    const client = connect(`http://127.0.0.1:${port}`);
    client.on("error", reject);
    const stream = client.request({
      [constants.HTTP2_HEADER_METHOD]: method,
      [constants.HTTP2_HEADER_PATH]: path,
      "content-type": "application/json",
      "x-probe": "yes",
    });
    let status = 0;
    let type = "";
    let text = "";
    stream.on("response", (headers) => {
      status = Number(headers[":status"]);
      type = String(headers["content-type"] ?? "");
    });
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (text += chunk));
    stream.on("end", () => {
      client.close();
      resolve({ status, text, type });
    });
    stream.on("error", reject);
    stream.end(body);
  });
}

describe("webMiddleware over HTTP/2", () => {
  it("builds a Request without pseudo-headers and answers with the handler's Response", async () => {
    const seen: Array<{ url: string; method: string; probe: string | null; body: string; headerNames: string[] }> = [];
    const middleware = webMiddleware(["/rest/v1"], async (request) => {
      seen.push({
        url: request.url,
        method: request.method,
        probe: request.headers.get("x-probe"),
        body: await request.text(),
        headerNames: [...request.headers.keys()],
      });
      return new Response(JSON.stringify({ ok: true }), {
        status: 201,
        statusText: "Created",
        headers: { "content-type": "application/json" },
      });
    });
    const server = createServer((req, res) => {
      middleware(req as unknown as IncomingMessage, res as unknown as ServerResponse, () => {
        res.statusCode = 404;
        res.end("passed on");
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    const answer = await h2Request(port, "/rest/v1/posts?select=id", "POST", '{"title":"x"}');
    expect(answer).toEqual({ status: 201, text: '{"ok":true}', type: "application/json" });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe(`http://127.0.0.1:${port}/rest/v1/posts?select=id`);
    expect(seen[0]?.method).toBe("POST");
    expect(seen[0]?.probe).toBe("yes");
    expect(seen[0]?.body).toBe('{"title":"x"}');
    expect(seen[0]?.headerNames.some((name) => name.startsWith(":"))).toBe(false);

    expect(await h2Request(port, "/elsewhere", "GET")).toMatchObject({ status: 404, text: "passed on" });
  });
});

describe("localOrigin of a server that speaks TLS", () => {
  it("is a plain door on 127.0.0.1 into the server's own handlers, which Node's fetch reaches", async () => {
    // `vite preview` over HTTPS, as `npm run bench` runs it: HTTP/2 with HTTP/1.1 allowed, and a
    // throwaway self-signed certificate that Node's fetch refuses.
    const certDir = mkdtempSync(join(tmpdir(), "node-http-cert-"));
    const pem = await getCertificate(certDir);
    rmSync(certDir, { recursive: true, force: true });
    const server = createSecureServer({ key: pem, cert: pem, allowHTTP1: true }, (request, response) => {
      response.setHeader("content-type", "text/plain");
      response.end(`${request.method} ${request.url} over HTTP/${request.httpVersion}`);
    });
    servers.push(server);
    const origin = new Promise<string | undefined>((resolve) =>
      whenListening(server as unknown as HttpServer, () => resolve(localOrigin(server as unknown as HttpServer))),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const door = await origin;

    expect(door).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(door).not.toBe(`http://127.0.0.1:${port}`);
    const answer = await fetch(`${door}/calendar/token?x=1`, { method: "POST" });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("POST /calendar/token?x=1 over HTTP/1.1");
    // The server's own address is what the stand-ins were given before: Node's fetch cannot use it.
    await expect(fetch(`https://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
