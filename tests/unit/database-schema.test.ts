import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateSchemaDoc, SCHEMA_DOC_FILE } from "../../scripts/db-schema.ts";

describe("docs/schema.md", () => {
  it("is what `npm run db:schema` generates from supabase/migrations", async () => {
    const generated = await generateSchemaDoc();
    const committed = readFileSync(SCHEMA_DOC_FILE, "utf8");
    if (committed !== generated) {
      const committedLines = committed.split("\n");
      const generatedLines = generated.split("\n");
      const at = generatedLines.findIndex((line, i) => line !== committedLines[i]);
      expect.fail(
        `docs/schema.md is out of date with supabase/migrations: run \`npm run db:schema\` and commit the result.\n` +
          `First difference at line ${at + 1}:\n  committed: ${committedLines[at] ?? "(end of file)"}\n  generated: ${generatedLines[at] ?? "(end of file)"}`,
      );
    }
  }, 60_000);

  it("lists every table with its row-level security, its policies and the functions that write it", () => {
    const doc = readFileSync(SCHEMA_DOC_FILE, "utf8");
    // A table only functions reach, one the API reads under policies, and a function that writes both.
    expect(doc).toMatch(
      /## `private\.call_lead_tokens`\s+Row-level security: on\.\s+No policy: no API role reads or writes it\./,
    );
    expect(doc).toMatch(/## `public\.call_bookings`\s+Row-level security: on\./);
    // Prettier pads the table's columns.
    expect(doc).toMatch(/\| The lead team reads and marks calls\s+\| ALL\s+\| authenticated \| permissive\s+\|/);
    expect(doc).toMatch(/Written by: [^\n]*`public\.book_call\(/);
    // No table of the app's schemas without row-level security.
    expect(doc).not.toContain("Row-level security: **off**");
  });
});
