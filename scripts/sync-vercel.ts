/**
 * Writes vercel.json's `functions`, `rewrites`, `crons` (src/server/paths.ts) and `headers`
 * (scripts/security-headers.ts), keeping everything else. Run with `npm run vercel:sync`; set
 * VITE_SUPABASE_URL to pin the CSP's connect-src to your project.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { syncVercelConfig } from "./vercel-config.ts";

const path = new URL("../vercel.json", import.meta.url);
const current = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
writeFileSync(
  path,
  `${JSON.stringify(syncVercelConfig(current, { supabaseUrl: process.env.VITE_SUPABASE_URL || undefined }), null, 2)}\n`,
);
console.log(
  "vercel.json: functions, rewrites and crons written from src/server/paths.ts, headers from scripts/security-headers.ts",
);
