import { gzipSync } from "node:zlib";
import type { Page, Request, Response } from "@playwright/test";
import { expect, test } from "./kept-page";
import { ensurePosts } from "./backend";
import { answeredConsentState } from "./consent-state";
import { gotoHydrated } from "./hydration";

/**
 * The blog against the production build: rendered at request time by the blog function (api/blog.ts,
 * mounted by the preview server) from the local Supabase seeded by supabase/seed.sql. The admin spec
 * may add a post while these run, so order checks look at the seeded posts only.
 */
const SEEDED_NEWEST_FIRST = [
  "What a Good Small Business Website Costs in Nigeria",
  "Turning Instagram Followers into Paying Customers",
  "Five Signs Your Business Has Outgrown Spreadsheets",
  "How to Run Facebook Ads on a ₦50,000 Budget",
  "Stop Losing Leads in Your WhatsApp Inbox",
  "Why Every Lagos Small Business Needs a Website in 2025",
];
const WHATSAPP_POST = "/blog/stop-losing-leads-in-your-whatsapp-inbox-1729065600000";

/** Console errors, page errors and hydration warnings. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (
      message.type() === "error" ||
      (message.type() === "warning" && /hydrat|did not match|server rendered/i.test(message.text()))
    ) {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Requests the page makes to the Supabase REST API. */
function watchRest(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request: Request) => {
    if (request.url().includes("/rest/v1/")) seen.push(request.url());
  });
  return seen;
}

