import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { keepTrace, traceFileName } from "../../scripts/bench-traces";

describe("a bench run's kept trace", () => {
  it("is named by the route, the side and the time, the home page as home", () => {
    expect(traceFileName("/", 1)).toBe("home-1.json");
    expect(traceFileName("/ (no-script copy)", 2)).toBe("home-no-script-copy-2.json");
    expect(traceFileName("/services (warm-up)", 3)).toBe("services-warm-up-3.json");
    expect(traceFileName("/blog/search?q=website (no-script copy)", 4)).toBe(
      "blog-search-q-website-no-script-copy-4.json",
    );
  });

  it("holds the page, the recorded TBT and the trace, in a folder made for it", () => {
    const root = mkdtempSync(join(tmpdir(), "bench-traces-"));
    try {
      const dir = join(root, "not-yet");
      const traceEvents = [{ name: "RunTask", ph: "X", ts: 10, dur: 12_000, tdur: 7_000 }];
      const file = keepTrace(dir, "/book", { url: "https://localhost:4399/book", tbtMs: 48, traceEvents }, 5);
      expect(readdirSync(dir)).toEqual(["book-5.json"]);
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
        url: "https://localhost:4399/book",
        tbtMs: 48,
        traceEvents,
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
