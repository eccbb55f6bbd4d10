/**
 * What Vercel serves for a URL, read from `vercel build`'s output (`.vercel/output/config.json`, the
 * Build Output API v3), so that `npm run verify:vercel` can compare it with `vite preview`.
 *
 * Written here because no published package evaluates Build Output routes outside Vercel's own
 * proxy. It models the parts this project's config uses: the phases split by `handle`
 * ('filesystem', 'error'), `src` with its captures, `headers`, `status` (redirects and errors),
 * `dest` with its query merged into the request's, `check`, `continue`, the static files with their
 * `overrides` (clean URLs), directory indexes and functions. A route with any other key (`has`,
 * `missing`, `methods`, middleware, ...) or another `handle` is refused with an error, so a config
 * this model does not understand fails the check instead of passing it.
 */

export interface OutputRoute {
  src?: string;
  dest?: string;
  headers?: Record<string, string>;
  status?: number;
  continue?: boolean;
  check?: boolean;
  handle?: string;
}

export interface BuildOutput {
  routes: OutputRoute[];
  /** Static file → the path it is served at (clean URLs: `contact/index.html` → `contact/index`). */
  overrides: Record<string, { path?: string }>;
  /** Files under `.vercel/output/static`, relative (`assets/index-abc.js`). */
  staticFiles: ReadonlySet<string>;
  /** Functions under `.vercel/output/functions`, without `.func` (`api/contact`). */
  functions: ReadonlySet<string>;
}

export type Served =
  | { kind: "static"; file: string; status: number }
  | { kind: "function"; name: string; query: Record<string, string> }
  | { kind: "redirect"; status: number; location: string }
  | { kind: "status"; status: number };

export interface Outcome {
  served: Served;
  headers: Record<string, string>;
}

const KNOWN_KEYS = new Set(["src", "dest", "headers", "status", "continue", "check", "handle"]);
const KNOWN_HANDLES = new Set(["filesystem", "error"]);

function assertModelled(route: OutputRoute) {
  const unknown = Object.keys(route).filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length)
    throw new Error(
      `A route uses ${unknown.join(", ")}, which scripts/vercel-routes.ts does not model: ${JSON.stringify(route)}`,
    );
  if (route.handle && !KNOWN_HANDLES.has(route.handle))
    throw new Error(`A route uses handle '${route.handle}', which scripts/vercel-routes.ts does not model.`);
}

/** `$1`, `$name` in `template` replaced by the match's captures (empty when a group did not take part). */
function substitute(template: string, match: RegExpExecArray): string {
  return template.replace(/\$(\d+|[A-Za-z_][A-Za-z0-9_]*)/g, (_, key: string) =>
    /^\d+$/.test(key) ? (match[Number(key)] ?? "") : (match.groups?.[key] ?? ""),
  );
}

function matchRoute(route: OutputRoute, path: string): RegExpExecArray | null {
  // Vercel matches `src` without regard to case unless a route says otherwise.
  return route.src === undefined ? null : new RegExp(route.src, "i").exec(path);
}

/** The static file or function at `path`, as the 'filesystem' phase finds it. */
function lookupFilesystem(output: BuildOutput, path: string): Served | null {
  const relative = decodeURIComponent(path).replace(/^\/+/, "");
  if (output.functions.has(relative)) return { kind: "function", name: relative, query: {} };
  const overridden = Object.entries(output.overrides);
  for (const candidate of relative === "" ? ["index"] : [relative, `${relative.replace(/\/+$/, "")}/index`]) {
    const byPath = overridden.find(([, override]) => override.path === candidate);
    if (byPath) return { kind: "static", file: byPath[0], status: 200 };
  }
  if (relative && output.staticFiles.has(relative)) return { kind: "static", file: relative, status: 200 };
  return null;
}

/** What Vercel answers for `url` (a path with an optional query). */
export function routeVercel(output: BuildOutput, url: string): Outcome {
  output.routes.forEach(assertModelled);
  const phases: Record<"main" | "filesystem" | "error", OutputRoute[]> = { main: [], filesystem: [], error: [] };
  let phase: keyof typeof phases = "main";
  for (const route of output.routes) {
    if (route.handle) phase = route.handle as "filesystem" | "error";
    else phases[phase].push(route);
  }

  const parsed = new URL(url, "https://vercel.invalid");
  let path = parsed.pathname;
  const query: Record<string, string> = Object.fromEntries(parsed.searchParams);
  const headers: Record<string, string> = {};
  const withQuery = (served: Served): Served =>
    served.kind === "function" ? { ...served, query: { ...query } } : served;

  const apply = (route: OutputRoute, match: RegExpExecArray) => {
    for (const [name, value] of Object.entries(route.headers ?? {})) headers[name] = substitute(value, match);
    if (route.dest) {
      const dest = new URL(substitute(route.dest, match), "https://vercel.invalid");
      path = dest.pathname;
      for (const [name, value] of dest.searchParams) query[name] = value;
    }
  };

  let status = 404;
  routing: {
    for (const route of phases.main) {
      const match = matchRoute(route, path);
      if (!match) continue;
      apply(route, match);
      const location = route.headers?.Location ?? route.headers?.location;
      if (route.status && location)
        return { served: { kind: "redirect", status: route.status, location: substitute(location, match) }, headers };
      if (route.status) {
        status = route.status;
        break routing;
      }
      if (!route.continue) break;
    }

    const found = lookupFilesystem(output, path);
    if (found) return { served: withQuery(found), headers };

    for (const route of phases.filesystem) {
      const match = matchRoute(route, path);
      if (!match) continue;
      apply(route, match);
      if (route.status && !route.dest) {
        status = route.status;
        break routing;
      }
      if (route.dest) {
        const target = lookupFilesystem(output, path);
        if (target) return { served: withQuery(target), headers };
        if (route.check) continue;
      }
      if (!route.continue) break;
    }
  }

  for (const route of phases.error) {
    if (route.status !== undefined && route.status !== status) continue;
    const match = matchRoute(route, parsed.pathname);
    if (!match) continue;
    apply(route, match);
    const page = route.dest ? lookupFilesystem(output, path) : null;
    if (page?.kind === "static") return { served: { ...page, status }, headers };
  }
  return { served: { kind: "status", status }, headers };
}
