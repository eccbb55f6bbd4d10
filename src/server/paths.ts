/**
 * Every path that is not a prerendered file, declared once with what serves it: the server
 * functions (`api/<name>.ts`, at `/api/<name>`), the paths rewritten to a function (the blog
 * rendered at request time, its feed and sitemap), the admin's SPA shell, and cron jobs.
 *
 * Generated from this table: vercel.json's `rewrites`, `functions` (includeFiles) and `crons`
 * (`npm run vercel:sync`, checked by tests/unit/vercel-config.test.ts), the preview server's
 * pass-through (scripts/preview-routes.ts), the dev and preview servers' mounts
 * (supabase/local/functions-plugin.ts) and the blog function's feed branches (blog.ts).
 * `npm run verify:vercel` then checks Vercel's own build against vite preview.
 *
 * Adding a function: one entry here (`fn("name")`), its logic in src/server/<name>.ts and the
 * adapter api/<name>.ts; the local servers mount it from the `mounts` table in functions-plugin.ts
 * (a type error until it is there). Adding a request-time page: one `rewrite` entry to the function
 * that renders it. Adding a cron job: one `cron` entry naming a function; Vercel calls its path with
 * GET on the schedule (UTC, cron syntax) and `Authorization: Bearer $CRON_SECRET`.
 */

import { RESET_PASSWORD_PATH } from "../lib/auth-paths";
import { FEED_PATH, SITEMAP_PATH } from "../lib/feed-paths";

export interface FunctionEntry {
  kind: "function";
  /** api/<name>.ts, served at /api/<name>. */
  name: string;
  /** Files the function reads at run time (vercel.json `includeFiles`, a glob from the project root). */
  includeFiles?: string;
}

export interface RewriteEntry {
  kind: "rewrite";
  /** The path as visitors see it. */
  path: string;
  /** Also every path below it (`/blog/...`). */
  subpaths: boolean;
  /** Only the paths that end with this (`/card.png`): the path itself with it, and with `subpaths` any below it. */
  suffix?: string;
  /** The function that answers (it receives the visitor's path in `__path`), or a static file. */
  to: { function: FunctionName } | { file: string };
  /** For the blog function: which renderer answers (a blog page, a feed, or /book with its times). */
  render?: "page" | "rss" | "sitemap" | "book";
}

export interface CronEntry {
  kind: "cron";
  function: FunctionName;
  /** Cron syntax, UTC (Vercel Cron Jobs). */
  schedule: string;
}

const fn = <Name extends string>(name: Name, options: Omit<FunctionEntry, "kind" | "name"> = {}) =>
  ({ kind: "function", name, ...options }) as const;

/**
 * The fonts the accepted proposal's PDF is set in (src/server/proposals/pdf.ts reads them at run time,
 * where the tracer cannot see), for every function that runs the outbox, which sends that PDF.
 */
const PDF_FONTS = "src/server/social-card/fonts/*.ttf";

/** The functions in api/ (one file each). */
export const FUNCTIONS = [
  // The blog's bundle.
  fn("blog", { includeFiles: "dist-ssr/**" }),
  // The same bundle, and what its social cards are drawn with (src/server/social-card/render.ts
  // reads them at run time, where the tracer cannot see): fonts, the logo, Twemoji's pictures.
  fn("blog-card", {
    includeFiles: "{dist-ssr/**,src/server/social-card/fonts/*.ttf,public/favicon.svg,node_modules/@twemoji/svg/**}",
  }),
  fn("contact"),
  fn("subscribe"),
  fn("conversions-dispatch", { includeFiles: PDF_FONTS }),
  fn("cron-outbox", { includeFiles: PDF_FONTS }),
  // The same run as cron-outbox, at the path the Supabase Cron jobs already deployed call.
  fn("cron-conversions", { includeFiles: PDF_FONTS }),
  fn("collect"),
  // A booking sends its lead's outbox, a proposal's PDF among it.
  fn("calls", { includeFiles: PDF_FONTS }),
  fn("team"),
  // Paystack's signed events: the proposals' payments and refunds (src/server/payments/webhook.ts).
  fn("paystack-webhook", { includeFiles: PDF_FONTS }),
  // A client's proposal (view, accept, decline, pay, verify) and a member's send (src/server/proposals/).
  fn("proposals", { includeFiles: PDF_FONTS }),
] as const satisfies readonly FunctionEntry[];

export type FunctionName = (typeof FUNCTIONS)[number]["name"];

/** Paths rewritten to a function or a file, in the order the host tries them. */
export const REWRITES: readonly RewriteEntry[] = [
  // A page's social card, before the page itself: the card function draws it.
  {
    kind: "rewrite",
    path: "/blog",
    subpaths: true,
    suffix: "/card.png",
    to: { function: "blog-card" },
    render: "page",
  },
  { kind: "rewrite", path: "/blog", subpaths: true, to: { function: "blog" }, render: "page" },
  { kind: "rewrite", path: SITEMAP_PATH, subpaths: false, to: { function: "blog" }, render: "sitemap" },
  { kind: "rewrite", path: FEED_PATH, subpaths: false, to: { function: "blog" }, render: "rss" },
  // /book with its free times in the HTML (src/server/blog.ts; the times are the calls function's).
  { kind: "rewrite", path: "/book", subpaths: false, to: { function: "blog" }, render: "book" },
  { kind: "rewrite", path: "/admin", subpaths: true, to: { file: "/spa-shell.html" } },
  { kind: "rewrite", path: RESET_PASSWORD_PATH, subpaths: false, to: { file: "/spa-shell.html" } },
];

/**
 * Scheduled calls of functions. The outbox (every kind's due rows, with backoff kept in the rows; the
 * reminders of leads left new) is dispatched every minute by Supabase Cron (pg_cron + pg_net calling
 * /api/cron-outbox, or /api/cron-conversions; the deploy step is in docs/ARCHITECTURE.md),
 * because a Vercel Hobby plan runs cron jobs once a day and refuses a deploy that asks for more. This
 * daily Vercel Cron is the safety net for a project whose Supabase Cron is not set up yet; the local
 * servers run the every-minute schedule themselves (supabase/local/schedule.ts).
 */
export const CRONS: readonly CronEntry[] = [{ kind: "cron", function: "cron-outbox", schedule: "0 6 * * *" }];

/** `/api/<name>`. */
export function functionPath(name: FunctionName): string {
  return `/api/${name}`;
}

/** True when `pathname` is `entry.path` or, for an entry with subpaths, below it (ending with its suffix, if it has one). */
function rewriteMatches(entry: RewriteEntry, pathname: string): boolean {
  const suffix = entry.suffix ?? "";
  if (!pathname.endsWith(suffix)) return false;
  return (
    pathname === `${entry.path}${suffix}` ||
    (entry.subpaths && pathname.startsWith(`${entry.path}/`) && pathname.length > entry.path.length + suffix.length)
  );
}

/** The rewrite that serves `pathname`, if any. */
export function findRewrite(pathname: string): RewriteEntry | undefined {
  return REWRITES.find((entry) => rewriteMatches(entry, pathname));
}
