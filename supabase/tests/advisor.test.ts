import { expect, it } from "vitest";
import { runAdvisor } from "../local/advisor.ts";
import { localSupabaseForSuite } from "../local/testing.ts";

/**
 * Supabase's Security and Performance Advisor (supabase/local/advisor.ts) on the migrated database
 * (the platform shim, every migration and the seed): nothing above INFO.
 */
const supabase = localSupabaseForSuite();

it("has no warning or error on the migrated schema", async () => {
  const findings = (await runAdvisor(supabase.db)).filter((finding) => finding.level !== "INFO");
  expect(findings).toEqual([]);
});
