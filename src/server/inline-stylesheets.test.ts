import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-stylesheets";

const page = (links: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <noscript><style>.needs-script{display:none}</style></noscript>
    ${links}
    <script type="module" crossorigin src="/assets/index-c.js"></script>
  </head>
  <body><div id="root"><h1 class="text-4xl">Title</h1></div></body>
</html>`;

const stylesheets = { "/assets/style-a.css": ".text-4xl{font-size:2.25rem}@font-face{font-family:Inter}" };

describe("inlineStylesheets", () => {
  it("puts each linked stylesheet in a <style> where its link was, and changes nothing else", () => {
    const html = page('<link rel="stylesheet" crossorigin href="/assets/style-a.css">');
    expect(inlineStylesheets(html, stylesheets)).toBe(
      page("<style>.text-4xl{font-size:2.25rem}@font-face{font-family:Inter}</style>"),
    );
  });

  it("reads the href without its query or fragment", () => {
    const html = page('<link rel="stylesheet" href="/assets/style-a.css?v=1">');
    expect(inlineStylesheets(html, stylesheets)).toContain(`<style>${stylesheets["/assets/style-a.css"]}</style>`);
  });

  it("leaves a page as it is when a link names a stylesheet it was not given (the development server's)", () => {
    for (const links of [
      '<link rel="stylesheet" href="/src/index.css">',
      '<link rel="stylesheet" href="/assets/style-a.css"><link rel="stylesheet" href="/assets/other.css">',
      '<link rel="stylesheet" href="/assets/constructor">',
      "",
    ]) {
      const html = page(links);
      expect(inlineStylesheets(html, stylesheets)).toBe(html);
    }
  });

  it('refuses a stylesheet that holds "</style", which would end the element early', () => {
    const html = page('<link rel="stylesheet" href="/assets/style-a.css">');
    expect(() => inlineStylesheets(html, { "/assets/style-a.css": '.a::after{content:"</STYLE><script>"}' })).toThrow(
      /contains "<\/style"/,
    );
  });
});
