import { describe, expect, it, vi } from "vitest";
import { readSettings } from "../settings";
import { createDispatchHandler } from "./handlers";

/**
 * The dispatch request's body is read through the bounded reader: a body over the limit is refused
 * whatever its content-length says, before the database is asked anything.
 */
const LEAD_ID = "0b6f8a4e-3c1d-4f2a-9e7b-5d8c6a4f2e10";

function handler() {
  const dbFetch = vi.fn<typeof fetch>(async () => new Response("[]", { status: 200 }));
  const handle = createDispatchHandler({ settings: () => readSettings({}), dbFetch });
  return { handle, dbFetch };
}

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://site.test/api/conversions-dispatch", {
    method: "POST",
    headers: { authorization: "Bearer admin-token", "content-type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

/** A body streamed in chunks, so the request declares no length. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 256) controller.enqueue(bytes.slice(at, at + 256));
      controller.close();
    },
  });
}

const oversize = JSON.stringify({ leadId: LEAD_ID, padding: "x".repeat(4_000) });

describe("the dispatch handler's body", () => {
  it("refuses an oversize body that declares no length with 413", async () => {
    const { handle, dbFetch } = handler();
    const request = post(streamed(oversize));
    expect(request.headers.get("content-length")).toBeNull();
    const response = await handle(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Send only the lead's id." });
    expect(dbFetch).not.toHaveBeenCalled();
  });

  it("refuses an oversize body whose declared length is false with 413", async () => {
    const { handle, dbFetch } = handler();
    const response = await handle(post(oversize, { "content-length": "60" }));
    expect(response.status).toBe(413);
    expect(dbFetch).not.toHaveBeenCalled();
  });

  it("refuses a body with no lead id with 400", async () => {
    const { handle } = handler();
    const response = await handle(post(JSON.stringify({ leadId: "not-a-uuid" })));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Send the lead's id as leadId." });
  });

  it("reads a small body and goes on to ask the database whether the caller is an admin", async () => {
    const { handle, dbFetch } = handler();
    const response = await handle(post(streamed(JSON.stringify({ leadId: LEAD_ID }))));
    expect(response.status).toBe(403);
    expect(dbFetch).toHaveBeenCalledTimes(1);
  });
});
