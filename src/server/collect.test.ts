import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createLocalSupabase, type LocalSupabase } from "../../supabase/local/index";
import type { TrafficReport } from "../lib/database";
import { widthBucket } from "../lib/traffic-beacon";
import { createCollectHandler, deviceClass, isBotAgent, readBeacon, visitorKey } from "./collect";
import { MemoryRateLimiter } from "./rate-limit-memory";
import { readSettings } from "./settings";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const SALT_DAY_1 = "11".repeat(32);
const SALT_DAY_2 = "22".repeat(32);

describe("the daily visitor key", () => {
  it("is the same for one visitor within a day and differs for another address or browser", () => {
    const key = visitorKey(SALT_DAY_1, "example.com", "203.0.113.7", CHROME);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorKey(SALT_DAY_1, "example.com", "203.0.113.7", CHROME)).toBe(key);
    expect(visitorKey(SALT_DAY_1, "example.com", "203.0.113.8", CHROME)).not.toBe(key);
    expect(visitorKey(SALT_DAY_1, "example.com", "203.0.113.7", IPHONE)).not.toBe(key);
    expect(visitorKey(SALT_DAY_1, "other.example", "203.0.113.7", CHROME)).not.toBe(key);
  });

  it("is a different key the next day, with the next day's salt", () => {
    expect(visitorKey(SALT_DAY_2, "example.com", "203.0.113.7", CHROME)).not.toBe(
      visitorKey(SALT_DAY_1, "example.com", "203.0.113.7", CHROME),
    );
  });

  it("cannot be traced to an address without the salt: an unsalted guess over every address misses", () => {
    const key = visitorKey(SALT_DAY_1, "example.com", "203.0.113.7", CHROME);
    // Whoever holds the table but not the deleted salt tries every address of the /24 with the UA.
    const guesses = Array.from({ length: 256 }, (_, i) =>
      createHash("sha256")
        .update(["example.com", `203.0.113.${i}`, CHROME, ""].join("\u0000"))
        .digest("hex"),
    );
    expect(guesses).not.toContain(key);
    // Nor does the key hold the address or the user agent in any form.
    expect(key).not.toContain(Buffer.from("203.0.113.7").toString("hex"));
  });

  it("does not let fields run together", () => {
    expect(visitorKey(SALT_DAY_1, "a.com", "1.2.3.4", "x")).not.toBe(visitorKey(SALT_DAY_1, "a.com1", ".2.3.4", "x"));
  });
});

describe("bots", () => {
  it("are known crawlers, tools and empty user agents; browsers are not", () => {
    expect(isBotAgent("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isBotAgent("curl/8.5.0")).toBe(true);
    expect(isBotAgent("Mozilla/5.0 HeadlessChrome/131.0.0.0 Safari/537.36")).toBe(true);
    expect(isBotAgent("")).toBe(true);
    expect(isBotAgent(null)).toBe(true);
    expect(isBotAgent(CHROME)).toBe(false);
    expect(isBotAgent(IPHONE)).toBe(false);
  });
});

describe("the device class", () => {
  it("follows the database's rules", () => {
    expect(deviceClass(IPHONE)).toBe("phone");
    expect(deviceClass(CHROME)).toBe("desktop");
    expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; SM-X710) Safari/537.36")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36")).toBe("phone");
  });
});

