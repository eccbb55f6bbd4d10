import { describe, expect, it } from "vitest";
import { scriptTags, stripScripts } from "../../scripts/no-script-copy";

const page = `<!doctype html>
<html lang="en">
  <head>
    <style>body{margin:0}</style>
    <noscript><style>.needs-script{display:none}</style></noscript>
    <link rel="preload" href="/assets/font-b.woff2" as="font" type="font/woff2" crossorigin>
    <script type="module" crossorigin src="/assets/index-c.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/main-d.js">
    <link rel=preload as=script href="/assets/other-e.js">
    <link rel="preload" as="image" href="/images/f.svg">
    <script type="application/ld+json">{"@type":"Organization"}</script>
  </head>
  <body>
    <div id="root"><h1>Title</h1></div>
    <script type="application/json" id="route-data">{"post":{"title":"A <b>"}}</script>
    <SCRIPT>alert(1)</SCRIPT>
  </body>
</html>`;

describe("the no-script copy of a page", () => {
  const copy = stripScripts(page);

  it("has no script that runs and nothing that fetches script", () => {
    expect(scriptTags(page)).toHaveLength(4);
    expect(scriptTags(copy)).toEqual([]);
    expect(copy).not.toMatch(/\.js\b/);
    expect(copy).not.toMatch(/alert/);
  });

  it("keeps the data blocks, the styles, the font and image preloads and the markup", () => {
    expect(copy).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>');
    expect(copy).toContain('<script type="application/json" id="route-data">{"post":{"title":"A <b>"}}</script>');
    expect(copy).toContain("<style>body{margin:0}</style>");
    expect(copy).toContain("<noscript><style>.needs-script{display:none}</style></noscript>");
    expect(copy).toContain('as="font"');
    expect(copy).toContain('<link rel="preload" as="image" href="/images/f.svg">');
    expect(copy).toContain('<div id="root"><h1>Title</h1></div>');
  });

  it("removes whole lines, leaving the rest byte for byte", () => {
    const removedLines = page.split("\n").filter((line) => /index-c\.js|main-d\.js|other-e\.js|alert/.test(line));
    expect(copy).toBe(
      page
        .split("\n")
        .filter((line) => !removedLines.includes(line))
        .join("\n"),
    );
  });
});
