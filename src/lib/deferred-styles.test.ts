import { afterEach, describe, expect, it } from "vitest";
import { applyDeferredStylesheets, deferredStylesheetsLoaded } from "./deferred-styles";

function deferredLink(href: string): HTMLLinkElement {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.media = "print";
  link.setAttribute("data-beasties-media", "all");
  document.head.append(link);
  return link;
}

/** Whether `promise` has settled by the time the tasks queued so far have run. */
function settled(promise: Promise<unknown>): Promise<boolean> {
  const pending = new Promise<false>((resolve) => setTimeout(() => resolve(false), 0));
  return Promise.race([promise.then(() => true as const), pending]);
}

afterEach(() => {
  document.head.querySelectorAll("link").forEach((link) => link.remove());
});

describe("the deferred stylesheets", () => {
  it("are switched to their media, and are loaded once every one has loaded or failed", async () => {
    const [first, second] = [deferredLink("/assets/index-a.css"), deferredLink("/assets/extra-b.css")];
    applyDeferredStylesheets(document);
    expect([first.media, second.media]).toEqual(["all", "all"]);
    expect(first.hasAttribute("data-beasties-media")).toBe(false);

    const loaded = deferredStylesheetsLoaded();
    expect(await settled(loaded)).toBe(false);
    first.dispatchEvent(new Event("load"));
    expect(await settled(loaded)).toBe(false);
    // A stylesheet that fails holds nothing back.
    second.dispatchEvent(new Event("error"));
    expect(await settled(loaded)).toBe(true);
  });

  it("are loaded at once on a page that deferred none", async () => {
    applyDeferredStylesheets(document);
    expect(await settled(deferredStylesheetsLoaded())).toBe(true);
  });
});