describe("the beacon's validation", () => {
  it("keeps what a page view may carry, normalised", () => {
    expect(
      readBeacon({
        path: "/blog/seo-basics",
        referrer: "WWW.Google.com",
        utm_source: " facebook ",
        utm_medium: "cpc",
        utm_campaign: "Spring Launch",
        utm_id: " 120210000000001 ",
        click_id: true,
        width: 1024,
      }),
    ).toEqual({
      kind: "pageview",
      path: "/blog/seo-basics",
      referrer_host: "google.com",
      utm_source: "facebook",
      utm_medium: "cpc",
      utm_campaign: "Spring Launch",
      utm_id: "120210000000001",
      has_click_id: true,
      viewport_width: 1024,
    });
    expect(readBeacon({ path: "/", kind: "intake", utm_source: "" })).toMatchObject({
      kind: "intake",
      utm_source: null,
      referrer_host: null,
      has_click_id: false,
      viewport_width: null,
    });
  });

  it("drops a referrer that is the site itself", () => {
    expect(readBeacon({ path: "/", referrer: "www.example.com" }, "example.com")).toMatchObject({
      referrer_host: null,
    });
  });

  it.each([
    [{}, "path"],
    [{ path: "blog" }, "path"],
    [{ path: "/blog?utm_source=x" }, "path"],
    [{ path: "/a#b" }, "path"],
    [{ path: `/${"a".repeat(300)}` }, "path"],
    [{ path: "/a\u0000" }, "path"],
    [{ path: 42 }, "path"],
    [{ path: "/", kind: "click" }, "kind"],
    [{ path: "/", referrer: "https://google.com/search?q=me" }, "referrer"],
    [{ path: "/", referrer: "bad host" }, "referrer"],
    [{ path: "/", utm_source: "x".repeat(101) }, "utm"],
    [{ path: "/", utm_campaign: { a: 1 } }, "utm"],
    [{ path: "/", utm_medium: "a\tb" }, "utm"],
    [{ path: "/", click_id: "gclid-value" }, "click_id"],
    [{ path: "/", width: 1000 }, "width"],
  ])("refuses %j (%s)", (fields, field) => {
    const result = readBeacon(fields as Record<string, unknown>);
    expect(result).toHaveProperty("message");
    expect((result as { message: string }).message).toContain(field === "utm" ? "utm_" : field);
  });

  it("buckets a viewport width", () => {
    expect([320, 639, 640, 800, 1100, 1300, 2560].map(widthBucket)).toEqual([0, 0, 640, 768, 1024, 1280, 1536]);
  });
});

/**
 * The function against the local Supabase (PGlite with the real migrations and RLS), in process,
 * with the service-role key as on Vercel. What was counted is read from the database itself.
 */
