import { expect, test, type APIRequestContext } from "@playwright/test";

/**
 * The drawn social cards through the preview server (the blog function as Vercel runs it, with the
 * local backend): a published post's card is a 1200x630 PNG, and /blog and a category page name
 * their own card as an absolute og:image that answers.
 */
const SEEDED_POST = "stop-losing-leads-in-your-whatsapp-inbox-1729065600000";

/** The PNG's width and height from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function expectCard(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
  const bytes = await response.body();
  expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  expect(bytes.byteLength).toBeLessThan(5 * 1024 * 1024);
}

test("a published post's card is a 1200x630 PNG", async ({ request }) => {
  await expectCard(request, `/blog/${SEEDED_POST}/card.png?v=1`);
  expect((await request.get("/blog/no-such-post-anywhere/card.png")).status()).toBe(404);
});

for (const page of ["/blog", "/blog/category/web-design"]) {
  test(`${page} shares its own card: an absolute og:image that answers`, async ({ request }) => {
    const html = await (await request.get(page)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toMatch(/^https?:\/\//);
    const url = new URL(image!);
    expect(url.pathname).toBe(`${page}/card.png`);
    expect(html).toContain('<meta property="og:image:width" content="1200"');
    expect(html).toContain('<meta property="og:image:height" content="630"');
    expect(html).toMatch(/<meta property="og:image:alt" content="[^"]+"/);
    // The site's address is the production one; the same path answers here.
    await expectCard(request, url.pathname);
  });
}
