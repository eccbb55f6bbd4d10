import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { config } from "../config";

/** The events sent so far, parsed from the beacons' bodies. */
let sent: unknown[] = [];
let addListener: MockInstance<typeof document.addEventListener>;

beforeEach(() => {
  // The beacon keeps the landing page, the last path and its listener for the page's lifetime: each
  // test loads it afresh and removes the listeners it added.
  vi.resetModules();
  addListener = vi.spyOn(document, "addEventListener");
  sent = [];
  vi.stubGlobal("requestIdleCallback", (task: () => void) => (task(), 1));
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: vi.fn((url: string, body: string) => {
      expect(url).toBe("/api/collect");
      sent.push(JSON.parse(body));
      return true;
    }),
  });
  window.history.replaceState(null, "", "/?utm_source=facebook&utm_campaign=x&fbclid=abc");
});

afterEach(() => {
  for (const [type, listener] of addListener.mock.calls) document.removeEventListener(type, listener);
  addListener.mockRestore();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "sendBeacon");
  window.history.replaceState(null, "", "/");
  document.body.innerHTML = "";
});

async function events(count: number) {
  await vi.waitFor(() => expect(sent).toHaveLength(count));
  return sent;
}

describe("countPageView", () => {
  it("sends one page view per path, with the landing page's campaign on each", async () => {
    const { countPageView } = await import("./traffic-count");
    countPageView("/");
    countPageView("/"); // the same effect run again (StrictMode), or a re-render
    window.history.pushState(null, "", "/services");
    countPageView("/services");
    expect(await events(2)).toEqual([
      { kind: "pageview", path: "/", utm_source: "facebook", utm_campaign: "x", click_id: true, width: 1024 },
      {
        kind: "pageview",
        path: "/services",
        utm_source: "facebook",
        utm_campaign: "x",
        click_id: true,
        width: 1024,
      },
    ]);
  });

  it("counts nothing in the admin's area, and counts a page again after leaving it", async () => {
    const { countPageView } = await import("./traffic-count");
    for (const path of ["/admin", "/admin/leads", "/login", "/reset-password"]) countPageView(path);
    countPageView("/blog");
    countPageView("/admin/traffic");
    countPageView("/blog");
    expect((await events(2)).map((event) => (event as { path: string }).path)).toEqual(["/blog", "/blog"]);
  });

  it("counts a click on a link to the intake form as an intake event, and leaves the link alone", async () => {
    const { countPageView } = await import("./traffic-count");
    countPageView("/");
    await events(1);
    document.body.innerHTML = `<a href="${config.intakeFormUrl}" target="_blank"><span>Get Started</span></a><a href="/contact">Contact</a>`;
    const intake = document.querySelector("a")!;
    // Runs after the beacon's listener (same node, added later): what it left of the click.
    let defaultPrevented: boolean | undefined;
    document.addEventListener("click", (event) => {
      defaultPrevented ??= event.defaultPrevented;
      event.preventDefault(); // jsdom cannot open a tab
    });
    document.querySelector("span")!.click();
    document.querySelector<HTMLAnchorElement>('a[href="/contact"]')!.click();
    intake.dispatchEvent(new MouseEvent("auxclick", { bubbles: true, button: 2 })); // a right click opens no tab
    const [, click] = await events(2);
    expect(click).toEqual({
      kind: "intake",
      path: "/",
      utm_source: "facebook",
      utm_campaign: "x",
      click_id: true,
      width: 1024,
    });
    expect(defaultPrevented).toBe(false);
    intake.dispatchEvent(new MouseEvent("auxclick", { bubbles: true, button: 1 })); // a middle click does
    expect(await events(3)).toHaveLength(3);
  });
});