describe("POST /api/collect", () => {
  let local: LocalSupabase;
  const inProcess: typeof fetch = (input, init) => Promise.resolve(local.handler(new Request(input, init)));
  const SITE = "http://site.test";

  beforeAll(async () => {
    local = await createLocalSupabase({ inMemory: true, quiet: true, env: {}, bcryptCost: 4 });
  });
  afterAll(async () => {
    await local?.close();
  });
  beforeEach(async () => {
    await local.db.exec(`truncate public.page_views; delete from private.traffic_salts;`);
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  /** The handler and its limiter on a clock the test sets (by default a fixed time: a flood's hits fall in one window). */
  function handler(now = () => new Date("2026-11-26T09:00:00.000Z")) {
    return createCollectHandler({
      settings: () => readSettings({}),
      fetch: inProcess,
      limiter: new MemoryRateLimiter({ now }),
      now,
    });
  }

  function beacon(body: unknown, headers: Record<string, string> = {}): Request {
    return new Request(`${SITE}/api/collect`, {
      method: "POST",
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "user-agent": CHROME,
        "x-forwarded-for": "203.0.113.7",
        origin: SITE,
        "sec-fetch-site": "same-origin",
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  }

  async function rows() {
    return (
      await local.db.query<Record<string, unknown>>(
        `select encode(visitor, 'hex') as visitor, kind, path, referrer_host, utm_source, utm_medium, utm_campaign,
                has_click_id, country, device, viewport_width from public.page_views order by id`,
      )
    ).rows;
  }

  async function report(days: number): Promise<TrafficReport> {
    const { rows: found } = await local.db.query<{ r: TrafficReport }>(
      `select public.traffic_report(date_trunc('day', now()) - make_interval(days => $1), date_trunc('day', now()) + interval '1 day') as r`,
      [days - 1],
    );
    return found[0]!.r;
  }

  it("stores a page view with nothing that identifies the visitor, and answers 204", async () => {
    const collect = handler();
    const response = await collect(
      beacon(
        { path: "/services", referrer: "www.google.com", utm_source: "google", click_id: true, width: 1280 },
        { "x-vercel-ip-country": "ng" },
      ),
    );
    expect(response.status).toBe(204);
    const [row] = await rows();
    expect(row).toMatchObject({
      kind: "pageview",
      path: "/services",
      referrer_host: "google.com",
      utm_source: "google",
      has_click_id: true,
      country: "NG",
      device: "desktop",
      viewport_width: 1280,
    });
    const { rows: salts } = await local.db.query<{ salt: string }>(
      `select encode(salt, 'hex') as salt from private.traffic_salts`,
    );
    expect(row!.visitor).toBe(visitorKey(salts[0]!.salt, "site.test", "203.0.113.7", CHROME));
    expect(JSON.stringify(row)).not.toContain("203.0.113.7");
  });

  it("accepts application/json and counts an intake click", async () => {
    const response = await handler()(beacon({ path: "/", kind: "intake" }, { "content-type": "application/json" }));
    expect(response.status).toBe(204);
    expect(await rows()).toMatchObject([{ kind: "intake", path: "/" }]);
  });

  it("refuses other methods, types, sizes, other sites and bad input without storing anything", async () => {
    const collect = handler();
    expect((await collect(new Request(`${SITE}/api/collect`))).status).toBe(405);
    expect((await collect(beacon({ path: "/" }, { "content-type": "application/x-www-form-urlencoded" }))).status).toBe(
      415,
    );
    expect((await collect(beacon({ path: "/", utm_campaign: "x".repeat(3000) }))).status).toBe(413);
    expect((await collect(beacon({ path: "/" }, { "sec-fetch-site": "cross-site" }))).status).toBe(403);
    expect((await collect(beacon({ path: "/" }, { origin: "https://elsewhere.example" }))).status).toBe(403);
    const bad = await collect(beacon({ path: "/x?q=1" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("message");
    expect((await collect(beacon("not json"))).status).toBe(400);
    expect((await collect(beacon(""))).status).toBe(400);
    expect((await collect(beacon("[1]"))).status).toBe(400);
    expect(await rows()).toEqual([]);
  });

  it("answers bots 204 and stores nothing", async () => {
    const collect = handler();
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect((await collect(beacon({ path: "/" }, { "user-agent": googlebot }))).status).toBe(204);
    expect((await collect(beacon({ path: "/" }, { "user-agent": "" }))).status).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it("refuses a flood from one address with 429 and keeps counting others", async () => {
    const collect = handler();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) statuses.push((await collect(beacon({ path: "/" }))).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(120);
    expect(statuses.at(-1)).toBe(429);
    expect((await collect(beacon({ path: "/" }, { "x-forwarded-for": "198.51.100.1" }))).status).toBe(204);
    expect(await rows()).toHaveLength(121);
  });

  it("counts visitors per day: two addresses over two days", async () => {
    const today = new Date("2026-11-26T09:00:00.000Z");
    const dayOne = handler(() => today);
    for (const [address, path] of [
      ["203.0.113.7", "/"],
      ["203.0.113.7", "/services"],
      ["198.51.100.1", "/"],
    ] as const)
      expect((await dayOne(beacon({ path }, { "x-forwarded-for": address }))).status).toBe(204);
    const firstKeys = new Set((await rows()).map((row) => row.visitor));
    expect(firstKeys.size).toBe(2);

    // The day ends: its rows move to yesterday, and so does its salt, which the next call deletes.
    await local.db.exec(`update public.page_views set created_at = created_at - interval '1 day';
                         update private.traffic_salts set day = day - 1;`);
    const dayTwo = handler(() => new Date(today.getTime() + 86_400_000));
    for (const path of ["/", "/blog/seo-basics"])
      expect((await dayTwo(beacon({ path }, { "x-forwarded-for": "203.0.113.7" }))).status).toBe(204);
    const { rows: salts } = await local.db.query(`select day from private.traffic_salts`);
    expect(salts).toHaveLength(1);
    const secondKeys = new Set((await rows()).slice(3).map((row) => row.visitor));
    expect(secondKeys.size).toBe(1);
    expect(firstKeys.has([...secondKeys][0])).toBe(false);

    const figures = await report(2);
    expect(figures.totals).toEqual({ visitors: 3, views: 5, intake: 0 });
    expect(figures.days.map((day) => [day.visitors, day.views])).toEqual([
      [2, 3],
      [1, 2],
    ]);
    expect(figures.pages.find((page) => page.path === "/")).toEqual({ path: "/", visitors: 3, views: 3 });
  });
});
