import type { Database } from "./database.ts";
import type { JwtClaims } from "./jwt.ts";
import { verifyJwt } from "./jwt.ts";

/**
 * What every service of the local Supabase (PostgREST, GoTrue, Storage) needs in front of the
 * database, like Supabase's API gateway: the `apikey` check, the caller's verified JWT and role,
 * exclusive use of the one connection (PGlite's, or PostgreSQL's), and a transaction run as the
 * caller's role with `request.jwt.claims` set, so that Postgres enforces the grants and RLS policies.
 */
const ROLES = new Set(["anon", "authenticated", "service_role"]);

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

export interface PgError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgError {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { code?: unknown }).code === "string" &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}

export interface Caller {
  claims: JwtClaims;
  role: string;
}

export interface Gateway {
  db: Database;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** A 401 response unless the request carries a valid anon or service-role `apikey`. */
  checkApiKey(request: Request, url: URL): Response | null;
  /** Checks `apikey` (header or query) and the bearer token; returns the caller, or the refusal. */
  authorize(request: Request, url: URL): Caller | Response;
  /** Runs `work` in one transaction as `caller` (read-only for reads), rolled back on error or when asked. */
  runInTransaction<T>(
    caller: Caller,
    method: string,
    readOnly: boolean,
    work: () => Promise<T>,
    rollback?: boolean,
  ): Promise<T>;
  idle(): Promise<void>;
}

export function createGateway(db: Database, jwtSecret: string): Gateway {
  // One connection: every piece of database work waits for the previous one.
  let tail: Promise<unknown> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  }

  function checkApiKey(request: Request, url: URL): Response | null {
    const apikey = request.headers.get("apikey") ?? url.searchParams.get("apikey");
    if (!apikey) {
      return jsonResponse(401, {
        message: "No API key found in request",
        hint: "No `apikey` request header or url param was found.",
      });
    }
    const key = verifyJwt(apikey, jwtSecret);
    if (!key.ok || (key.claims.role !== "anon" && key.claims.role !== "service_role")) {
      return jsonResponse(401, {
        message: "Invalid API key",
        hint: "Double check your Supabase `anon` or `service_role` API key.",
      });
    }
    return null;
  }

  function authorize(request: Request, url: URL): Caller | Response {
    const rejected = checkApiKey(request, url);
    if (rejected) return rejected;
    const key = verifyJwt(request.headers.get("apikey") ?? url.searchParams.get("apikey") ?? "", jwtSecret);
    if (!key.ok) throw new Error("unreachable");
    const header = request.headers.get("authorization");
    if (!header) return { claims: key.claims, role: key.claims.role as string };
    const token = /^bearer\s+(\S+)$/i.exec(header.trim())?.[1];
    const verified = token ? verifyJwt(token, jwtSecret) : ({ ok: false, reason: "malformed" } as const);
    if (!verified.ok) {
      const expired = verified.reason === "expired";
      const message = expired
        ? "JWT expired"
        : verified.reason === "signature"
          ? "JWSError JWSInvalidSignature"
          : verified.reason === "algorithm"
            ? "JWSError (CompactDecodeError Invalid algorithm)"
            : "JWSError (CompactDecodeError Invalid number of parts)";
      return jsonResponse(
        401,
        { code: expired ? "PGRST303" : "PGRST301", details: null, hint: null, message },
        { "www-authenticate": `Bearer error="invalid_token", error_description="${message}"` },
      );
    }
    const role = verified.claims.role;
    if (typeof role !== "string" || !ROLES.has(role)) {
      return jsonResponse(401, {
        code: "PGRST301",
        details: null,
        hint: null,
        message: "JWT role is not one of anon, authenticated, service_role",
      });
    }
    return { claims: verified.claims, role };
  }

  async function runInTransaction<T>(
    { role, claims }: Caller,
    method: string,
    readOnly: boolean,
    work: () => Promise<T>,
    rollback = false,
  ): Promise<T> {
    if (!ROLES.has(role)) throw new Error("unexpected role");
    return exclusive(async () => {
      await db.exec(`begin${readOnly ? " read only" : ""}; set local role ${role};`);
      try {
        await db.query(`select set_config('request.jwt.claims', $1, true), set_config('request.method', $2, true)`, [
          JSON.stringify(claims),
          method,
        ]);
        const result = await work();
        await db.exec(rollback ? "rollback" : "commit");
        return result;
      } catch (error) {
        await db.exec("rollback").catch(() => undefined);
        throw error;
      }
    });
  }

  /** Resolves once every piece of work queued so far has finished. */
  const idle = () => tail.then(() => undefined);
  return { db, exclusive, checkApiKey, authorize, runInTransaction, idle };
}
