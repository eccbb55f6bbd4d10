import { describe, expect, it } from "vitest";
import { markdownToPlainText, readingMinutes, renderMarkdown } from "./markdown";

function dom(source: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderMarkdown(source).html;
  return root;
}

/** Every element and attribute that could run script or load a frame. */
function dangerous(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll("*")) {
    const tag = element.tagName.toLowerCase();
    if (["script", "iframe", "object", "embed", "style", "svg", "math", "form", "base", "meta", "link"].includes(tag))
      found.push(tag);
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith("on")) found.push(`${tag}[${attribute.name}]`);
      if (
        ["href", "src", "action", "formaction", "xlink:href"].includes(attribute.name) &&
        !/^(https?:|mailto:|tel:|\/(?!\/)|#)/i.test(attribute.value.trim())
      ) {
        found.push(`${tag}[${attribute.name}=${attribute.value}]`);
      }
    }
  }
  return found;
}

describe("renderMarkdown: what a post can contain", () => {
  it("renders CommonMark with tables, task lists, strikethrough and autolinks", () => {
    const root = dom(
      [
        "Some **bold**, *italic* and ~~struck~~ text with `code`.",
        "",
        "- one",
        "- two",
        "",
        "1. first",
        "2. second",
        "",
        "- [x] done",
        "- [ ] to do",
        "",
        "| Plan | Price |",
        "| --- | ---: |",
        "| LaunchSite | ₦100,000 |",
        "",
        "> A quote",
        "",
        "```",
        "const x = 1 < 2;",
        "```",
        "",
        "Visit https://example.com/page for more.",
      ].join("\n"),
    );
    expect(root.querySelector("strong")?.textContent).toBe("bold");
    expect(root.querySelector("em")?.textContent).toBe("italic");
    expect(root.querySelector("del")?.textContent).toBe("struck");
    expect(root.querySelector("code")?.textContent).toBe("code");
    expect(root.querySelectorAll("ul > li")).toHaveLength(4);
    expect(root.querySelectorAll("ol > li")).toHaveLength(2);
    const boxes = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(root.querySelector("table th")?.textContent).toBe("Plan");
    expect(root.querySelector("table td:last-child")?.textContent).toBe("₦100,000");
    expect(root.querySelector("blockquote")?.textContent?.trim()).toBe("A quote");
    expect(root.querySelector("pre code")?.textContent).toBe("const x = 1 < 2;\n");
    const auto = root.querySelector('a[href="https://example.com/page"]');
    expect(auto?.getAttribute("target")).toBe("_blank");
    expect(auto?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("keeps the older plain-text posts as they were: paragraphs, single line breaks kept", () => {
    const root = dom("First line\nSecond line\n\nNew paragraph");
    const paragraphs = root.querySelectorAll("p");
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.querySelectorAll("br")).toHaveLength(1);
    expect(paragraphs[1]?.textContent).toBe("New paragraph");
    expect(dom("Price: ₦50,000 & more <3").textContent?.trim()).toBe("Price: ₦50,000 & more <3");
  });

  it("gives headings unique ids, makes a # heading an h2, and lists h2-h4 for a table of contents", () => {
    const { html, headings } = renderMarkdown(
      "# Big idea\n\n## Setup\n\n### Setup\n\n#### Main\n\n##### Deep\n\n## Café & Co.",
    );
    const root = document.createElement("div");
    root.innerHTML = html;
    expect(root.querySelector("h1")).toBeNull();
    expect([...root.querySelectorAll("h2, h3, h4, h5")].map((heading) => `${heading.tagName}#${heading.id}`)).toEqual([
      "H2#big-idea",
      "H2#setup",
      "H3#setup-2",
      "H4#main-2",
      "H5#deep",
      "H2#cafe-co",
    ]);
    expect(headings.map((heading) => [heading.level, heading.text])).toEqual([
      [2, "Big idea"],
      [2, "Setup"],
      [3, "Setup"],
      [4, "Main"],
      [2, "Café & Co."],
    ]);
  });

  it("opens links to other sites in a new tab, and keeps links on the site, mail and phone in place", () => {
    const root = dom(
      "[them](https://example.com) [us](https://ascenddigital.ng/services) [page](/contact) [top](#setup) [mail](mailto:hi@example.com) [call](tel:+2348095550142)",
    );
    const links = [...root.querySelectorAll("a")].map((link) => [
      link.textContent,
      link.getAttribute("href"),
      link.getAttribute("target"),
    ]);
    expect(links).toEqual([
      ["them", "https://example.com/", "_blank"],
      ["us", "https://ascenddigital.ng/services", null],
      ["page", "/contact", null],
      ["top", "#setup", null],
      ["mail", "mailto:hi@example.com", null],
      ["call", "tel:+2348095550142", null],
    ]);
  });

  it("renders images lazily with their alt text, and their size when the file name carries it", () => {
    const root = dom(
      "![Team at work](https://cdn.example.com/posts/2026/11/a1b2-1600x900.webp) ![Logo](/images/logo.png)",
    );
    const [upload, local] = [...root.querySelectorAll("img")];
    expect(upload?.getAttribute("alt")).toBe("Team at work");
    expect([upload?.getAttribute("width"), upload?.getAttribute("height")]).toEqual(["1600", "900"]);
    expect(upload?.getAttribute("loading")).toBe("lazy");
    expect(upload?.getAttribute("decoding")).toBe("async");
    expect(local?.getAttribute("src")).toBe("/images/logo.png");
    expect(local?.hasAttribute("width")).toBe(false);
  });
});

describe("renderMarkdown: nothing in a post runs", () => {
  const vectors: [string, string][] = [
    ["a script element", "<script>alert(1)</script>"],
    ["an image with onerror", '<img src=x onerror="alert(1)">'],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["an HTML comment", "<!-- hidden --> visible"],
    ["a raw javascript: link", '<a href="javascript:alert(1)">x</a>'],
    ["an svg with onload", "<svg onload=alert(1)></svg>"],
    ["a style element", "<style>body{display:none}</style>"],
    ["a Markdown javascript: link", "[x](javascript:alert(1))"],
    ["a mixed-case scheme", "[x](JaVaScRiPt:alert(1))"],
    ["an entity-encoded scheme", "[x](&#106;avascript:alert(1))"],
    ["a hex entity scheme", "[x](&#x6A;avascript:alert(1))"],
    ["a scheme after spaces", "[x]( javascript:alert(1))"],
    ["a scheme with a tab inside", "[x](java&#9;script:alert(1))"],
    ["a data: HTML link", "[x](data:text/html,<script>alert(1)</script>)"],
    ["a data: SVG image", "![x](data:image/svg+xml,<svg onload=alert(1)>)"],
    ["a vbscript: link", "[x](vbscript:msgbox(1))"],
    ["a reference-style javascript: link", "[x][1]\n\n[1]: javascript:alert(1)"],
    ["an autolink with javascript:", "<javascript:alert(1)>"],
    ["Markdown inside an attribute", '[x](https://example.com "a\\" onmouseover=\\"alert(1)")'],
    ["a title with quotes", "![a](https://example.com/a.png \"x' onerror='alert(1)\")"],
    ["a protocol-relative link", "[x](//evil.example/path)"],
  ];

  it.each(vectors)("%s is inert", (_, source) => {
    const root = dom(source);
    expect(dangerous(root)).toEqual([]);
  });

  it("shows raw HTML as the text that was typed", () => {
    const root = dom("<script>alert(1)</script> and <b>bold</b>");
    expect(root.querySelector("script, b")).toBeNull();
    expect(root.textContent).toContain("<script>alert(1)</script>");
    expect(root.textContent).toContain("<b>bold</b>");
  });

  it("keeps the text of a dropped link", () => {
    expect(dom("[click here](javascript:alert(1))").textContent?.trim()).toBe("click here");
  });
});

describe("markdownToPlainText and readingMinutes", () => {
  it("strips the syntax and keeps the words", () => {
    expect(
      markdownToPlainText(
        "## Why speed matters\n\nA **fast** site [converts](https://example.com) better.\n\n- point one\n- point two\n\n![chart](https://x.example/c.png)\n\n> quoted `code`",
      ),
    ).toBe("Why speed matters A fast site converts better. point one point two quoted code");
    expect(markdownToPlainText("Line one\nLine two")).toBe("Line one Line two");
    expect(markdownToPlainText("Tom &amp; Jerry <b>bold</b>")).toBe("Tom & Jerry <b>bold</b>");
  });

  it("counts 200 words a minute, rounded up, at least one", () => {
    expect(readingMinutes("word ".repeat(10))).toBe(1);
    expect(readingMinutes("word ".repeat(200))).toBe(1);
    expect(readingMinutes("word ".repeat(201))).toBe(2);
    expect(readingMinutes("**word** ".repeat(1000))).toBe(5);
  });
});
