/**
 * Writes the `headers` of vercel.json from scripts/security-headers.ts, keeping everything else.
 * Run with `npm run headers:sync`; set VITE_SUPABASE_URL to pin connect-src to your project.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { headerRules } from "./security-headers";

const path = new URL("../vercel.json", import.meta.url);
const current = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
const next = { ...current, headers: headerRules({ supabaseUrl: process.env.VITE_SUPABASE_URL || undefined }) };
writeFileSync(path, `${JSON.stringify(next, null, 2)}\n`);
console.log("vercel.json headers written from scripts/security-headers.ts");
