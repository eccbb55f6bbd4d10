/**
 * Post bodies are Markdown (CommonMark with GitHub's tables, task lists, strikethrough and
 * autolinks; a single line break stays a break, so plain-text posts keep their lines),
 * rendered by `marked` to the same HTML string on the server and in the browser.
 *
 * Why marked: measured on this stack (esbuild, minified, gzip -9), marked adds 15.3 KB to the post
 * page, against 52.7 KB for markdown-it and 50.4 KB for react-markdown with remark-gfm and
 * remark-breaks, and it renders a 2,000-word post in about a millisecond on the server. It does not
 * sanitise, so every element that could carry script goes through the renderer below, which is the
 * one place that decides what a post may contain:
 * - raw HTML (blocks and inline tags, comments) is shown as text, never parsed as markup;
 * - links keep only http(s), mailto:, tel:, site-relative (/...) and in-page (#...) targets; any
 *   other target (javascript:, data:, vbscript:, however spelled) leaves the text without a link;
 *   links to other sites open in a new tab with rel="noopener noreferrer";
 * - images only from http(s) or the site itself, lazy, with their alt text and, when the file name
 *   carries it (`-1600x900.webp`, as the editor names uploads), their size;
 * - headings get stable ids for links (a `#` heading becomes an h2: the page's h1 is the title).
 * Text and attribute values are escaped by marked and by `escapeHtml` here.
 */
import { Marked, type Token, type Tokens } from "marked";
import { config } from "../config";
import { imageSizeFromUrl } from "./image-size";
import { escapeHtml } from "./text";
import { blogTagPath } from "./blog-paths";
import { categorySlug } from "./category";

export interface Heading {
  id: string;
  text: string;
  level: number;
}

export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
}

const WORDS_PER_MINUTE = 200;
/** Ids the page itself uses; a heading never takes one of them. */
const RESERVED_IDS = new Set(["root", "main", "route-data", "footer-heading", "top"]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
};

/** The URL a browser would see: entities decoded, control characters and spaces removed. */
function normalizeUrl(raw: string): string {
  const decoded = raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
  // eslint-disable-next-line no-control-regex
  return decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
}

type SafeUrl = { href: string; external: boolean } | null;

/** The link target if a post may use it, else null. */
export function safeLinkUrl(raw: string, { allowMail = true } = {}): SafeUrl {
  const href = normalizeUrl(raw);
  if (!href) return null;
  if (href.startsWith("#")) return { href, external: false };
  if (href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\")) return { href, external: false };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (allowMail && (scheme === "mailto" || scheme === "tel")) return { href, external: false };
  if (scheme !== "http" && scheme !== "https") return null;
  try {
    const url = new URL(href);
    return { href: url.href, external: url.origin !== new URL(config.siteUrl).origin };
  } catch {
    return null;
  }
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 64) || "section"
  );
}

function createMarked(headings: Heading[]) {
  const used = new Map<string, number>();
  const uniqueId = (text: string) => {
    const base = slugify(text);
    const seen = used.get(base) ?? (RESERVED_IDS.has(base) ? 1 : 0);
    used.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen + 1}`;
  };

  return new Marked({
    gfm: true,
    breaks: true,
    async: false,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(Math.max(depth, 2), 6);
        const text = this.parser.parseInline(tokens, this.parser.textRenderer).trim();
        const id = uniqueId(text);
        if (level <= 4) headings.push({ id, text, level });
        return `<h${level} id="${id}">${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const target = safeLinkUrl(href);
        if (!target) return inner;
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        const external = target.external ? ' target="_blank" rel="noopener noreferrer"' : "";
        return `<a href="${escapeHtml(target.href)}"${titleAttr}${external}>${inner}</a>`;
      },
      image({ href, title, text }: Tokens.Image) {
        const target = safeLinkUrl(href, { allowMail: false });
        if (!target || target.href.startsWith("#")) return escapeHtml(text);
        const size = imageSizeFromUrl(target.href);
        const sizeAttrs = size ? ` width="${size.width}" height="${size.height}"` : "";
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        return `<img src="${escapeHtml(target.href)}" alt="${escapeHtml(text)}"${titleAttr}${sizeAttrs} loading="lazy" decoding="async">`;
      },
    },
  });
}

/**
 * The post's tags as a list of links to their pages, after the body. Rendered here with the body,
 * on the server or with the Markdown module a client-side navigation loads: the post page's own
 * script carries none of it (its budget has no room).
 */
function tagListHtml({ names: tags, label }: PostTags): string {
  if (!tags.length) return "";
  const items = tags.map(
    (tag) => `<li><a href="${escapeHtml(blogTagPath(categorySlug(tag)))}">${escapeHtml(tag)}</a></li>`,
  );
  return `<ul class="post-tags" aria-label="${escapeHtml(label)}">${items.join("")}</ul>`;
}

/** A post's tags and the name of their list (the copy, which lib/ does not import). */
export interface PostTags {
  names: string[];
  label: string;
}

/** The post's HTML (its tags' links last) and its h2-h4 headings (for the table of contents). */
export function renderMarkdown(source: string, tags: PostTags = { names: [], label: "" }): RenderedMarkdown {
  const headings: Heading[] = [];
  const html = createMarked(headings).parse(source.replace(/\r\n?/g, "\n")) as string;
  return { html: html + tagListHtml(tags), headings };
}

function plainTokens(tokens: Token[] | undefined, out: string[]): void {
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "space":
      case "hr":
      case "image":
      case "def":
        out.push(" ");
        break;
      case "br":
        out.push(" ");
        break;
      case "html":
      case "tag":
        // Raw HTML is shown to readers as the text that was typed, so it is part of the text.
        out.push((token as Tokens.HTML).block ? ` ${token.text} ` : token.text);
        break;
      case "code":
      case "codespan":
        out.push((token as Tokens.HTML).block ? ` ${token.text} ` : token.text);
        break;
      case "table": {
        const table = token as Tokens.Table;
        for (const cell of [...table.header, ...table.rows.flat()]) {
          plainTokens(cell.tokens, out);
          out.push(" ");
        }
        break;
      }
      case "list":
        for (const item of (token as Tokens.List).items) {
          plainTokens(item.tokens, out);
          out.push(" ");
        }
        break;
      default:
        if ("tokens" in token && Array.isArray(token.tokens) && token.tokens.length) {
          plainTokens(token.tokens, out);
          if (token.type === "paragraph" || token.type === "heading" || token.type === "blockquote") out.push(" ");
        } else if ("text" in token && typeof token.text === "string") {
          out.push(token.text);
        }
    }
  }
}

const lexer = new Marked({ gfm: true, breaks: true });

/** The body as one line of the text a reader sees (Markdown syntax stripped): excerpts, descriptions. */
export function markdownToPlainText(source: string): string {
  const out: string[] = [];
  plainTokens(lexer.lexer(source.replace(/\r\n?/g, "\n")), out);
  return out
    .join("")
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[name] ?? "",
    )
    .replace(/\s+/g, " ")
    .trim();
}

/** Minutes to read, at 200 words a minute, rounded up, at least one. */
export function readingMinutes(source: string): number {
  const words = markdownToPlainText(source).split(" ").filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
