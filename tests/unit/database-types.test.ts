import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DATABASE_TYPES_FILE, generateDatabaseTypes, includedSchemas } from "../../scripts/db-types.ts";

describe("src/lib/database.types.ts", () => {
  it("is what `npm run db:types` generates from supabase/migrations", async () => {
    const generated = await generateDatabaseTypes();
    const committed = readFileSync(DATABASE_TYPES_FILE, "utf8");
    // Not toEqual on the texts: a 600-line diff buries the one thing to do.
    if (committed !== generated) {
      const committedLines = committed.split("\n");
      const generatedLines = generated.split("\n");
      const at = generatedLines.findIndex((line, i) => line !== committedLines[i]);
      expect.fail(
        `src/lib/database.types.ts is out of date with supabase/migrations: run \`npm run db:types\` and commit the result.\n` +
          `First difference at line ${at + 1}:\n  committed: ${committedLines[at] ?? "(end of file)"}\n  generated: ${generatedLines[at] ?? "(end of file)"}`,
      );
    }
  }, 60_000);

  it("covers the schemas `supabase gen types --local` would: public and the ones config.toml exposes", () => {
    expect(includedSchemas()).toEqual(["public"]);
    expect(includedSchemas('[api]\nschemas = ["public", "graphql_public"]\n[db]\nport = 1\n')).toEqual([
      "public",
      "graphql_public",
    ]);
    expect(includedSchemas("[db]\nport = 1\n")).toEqual(["public", "graphql_public"]);
  });
});
