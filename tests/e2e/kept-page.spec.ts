import { CONSENT_COOKIE } from "../../src/lib/consent";
import { expect, test } from "./kept-page";

/**
 * The page kept between tests (kept-page.ts) starts each one as a new context would: what the first
 * test leaves behind, the second must not find. Serial: one worker, in this order.
 */
test.describe.configure({ mode: "serial" });

let firstPage: unknown;

test("a test leaves storage, cookies, media, routes, headers, listeners and a second page behind", async ({
  page,
  context,
}) => {
  firstPage = page;
  await page.goto("/contact");
  await page.evaluate(() => {
    localStorage.setItem("left", "behind");
    sessionStorage.setItem("left", "behind");
  });
  await context.addCookies([{ name: "left", value: "behind", url: page.url() }]);
  await page.emulateMedia({ reducedMotion: "reduce", colorScheme: "dark" });
  await page.route("**/robots.txt", (route) => route.fulfill({ body: "routed" }));
  await context.route("**/favicon.svg", (route) => route.fulfill({ body: "routed" }));
  await page.setExtraHTTPHeaders({ "x-left": "behind" });
  page.on("console", () => {
    throw new Error("a listener of the test before");
  });
  await context.newPage();
  expect(context.pages()).toHaveLength(2);
});

test("the next test finds the same page, and none of it", async ({ page, context, baseURL }) => {
  // The same page: the point of keeping it.
  expect(page).toBe(firstPage);
  expect(context.pages()).toEqual([page]);
  // Where a new context would be, plus the consent answer of the config's storageState.
  expect(page.url()).toBe(new URL("/robots.txt", baseURL).href);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual([CONSENT_COOKIE]);
  expect(
    await page.evaluate(() => [
      matchMedia("(prefers-reduced-motion: reduce)").matches,
      matchMedia("(prefers-color-scheme: dark)").matches,
    ]),
  ).toEqual([false, false]);
  // Neither route answers any more, and the extra header is gone.
  const headers: Record<string, string>[] = [];
  page.on("request", (request) => headers.push(request.headers()));
  expect(await (await page.goto("/robots.txt"))!.text()).not.toBe("routed");
  expect(await (await page.goto("/favicon.svg"))!.text()).toContain("<svg");
  expect(headers.some((sent) => "x-left" in sent)).toBe(false);
  await page.evaluate(() => console.log("no listener of the test before hears this"));
});
