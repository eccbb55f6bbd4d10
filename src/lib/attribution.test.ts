import { beforeEach, describe, expect, it } from "vitest";
import { ATTRIBUTION_DAYS, ATTRIBUTION_KEY, readAttribution, recordArrival, touchOf, VISIT_KEY } from "./attribution";

const origin = "https://ascenddigital.ng";
const at = (iso: string) => new Date(iso);

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** A new visit: a new tab, so a new sessionStorage. */
function newVisit() {
  window.sessionStorage.clear();
}

describe("a touch", () => {
  it("takes the campaign parameters, the landing page, another site's referrer and the time", () => {
    const touch = touchOf({
      url: "/?utm_source=facebook&utm_medium=paid&utm_campaign=launch&utm_id=120210&utm_term=web&utm_content=video&fbclid=abc&other=1",
      referrer: "https://l.facebook.com/l.php?u=secret",
      origin,
      now: at("2026-11-22T10:00:00Z"),
    });
    expect(touch).toEqual({
      utm_source: "facebook",
      utm_medium: "paid",
      utm_campaign: "launch",
      utm_id: "120210",
      utm_term: "web",
      utm_content: "video",
      fbclid: "abc",
      landing_page:
        "/?utm_source=facebook&utm_medium=paid&utm_campaign=launch&utm_id=120210&utm_term=web&utm_content=video&fbclid=abc&other=1",
      // The referrer's query is left out: it can carry personal data.
      referrer: "https://l.facebook.com/l.php",
      at: "2026-11-22T10:00:00.000Z",
    });
  });

  it("leaves out this site as a referrer, and values past 300 characters", () => {
    const touch = touchOf({
      url: `/services?utm_campaign=${"x".repeat(400)}`,
      referrer: `${origin}/`,
      origin,
      now: at("2026-11-22T10:00:00Z"),
    });
    expect(touch.referrer).toBeUndefined();
    expect(touch.utm_campaign).toHaveLength(300);
  });

  it("has no referrer when there is none, or when it is not an address", () => {
    for (const referrer of ["", "not a url", "android-app://com.google.android.gm/"]) {
      const touch = touchOf({ url: "/", referrer, origin, now: at("2026-11-22T10:00:00Z") });
      expect(touch, referrer).toEqual({ landing_page: "/", at: "2026-11-22T10:00:00.000Z" });
    }
  });
});

describe("the kept attribution", () => {
  it("records the first page of a visit as both first and latest touch", async () => {
    await recordArrival({
      url: "/?utm_source=facebook&utm_campaign=launch",
      referrer: "",
      origin,
      now: at("2026-11-01T10:00:00Z"),
    });
    const kept = readAttribution();
    expect(kept.first).toMatchObject({
      utm_source: "facebook",
      utm_campaign: "launch",
      landing_page: "/?utm_source=facebook&utm_campaign=launch",
    });
    expect(kept.latest).toEqual(kept.first);
    expect(window.sessionStorage.getItem(VISIT_KEY)).toBe("1");
  });

  it("ignores later pages of the same visit, but not a campaign link within it", async () => {
    await recordArrival({ url: "/?utm_source=facebook", referrer: "", origin, now: at("2026-11-01T10:00:00Z") });
    await recordArrival({ url: "/services", referrer: `${origin}/`, origin, now: at("2026-11-01T10:01:00Z") });
    expect(readAttribution().latest?.landing_page).toBe("/?utm_source=facebook");
    await recordArrival({ url: "/contact?gclid=g1", referrer: "", origin, now: at("2026-11-01T10:02:00Z") });
    expect(readAttribution()).toMatchObject({ first: { utm_source: "facebook" }, latest: { gclid: "g1" } });
  });

  it("keeps the first touch across visits, and replaces the latest", async () => {
    await recordArrival({
      url: "/?utm_source=facebook&utm_campaign=launch",
      referrer: "",
      origin,
      now: at("2026-11-01T10:00:00Z"),
    });
    newVisit();
    await recordArrival({ url: "/blog", referrer: "https://www.google.com/", origin, now: at("2026-11-20T10:00:00Z") });
    expect(readAttribution()).toMatchObject({
      first: { utm_source: "facebook", utm_campaign: "launch" },
      latest: { landing_page: "/blog", referrer: "https://www.google.com/" },
    });
  });

  it(`starts over when the first touch is older than ${ATTRIBUTION_DAYS} days`, async () => {
    await recordArrival({ url: "/?utm_source=facebook", referrer: "", origin, now: at("2026-01-01T10:00:00Z") });
    newVisit();
    await recordArrival({ url: "/?utm_source=google", referrer: "", origin, now: at("2026-11-01T10:00:00Z") });
    expect(readAttribution().first?.utm_source).toBe("google");
  });

  it("reads nothing from storage it cannot parse, and records over it", async () => {
    window.localStorage.setItem(ATTRIBUTION_KEY, "{not json");
    expect(readAttribution()).toEqual({});
    await recordArrival({ url: "/", referrer: "", origin, now: at("2026-11-01T10:00:00Z") });
    expect(readAttribution().first?.landing_page).toBe("/");
  });
});

describe("the record's tasks", () => {
  /** A Storage that notes each call in `log` before making it on the real one. */
  function noted(storage: Storage, name: string, log: string[]): Storage {
    return {
      get length() {
        return storage.length;
      },
      clear: () => storage.clear(),
      key: (index) => storage.key(index),
      getItem: (key) => (log.push(`${name}.getItem`), storage.getItem(key)),
      setItem: (key, value) => (log.push(`${name}.setItem`), storage.setItem(key, value)),
      removeItem: (key) => (log.push(`${name}.removeItem`), storage.removeItem(key)),
    };
  }

  it("opens each storage area in a task of its own, the address read between them", async () => {
    const log: string[] = [];
    const kept = await recordArrival(
      { url: "/?utm_source=facebook", referrer: "", origin, now: at("2026-11-01T10:00:00Z") },
      {
        session: noted(window.sessionStorage, "session", log),
        local: noted(window.localStorage, "local", log),
        pause: async () => {
          log.push("a task");
        },
      },
    );
    expect(log).toEqual(["session.getItem", "a task", "a task", "session.setItem", "local.getItem", "local.setItem"]);
    expect(kept.first?.utm_source).toBe("facebook");
    expect(readAttribution()).toEqual(kept);
  });

  it("waits for a task of its own by default, so the page's other work comes between", async () => {
    const order: string[] = [];
    const recorded = recordArrival({ url: "/", referrer: "", origin, now: at("2026-11-01T10:00:00Z") }).then(() =>
      order.push("recorded"),
    );
    setTimeout(() => order.push("a timer set after the record began"), 0);
    await recorded;
    expect(order).toEqual(["a timer set after the record began", "recorded"]);
    expect(readAttribution().first?.landing_page).toBe("/");
  });

  it("keeps nothing, and throws nothing, where storage is unavailable", async () => {
    await expect(
      recordArrival(
        { url: "/?utm_source=facebook", referrer: "", origin, now: at("2026-11-01T10:00:00Z") },
        { session: null, local: null },
      ),
    ).resolves.toEqual({});
  });
});
