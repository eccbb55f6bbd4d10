import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AGENCY_TIME_ZONE } from "../../src/lib/agency-zone";

/**
 * The agency's time zone is written once, in src/lib/agency-zone.ts: every other module of the site
 * and its functions imports AGENCY_TIME_ZONE (tests may name the zone they assert on).
 */
const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the agency's time zone", () => {
  it("is declared once in the product's code", () => {
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "src", "api"], {
      cwd: root,
      encoding: "utf8",
    })
      .split("\n")
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith("database.types.ts"));
    expect(files.length).toBeGreaterThan(100);
    const naming = files.filter((file) => readFileSync(join(root, file), "utf8").includes(AGENCY_TIME_ZONE));
    expect(naming).toEqual(["src/lib/agency-zone.ts"]);
  });
});
