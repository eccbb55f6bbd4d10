import { connect, constants, createServer, type Http2Server } from "node:http2";
import type { AddressInfo } from "node:net";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { webMiddleware } from "./node-http.ts";

/**
 * `vite preview` serves HTTP/2 when it runs over HTTPS (`npm run bench` does). Node's HTTP/2
 * compatibility API hands middleware the pseudo-headers (":method", ":authority", ...) among the
 * headers; the bridge must leave them out of the Request and still find the host.
 */
const servers: Http2Server[] = [];
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
