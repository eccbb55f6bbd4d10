/**
 * The parts of vercel.json made from the project's tables: `rewrites`, `functions` and `crons` from
 * src/server/paths.ts, `headers` from scripts/security-headers.ts. `npm run vercel:sync` writes
 * them; tests/unit/vercel-config.test.ts fails when vercel.json differs.
 */
import { CRONS, FUNCTIONS, functionPath, REWRITES, type CronEntry, type FunctionEntry } from "../src/server/paths.ts";
import { headerRules } from "./security-headers.ts";

export interface VercelRewrite {
  source: string;
  destination: string;
}

/** Each rewrite as Vercel's path patterns express it; a function gets the visitor's path in `__path`. */
export function vercelRewrites(): VercelRewrite[] {
  return REWRITES.flatMap((entry) => {
    const suffix = entry.suffix ?? "";
    const sources = entry.subpaths
      ? [
          [`${entry.path}${suffix}`, `${entry.path}${suffix}`],
          [`${entry.path}/:rest*${suffix}`, `${entry.path}/:rest*${suffix}`],
        ]
      : [[`${entry.path}${suffix}`, `${entry.path}${suffix}`]];
    if ("file" in entry.to) {
      const file = entry.to.file;
      return [entry.path, ...(entry.subpaths ? [`${entry.path}/:path*`] : [])].map((source) => ({
        source,
        destination: file,
      }));
    }
    const target = functionPath(entry.to.function);
    return sources.map(([source, path]) => ({ source: source!, destination: `${target}?__path=${path}` }));
  });
}

export function vercelFunctions(): Record<string, { includeFiles: string }> {
  return Object.fromEntries(
    FUNCTIONS.flatMap((entry: FunctionEntry) =>
      entry.includeFiles ? [[`api/${entry.name}.ts`, { includeFiles: entry.includeFiles }]] : [],
    ),
  );
}

export function vercelCrons(crons: readonly CronEntry[] = CRONS): { path: string; schedule: string }[] {
  return crons.map((cron) => ({ path: functionPath(cron.function), schedule: cron.schedule }));
}

/** `current` with its generated parts replaced (`crons` only when there are any); everything else kept in place. */
export function syncVercelConfig(
  current: Record<string, unknown>,
  { supabaseUrl, cronEntries = CRONS }: { supabaseUrl?: string; cronEntries?: readonly CronEntry[] } = {},
): Record<string, unknown> {
  const crons = vercelCrons(cronEntries);
  const next: Record<string, unknown> = {
    ...current,
    functions: vercelFunctions(),
    rewrites: vercelRewrites(),
    ...(crons.length ? { crons } : {}),
    headers: headerRules({ supabaseUrl }),
  };
  if (!crons.length) delete next.crons;
  return next;
}
