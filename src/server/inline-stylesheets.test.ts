import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-stylesheets";

const page = (links: string, style = "") => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <noscript><style>.needs-script{display:none}</style></noscript>
    ${links}
    <link rel="preload" href="/assets/font-b.woff2" as="font" type="font/woff2" crossorigin>
    <script type="module" crossorigin src="/assets/index-c.js"></script>
    <link rel="preload" as="image" href="/images/hero.svg" fetchpriority="high">
  ${style}</head>
  <body><div id="root"><h1 class="text-4xl">Title</h1></div><link rel="stylesheet" href="/not/in/head.css"></body>
</html>`;

const stylesheets = { "/assets/style-a.css": ".text-4xl{font-size:2.25rem}@font-face{font-family:Inter}" };
const inline = `<style>${stylesheets["/assets/style-a.css"]}</style>`;

describe("inlineStylesheets", () => {
  it("puts the linked stylesheet inline at the end of <head>, after every preload, and changes nothing else", () => {
    const html = page('<link rel="stylesheet" crossorigin href="/assets/style-a.css">');
    const output = inlineStylesheets(html, stylesheets);
    expect(output).toBe(page("", inline).replace("    \n    <link", "    <link"));
    expect(output.indexOf("<style>.text-4xl")).toBeGreaterThan(output.lastIndexOf('rel="preload"'));
    expect(output).not.toContain('href="/assets/style-a.css"');
  });

  it("reads the href without its query or fragment", () => {
    const html = page('<link rel="stylesheet" href="/assets/style-a.css?v=1">');
    expect(inlineStylesheets(html, stylesheets)).toContain(`${inline}</head>`);
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
