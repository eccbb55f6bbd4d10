import { afterEach, describe, expect, it, vi } from "vitest";
import { sendTraffic, trafficEvent, trafficSource, type Landing } from "./traffic";

const HOST = "ascenddigital.ng";
const landing = (search: string, referrer = ""): Landing => ({ search, referrer, host: HOST });

describe("the traffic payload", () => {
  it("carries the campaign tags and that a click id came, never the id or the rest of the query", () => {
    const event = trafficEvent(
      "pageview",
      "/services",
      trafficSource(
        landing(
          "?utm_source=facebook&utm_medium=paid&utm_campaign=x&utm_id=120210&utm_term=agency&fbclid=abc123&email=a%40b.ng",
          "https://l.facebook.com/l.php?u=https%3A%2F%2Fascenddigital.ng%2F",
        ),
      ),
      390,
    );
    expect(event).toEqual({
      kind: "pageview",
      path: "/services",
      referrer: "l.facebook.com",
      utm_source: "facebook",
      utm_medium: "paid",
      utm_campaign: "x",
      utm_id: "120210",
      click_id: true,
      width: 0,
    });
    const body = JSON.stringify(event);
    for (const secret of ["abc123", "agency", "a@b.ng", "l.php", "fbclid", "email"]) expect(body).not.toContain(secret);
  });

  it("says whether gclid or fbclid came, and nothing for an empty one", () => {
    expect(trafficSource(landing("?gclid=Cj0KCQ")).click_id).toBe(true);
    expect(trafficSource(landing("?fbclid=IwAR")).click_id).toBe(true);
    expect(trafficSource(landing("?gclid=")).click_id).toBe(false);
    expect(trafficSource(landing("")).click_id).toBe(false);
  });

  it("cuts a tag or a path longer than the function accepts", () => {
    const source = trafficSource(landing(`?utm_campaign=${"c".repeat(150)}`));
    expect(source.utm_campaign).toHaveLength(100);
    expect(trafficEvent("pageview", `/${"p".repeat(400)}`, source, 800).path).toHaveLength(300);
  });

  it("leaves out tags that are missing or blank", () => {
    expect(trafficSource(landing("?utm_source=%20&utm_campaign=spring"))).toEqual({
      utm_campaign: "spring",
      click_id: false,
    });
  });

  it("keeps the referrer's host only when it is another site", () => {
    expect(trafficSource(landing("", "https://www.google.com/search?q=agency+abuja")).referrer).toBe("www.google.com");
    expect(trafficSource(landing("", `https://${HOST}/blog?x=1`)).referrer).toBeUndefined();
    expect(trafficSource(landing("", "")).referrer).toBeUndefined();
    expect(trafficSource(landing("", "android-app://com.google.android.gm/")).referrer).toBeUndefined();
    expect(trafficSource(landing("", "not a url")).referrer).toBeUndefined();
    expect(trafficSource(landing("", "http://[::1]:8080/")).referrer).toBeUndefined();
  });

  it("sends the path alone, without query or fragment", () => {
    const source = trafficSource(landing(""));
    expect(trafficEvent("pageview", "/blog/search?q=me%40example.com", source, 1280).path).toBe("/blog/search");
    expect(trafficEvent("pageview", "/privacy#section-3", source, 1280).path).toBe("/privacy");
    expect(trafficEvent("intake", "", source, 1100)).toEqual({
      kind: "intake",
      path: "/",
      click_id: false,
      width: 1024,
    });
  });

  it("sends the viewport's width as its bucket, never the width itself", () => {
    const source = trafficSource(landing(""));
    // The lower bounds of the layout's breakpoints (widthBucket, shared with the function).
    expect(
      [390, 700, 820, 1100, 1366, 1920].map((width) => trafficEvent("pageview", "/", source, width).width),
    ).toEqual([0, 640, 768, 1024, 1280, 1536]);
  });
});

describe("sendTraffic", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends one beacon to /api/collect as a text/plain JSON body (a simple request: no preflight)", () => {
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    vi.stubGlobal("navigator", { sendBeacon });
    expect(sendTraffic("intake", "/services", landing("?utm_source=google&gclid=x"), 1500)).toBe(true);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe("/api/collect");
    // A string: the browser sends it as text/plain;charset=UTF-8, a simple request.
    expect(typeof body).toBe("string");
    expect(JSON.parse(body as string)).toEqual({
      kind: "intake",
      path: "/services",
      utm_source: "google",
      click_id: true,
      width: 1280,
    });
  });

  it("does nothing in a browser without sendBeacon", () => {
    vi.stubGlobal("navigator", {});
    expect(sendTraffic("pageview", "/", landing(""), 800)).toBe(false);
  });
});
