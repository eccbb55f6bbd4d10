/**
 * `npm run bench:card`: how long a social card takes to draw (src/server/social-card/render.ts), and
 * its size, for a short title, a long one, one with emoji, one in Yoruba with its tone marks, and the
 * hostile titles of issue 43: a 1,600-character word (41 s to lay out when each character cut
 * re-measured the line) and 1,600 characters of words. The database now refuses a title over 200
 * characters; the card must hold either way. The last row is a card drawn before, as the blog
 * function keeps it (kept-cards.ts).
 *
 * - cold: a fresh Node process per title, as a new function instance: loading satori and resvg,
 *   reading the fonts and the logo, and the first card (the sum and its parts);
 * - warm: the median and 95th percentile of RUNS cards in one process once the fonts are loaded,
 *   and the median CPU time (user and system, process.cpuUsage) of the same runs: on a busy shared
 *   machine the wall time waits for the other processes, the CPU time much less.
 *
 * The yardstick in the same run: the platforms' limit of 5 MB per image, and a page's one-minute CDN
 * lifetime (a card is drawn at most once a day per URL: CACHE_POLICY.card). `uptime`'s load is printed
 * with the figures: on a shared machine they move with it.
 */
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import type { SocialCard } from "../src/server/social-card/card";
import { keepDrawnCards } from "../src/server/social-card/kept-cards";

const RUNS = 30;
const LIMIT_BYTES = 5 * 1024 * 1024;

const brand = { siteName: "Ascend Digital", address: "ascenddigital.ng/blog" };
const CARDS: Record<string, SocialCard> = {
  short: { ...brand, eyebrow: "Web Design", title: "Why speed sells", details: ["Ada Obi", "4 min read"] },
  long: {
    ...brand,
    eyebrow: "CRM Automation",
    title:
      "How a Lagos retailer cut follow-up time from three days to ten minutes with a CRM pipeline, WhatsApp templates and one very patient sales team that nobody thought would change",
    details: ["Chinedu Okafor", "12 min read"],
  },
  emoji: {
    ...brand,
    eyebrow: "Paid Ads",
    title: "🚀 Ads that pay for themselves 💸 in Naija 🇳🇬",
    details: ["Ada Obi", "6 min read"],
  },
  diacritics: {
    ...brand,
    eyebrow: "E-commerce",
    title: "Ọjà Ẹ̀rọ: bí a ṣe ń ta ọjà lórí ayélujára",
    details: ["Tèmítọ́pẹ́ Ṣàngó", "5 min read"],
  },
  "hostile word": { ...brand, eyebrow: "Web Design", title: "W".repeat(1_600), details: ["Ada Obi"] },
  "hostile words": {
    ...brand,
    eyebrow: "Web Design",
    title: "Lagos retailers grow with automation ".repeat(44).slice(0, 1_600),
    details: ["Ada Obi"],
  },
};

interface Cold {
  importMs: number;
  firstMs: number;
  bytes: number;
}

/** In a child process: load the renderer and draw one card, timing each. */
async function coldChild(name: string) {
  const started = performance.now();
  const { renderCard } = await import("../src/server/social-card/render");
  const imported = performance.now();
  const png = await renderCard(CARDS[name]!);
  const cold: Cold = { importMs: imported - started, firstMs: performance.now() - imported, bytes: png.byteLength };
  process.stdout.write(JSON.stringify(cold));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const self = fileURLToPath(import.meta.url);
  const { renderCard } = await import("../src/server/social-card/render");
  await renderCard(CARDS.short!); // fonts loaded: the figures below are warm
  console.log(`Social card render (1200x630 PNG), ${RUNS} warm runs per title; load ${loadavg()[0]!.toFixed(2)}\n`);
  console.log(
    "| title | cold total | of which import | of which fonts + first card | warm median | warm p95 | warm CPU median | PNG bytes | of 5 MB |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const name of Object.keys(CARDS)) {
    const child = spawnSync(process.execPath, [...process.execArgv, self, "--cold", name], { encoding: "utf8" });
    if (child.status !== 0) throw new Error(`the cold run of ${name} failed:\n${child.stderr}`);
    const cold = JSON.parse(child.stdout) as Cold;
    const times: number[] = [];
    const cpu: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const used = process.cpuUsage();
      bytes = (await renderCard(CARDS[name]!)).byteLength;
      const spent = process.cpuUsage(used);
      times.push(performance.now() - started);
      cpu.push((spent.user + spent.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(
      `| ${name} | ${ms(cold.importMs + cold.firstMs)} | ${ms(cold.importMs)} | ${ms(cold.firstMs)} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(percentile(cpu, 50))} | ${bytes.toLocaleString("en")} | ${((bytes / LIMIT_BYTES) * 100).toFixed(1)}% |`,
    );
  }
  // A card asked for again: the function hands back the PNG it kept instead of drawing it.
  const kept = keepDrawnCards(renderCard);
  await kept(CARDS["hostile word"]!);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await kept(CARDS["hostile word"]!);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms2 = (value: number) => `${value.toFixed(2)} ms`;
  console.log(
    `| hostile word, kept | – | – | – | ${ms2(percentile(times, 50))} | ${ms2(percentile(times, 95))} | – | – | – |`,
  );
}

const coldIndex = process.argv.indexOf("--cold");
await (coldIndex > 0 ? coldChild(process.argv[coldIndex + 1]!) : main());
