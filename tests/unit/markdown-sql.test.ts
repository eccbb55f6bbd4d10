/**
 * The database's plain-text summary (private.markdown_plain_text, a regular-expression twin of
 * markdownToPlainText in src/lib/markdown.ts) and reading time against the app's own, on the seed
 * posts and on Markdown that uses every common construct: cards read the database's summary, the
 * post page the app's, and a reader should not see them disagree.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markdownToPlainText, readingMinutes } from "../../src/lib/markdown.ts";
import { createLocalSupabase, type LocalSupabase } from "../../supabase/local/index.ts";

let local: LocalSupabase;

beforeAll(async () => {
  local = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
});

afterAll(async () => {
  await local?.close();
});

const seedBodies = [...readFileSync("supabase/seed.sql", "utf8").matchAll(/E'((?:[^']|'')*)'/g)].map((match) =>
  match[1]!.replace(/''/g, "'").replace(/\\n/g, "\n"),
);

const markdown = [
  "## Why speed matters\n\nA **fast** site [converts](https://example.com) better, and *slow* ones ~~do not~~ lose.\n\n- point one\n- point two\n\n![chart](https://x.example/c-800x600.webp)\n\n> A quoted line with `code`",
  "# Pricing in naira\n\n| Plan | Price |\n| --- | ---: |\n| LaunchSite | ₦100,000 |\n| GrowthSite | ₦300,000 |\n\n1. Pick a plan\n2. Book a call",
  "Checklist:\n\n- [x] Domain bought\n- [ ] Logo ready\n\n---\n\nTom &amp; Jerry, 2 < 3 and a <b>tag</b> <!-- note -->",
  "```\nnpm install\n```\n\nAfter that, run the build. A literal \\*star\\* stays.",
  'Line one\nLine two\n\n### A small heading\n\nMore text with [a link](/contact "Contact us") and an autolink https://example.com.',
];

async function sql(source: string) {
  const { rows } = await local.db.query<{ plain: string; minutes: number }>(
    "select private.markdown_plain_text($1) as plain, private.reading_minutes($1) as minutes",
    [source],
  );
  return rows[0]!;
}

describe("the database's summary of a Markdown body", () => {
  it("reads the seed posts", () => expect(seedBodies).toHaveLength(6));

  it.each([...seedBodies, ...markdown].map((body, index) => [index, body] as const))(
    "matches the app's for body %i in its first 160 characters and its reading time",
    async (_, body) => {
      const { plain, minutes } = await sql(body);
      expect(plain.slice(0, 160)).toBe(markdownToPlainText(body).slice(0, 160));
      expect(minutes).toBe(readingMinutes(body));
    },
  );

  it("is what posts store as their summary, unless the author wrote an excerpt", async () => {
    const body = markdown[0]!;
    const { rows } = await local.db.query<{ summary: string; with_excerpt: string; reading_minutes: number }>(
      `with inserted as (
         insert into public.posts (title, content, excerpt, author_id, slug) values
           ('Summary test', $1, null, 'a5cd0000-0000-4000-8000-000000000001', 'summary-test'),
           ('Excerpt test', $1, '  A short excerpt.  ', 'a5cd0000-0000-4000-8000-000000000001', 'excerpt-test')
         returning slug, summary, reading_minutes)
       select (select summary from inserted where slug = 'summary-test') as summary,
              (select summary from inserted where slug = 'excerpt-test') as with_excerpt,
              (select reading_minutes from inserted where slug = 'summary-test') as reading_minutes`,
      [body],
    );
    expect(rows[0]!.summary).toBe(markdownToPlainText(body).slice(0, 200));
    expect(rows[0]!.with_excerpt).toBe("A short excerpt.");
    expect(rows[0]!.reading_minutes).toBe(1);
  });
});