/** From a list, the WhatsApp post's card's "Read More", until the post's heading shows. */
async function openWhatsAppPostFromItsCard(page: Page) {
  await page
    .getByRole("article")
    .filter({ hasText: "Stop Losing Leads in Your WhatsApp Inbox" })
    .getByRole("link", { name: /Read More/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`${WHATSAPP_POST}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Stop Losing Leads in Your WhatsApp Inbox" })).toBeVisible();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list arrives with its posts, newest first, with dates, excerpts and working links", async ({ page }) => {
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Blog: Insights & Updates | Ascend Digital");
    await expect(page.getByRole("heading", { level: 1, name: "Insights & Updates" })).toBeVisible();
    await expect(page.getByText("Loading posts...")).toHaveCount(0);
    const titles = await page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
    const positions = SEEDED_NEWEST_FIRST.map((title) => titles.indexOf(title));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const card = page.getByRole("article").filter({ hasText: "Stop Losing Leads in Your WhatsApp Inbox" });
    await expect(card.getByText("October 16, 2024")).toBeVisible();
    await expect(card.getByText(/\.\.\.$/)).toBeVisible();
    await card.getByRole("link", { name: /Read More/ }).click();
    await expect(page).toHaveURL(new RegExp(`${WHATSAPP_POST}$`));
    await expect(
      page.getByRole("heading", { level: 1, name: "Stop Losing Leads in Your WhatsApp Inbox" }),
    ).toBeVisible();
  });

  test("a post arrives as a complete article with its sidebar, and its category link leads to the category page", async ({
    page,
  }) => {
    await page.goto(WHATSAPP_POST);
    await expect(page).toHaveTitle("Stop Losing Leads in Your WhatsApp Inbox | Ascend Digital");
    const article = page.getByRole("article");
    await expect(article.getByText("Ascend Digital Team")).toBeVisible();
    await expect(article.getByText("October 16, 2024")).toBeVisible();
    await expect(article.getByText("A basic CRM fixes this.", { exact: false })).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent Posts" }).getByRole("link")).toHaveCount(3);

    await page
      .getByRole("region", { name: "Categories" })
      .getByRole("link", { name: /^Paid Ads/ })
      .click();
    await expect(page).toHaveURL(/\/blog\/category\/paid-ads$/);
    await expect(page.getByRole("heading", { level: 1, name: "Paid Ads articles" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveText(
      "How to Run Facebook Ads on a ₦50,000 Budget",
    );
  });

  test("numbered pages link to each other without JavaScript", async ({ page, request }) => {
    // Seven older posts on top of the six seeded ones: a second page, after the seeded posts.
    await ensurePosts(
      request,
      Array.from({ length: 7 }, (_, index) => ({
        title: `Archive note ${index + 1}`,
        content: `An older note from the archive, number ${index + 1}.`,
        category: "Archive",
        slug: `archive-note-${index + 1}`,
        status: "published",
        published_at: `2019-0${index + 1}-15T09:00:00Z`,
      })),
    );
    const titles = () => page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
    const pagination = page.getByRole("navigation", { name: "Pages" });
    // Page 2 repeats no post of page 1. Other specs publish posts as this one runs, and each moves
    // the last post of page 1 onto page 2: a publication between the two reads is read again.
    await expect
      .poll(async () => {
        await page.goto("/blog");
        const firstPage = await titles();
        await page.goto("/blog/page/2");
        const secondPage = await titles();
        return {
          firstPage: firstPage.length,
          secondPage: secondPage.length > 0,
          both: secondPage.filter((title) => firstPage.includes(title)),
        };
      })
      .toEqual({ firstPage: 12, secondPage: true, both: [] });
    await page.goto("/blog");
    await expect(page.getByRole("article")).toHaveCount(12);
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/blog\/page\/2$/);
    await expect(page).toHaveTitle("Blog: Insights & Updates, page 2 | Ascend Digital");
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    // The archive notes are the oldest posts, so they end the last page. Other specs publish posts
    // into the same database as they run, so which page is last depends on what ran before.
    let pageNumber = 2;
    while ((await pagination.getByRole("link", { name: "Next" }).count()) > 0) {
      await pagination.getByRole("link", { name: "Next" }).click();
      pageNumber += 1;
      await expect(page).toHaveURL(new RegExp(`/blog/page/${pageNumber}$`));
    }
    await expect(page.getByRole("article").last()).toContainText("Archive note 1");
    while (pageNumber > 1) {
      await pagination.getByRole("link", { name: "Previous" }).click();
      pageNumber -= 1;
      await expect(page).toHaveURL(pageNumber === 1 ? /\/blog$/ : new RegExp(`/blog/page/${pageNumber}$`));
    }
  });

  test("a reader searches from the sidebar, sees highlighted results and opens one", async ({ page }) => {
    await page.goto(WHATSAPP_POST);
    const search = page.getByRole("complementary", { name: "Blog sidebar" }).getByRole("search");
    await search.getByRole("searchbox", { name: "Search articles" }).fill("spreadsheet");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/blog\/search\?q=spreadsheet$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search the blog" })).toBeVisible();
    await expect(page.getByText("1 article matches your search")).toBeVisible();
    const result = page.getByRole("article").filter({ hasText: "Five Signs Your Business Has Outgrown Spreadsheets" });
    await expect(result.locator("mark").first()).toHaveText(/spreadsheet/i);
    await result.getByRole("link", { name: "Five Signs Your Business Has Outgrown Spreadsheets" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Five Signs Your Business Has Outgrown Spreadsheets" }),
    ).toBeVisible();
  });

  test("a search with no match suggests the categories", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("main").getByRole("searchbox", { name: "Search articles" }).fill("quantum blockchain");
    await page.getByRole("main").getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No articles match your search.")).toBeVisible();
    await page.getByRole("link", { name: "Paid Ads" }).click();
    await expect(page).toHaveURL(/\/blog\/category\/paid-ads$/);
  });

  test("an unknown post answers 404 with 'Post not found' and a link back to the blog", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post-123");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe("with JavaScript", () => {
  test("a post rendered at request time carries the whole stylesheet inline, like the prerendered pages, and fetches none", async ({
    page,
    request,
  }) => {
    const html = await (await request.get(WHATSAPP_POST)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const inline = [...head.replace(/<noscript>[\s\S]*?<\/noscript>/g, "").matchAll(/<style>([\s\S]*?)<\/style>/g)]
      .map((match) => match[1])
      .join("");
    // The rules of a post and of every other page (the next page a visitor opens is drawn with them).
    for (const rule of ["@font-face", ".post-body", ".bg-brand-700", ".md\\:grid-cols-3"])
      expect(inline).toContain(rule);
    expect(head).not.toMatch(/<link\b[^>]*rel="stylesheet"/);
    // After the preloads (the font's, the post's image), whose requests its bytes would hold back.
    expect(head.lastIndexOf('rel="preload"')).toBeGreaterThan(-1);
    expect(head.lastIndexOf('rel="preload"')).toBeLessThan(head.lastIndexOf("<style>"));
    // Nothing links the stylesheet once the app runs, nor after a navigation to another page.
    const stylesheets: string[] = [];
    page.on("request", (sent) => {
      if (sent.resourceType() === "stylesheet") stylesheets.push(sent.url());
    });
    await gotoHydrated(page, WHATSAPP_POST);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/services$/);
    await page.waitForLoadState("networkidle");
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    expect(stylesheets).toEqual([]);
  });

  test("a post hydrates with the rows it arrived with: no request for the post, no loading state, no warnings", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const rest = watchRest(page);
    await gotoHydrated(page, WHATSAPP_POST);
    await page.waitForLoadState("networkidle");
    await expect(
      page.getByRole("heading", { level: 1, name: "Stop Losing Leads in Your WhatsApp Inbox" }),
    ).toBeVisible();
    await expect(page.getByText("Loading post...")).toHaveCount(0);
    expect(rest).toEqual([]);
    expect(problems).toEqual([]);
    await expect(page.locator("title")).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  });

  test("the list hydrates without a request, its cards at the first interaction, then navigates to a post and back in the browser", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const rest = watchRest(page);
    await gotoHydrated(page, "/blog");
    await page.waitForLoadState("networkidle");
    // The cards stay the server's HTML until the reader first interacts (PostsOfPage.tsx); a key
    // press, as a scroll's touch would, hydrates them.
    const grid = page.locator("[data-island=post-grid]");
    await expect(grid).not.toHaveAttribute("data-hydrated");
    await page.keyboard.press("Shift");
    await expect(grid).toHaveAttribute("data-hydrated", "true");
    expect(rest).toEqual([]);

    // A client-side navigation: no new document, the post's rows come from the REST API.
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents += 1;
    });
    await openWhatsAppPostFromItsCard(page);
    await expect(page).toHaveTitle("Stop Losing Leads in Your WhatsApp Inbox | Ascend Digital");
    expect(rest.some((url) => url.includes("/rest/v1/posts") && url.includes("slug=eq.stop-losing-leads"))).toBe(true);

    await page.getByRole("link", { name: "Back to all articles" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(
      page.getByRole("article").filter({ hasText: "Stop Losing Leads in Your WhatsApp Inbox" }),
    ).toBeVisible();
    await page.goBack();
    await expect(
      page.getByRole("heading", { level: 1, name: "Stop Losing Leads in Your WhatsApp Inbox" }),
    ).toBeVisible();
    expect(documents).toBe(0);
    expect(problems).toEqual([]);
  });

  test("a tap on a card before the cards have hydrated opens the post, as the link it is", async ({ page }) => {
    const problems = watchConsole(page);
    await gotoHydrated(page, "/blog");
    await expect(page.locator("[data-island=post-grid]")).not.toHaveAttribute("data-hydrated");
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents += 1;
    });
    await openWhatsAppPostFromItsCard(page);
    // The browser followed the link: the post came as a page of its own.
    expect(documents).toBe(1);
    expect(problems).toEqual([]);
  });

  test("a search in the browser opens its results without a page load", async ({ page }) => {
    await gotoHydrated(page, "/blog");
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents += 1;
    });
    await page.getByRole("main").getByRole("searchbox", { name: "Search articles" }).fill('"small business"');
    await page.getByRole("main").getByRole("searchbox", { name: "Search articles" }).press("Enter");
    await expect(page).toHaveURL(/\/blog\/search\?q=%22small\+business%22$/);
    await expect(page.getByText(/articles? match/)).toBeVisible();
    await expect(page.getByRole("article").first().locator("mark").first()).toBeVisible();
    expect(documents).toBe(0);
  });

  test("a category link in the browser shows that category's posts", async ({ page }) => {
    await gotoHydrated(page, "/blog");
    await page
      .getByRole("navigation", { name: "Browse by category" })
      .getByRole("link", { name: "CRM Automation" })
      .click();
    await expect(page).toHaveURL(/\/blog\/category\/crm-automation$/);
    await expect(page.getByRole("heading", { level: 1, name: "CRM Automation articles" })).toBeVisible();
    const titles = await page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
    expect(titles).toEqual(
      expect.arrayContaining([
        "Stop Losing Leads in Your WhatsApp Inbox",
        "Five Signs Your Business Has Outgrown Spreadsheets",
      ]),
    );
    await expect(
      page.getByRole("navigation", { name: "Browse by category" }).getByRole("link", { name: "CRM Automation" }),
    ).toHaveAttribute("aria-current", "page");
  });
});

/** Gzipped bytes of every JavaScript file the page requests, and which Supabase code is among it. */
async function measureJavaScript(page: Page, path: string) {
  const bodies: Promise<{ url: string; body: Buffer }>[] = [];
  let lastScript = Date.now();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === "script" || response.url().endsWith(".js")) {
      lastScript = Date.now();
      bodies.push(response.body().then((body) => ({ url: response.url(), body })));
    }
  };
  page.on("response", onResponse);
  // Anything loaded from effects comes after hydration. Not "networkidle": that fires once, and on a
  // loaded machine it can fire before hydration ends, while the chunks an effect imports are still to come.
  await gotoHydrated(page, path);
  await expect
    .poll(() => Date.now() - lastScript, { message: "a second without a new script", timeout: 15_000 })
    .toBeGreaterThanOrEqual(1000);
  page.off("response", onResponse);
  const files = await Promise.all(bodies);
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(file.body).length, 0);
  const contains = (marker: string) => files.some((file) => file.body.toString("utf8").includes(marker));
  // Markers that survive minification: a header only postgrest-js sends, and the auth client's name,
  // which it logs under.
  return {
    gzipBytes,
    files: files.length,
    hasPostgrest: contains("X-Retry-Count"),
    hasAuthClient: contains("GoTrueClient"),
  };
}

test("marketing pages and server-rendered blog pages load no Supabase code; sign-in loads supabase-js", async ({
  page,
  browser,
}) => {
  const home = await measureJavaScript(page, "/");
  const measureIn = async (path: string) => {
    // A fresh context (an empty cache) that, like the suite's, has answered the consent question.
    const other = await browser.newPage({ storageState: answeredConsentState() });
    const result = await measureJavaScript(other, path);
    await other.close();
    return result;
  };
  const blog = await measureIn("/blog");
  const post = await measureIn(WHATSAPP_POST);
  const login = await measureIn("/login");
  console.log(
    `JavaScript, gzipped: / ${home.gzipBytes} B in ${home.files} files; /blog ${blog.gzipBytes} B in ${blog.files} files; a post ${post.gzipBytes} B; /login ${login.gzipBytes} B`,
  );
  test.info().annotations.push({
    type: "js-gzip-bytes",
    description: `/: ${home.gzipBytes}, /blog: ${blog.gzipBytes}, post: ${post.gzipBytes}, /login: ${login.gzipBytes}`,
  });
  expect(home).toMatchObject({ hasPostgrest: false, hasAuthClient: false });
  // The blog's rows arrive with the page: the PostgREST reader loads only for a client-side navigation.
  expect(blog).toMatchObject({ hasPostgrest: false, hasAuthClient: false });
  expect(post).toMatchObject({ hasPostgrest: false, hasAuthClient: false });
  expect(login.hasAuthClient).toBe(true);
  expect(login.hasPostgrest).toBe(true);
});
