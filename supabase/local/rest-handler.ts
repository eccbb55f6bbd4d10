import type { Catalog } from "./catalog.ts";
import { buildRpc, type FunctionInfo } from "./rpc.ts";
import type { Caller, Gateway } from "./gateway.ts";
import { isPgError, jsonResponse } from "./gateway.ts";
import type { Statement } from "./rest.ts";
import {
  RestError,
  buildDelete,
  buildInsert,
  buildRead,
  buildUpdate,
  parsePrefer,
  requireTable,
  statusForSqlState,
} from "./rest.ts";

/**
 * /rest/v1: the PostgREST subset the product uses (rest.ts builds the SQL), answered in one
 * transaction as the caller's role, with PostgREST's headers, statuses and error bodies.
 */
/**
 * `maxRows` is PostgREST's db-max-rows (hosted Supabase: 1000, its API settings' "Max rows"): a read
 * or a set-returning call answers at most that many rows, so code that must see more pages through.
 */
export function createRestHandler(
  gateway: Gateway,
  catalog: Catalog,
  functions: Map<string, FunctionInfo[]>,
  maxRows: number | null = 1000,
) {
  const { db, authorize, runInTransaction } = gateway;

  async function callFunction(request: Request, url: URL, name: string, caller: Caller): Promise<Response> {
    const method = request.method.toUpperCase();
    let args: Record<string, unknown>;
    if (method === "GET" || method === "HEAD") {
      args = Object.fromEntries([...url.searchParams].filter(([key]) => key !== "apikey"));
    } else if (method === "POST") {
      const text = await request.text();
      if (text.length > 1024 * 1024) throw new RestError(413, "PGRST413", "Request body is too large");
      try {
        const parsed: unknown = text.trim() === "" ? {} : JSON.parse(text);
        if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
        args = parsed as Record<string, unknown>;
      } catch {
        throw new RestError(400, "PGRST102", "Empty or invalid json");
      }
    } else {
      return jsonResponse(
        405,
        { code: "PGRST117", details: null, hint: null, message: `Unsupported HTTP method: ${method}` },
        { allow: "GET, HEAD, POST" },
      );
    }
    const statement = buildRpc(catalog.schema, functions, name, args, maxRows);
    // Reads, and calls of stable or immutable functions, run read-only, as PostgREST runs them.
    const readOnly = method !== "POST" || statement.fn.volatility !== "v";
    const result = await runInTransaction(
      caller,
      method,
      readOnly,
      async () => (await db.query<{ body: string }>(statement.sql, statement.params)).rows[0],
    );
    return new Response(method === "HEAD" ? null : (result?.body ?? "null"), {
      status: 200,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  }

  return async function handleRest(request: Request, url: URL, path: string): Promise<Response> {
    const auth = authorize(request, url);
    if (auth instanceof Response) return auth;
    const { role } = auth;
    const method = request.method.toUpperCase();
    try {
      const profile = request.headers.get(method === "GET" || method === "HEAD" ? "accept-profile" : "content-profile");
      if (profile && profile !== "public") {
        throw new RestError(406, "PGRST106", "The schema must be one of the following: public");
      }
      let name: string;
      try {
        name = decodeURIComponent(path.replace(/^\/+|\/+$/g, ""));
      } catch {
        throw new RestError(404, "PGRST125", "Invalid path specified in request URL");
      }
      if (name.startsWith("rpc/") && !name.slice(4).includes("/"))
        return await callFunction(request, url, name.slice(4), auth);
      if (name === "" || name.includes("/"))
        throw new RestError(404, "PGRST125", `Invalid path specified in request URL`);
      const table = requireTable(catalog, name);
      const accept = (request.headers.get("accept") ?? "application/json").toLowerCase();
      const single = accept.startsWith("application/vnd.pgrst.object+json");
      const acceptable =
        single ||
        accept.startsWith("application/json") ||
        accept.startsWith("application/vnd.pgrst.array+json") ||
        accept.startsWith("*/*");
      if (!acceptable) {
        throw new RestError(406, "PGRST107", `None of these media types are available: ${accept}`);
      }
      const stripNulls = accept.includes("nulls=stripped");
      const prefer = parsePrefer(request.headers.get("prefer"));
      const search = new URLSearchParams(url.searchParams);
      search.delete("apikey");

      let body: unknown;
      if (method === "POST" || method === "PATCH") {
        const text = await request.text();
        if (text.length > 1024 * 1024) throw new RestError(413, "PGRST413", "Request body is too large");
        try {
          body = text === "" ? (method === "PATCH" ? {} : undefined) : JSON.parse(text);
        } catch {
          throw new RestError(400, "PGRST102", "Empty or invalid json");
        }
        if (body === undefined) throw new RestError(400, "PGRST102", "Empty or invalid json");
      }

      const headers: Record<string, string> = {
        "content-type": single ? "application/vnd.pgrst.object+json; charset=utf-8" : "application/json; charset=utf-8",
      };

      const runStatement = async (statement: Statement) => {
        const { rows } = await db.query<{ body: string; n: number }>(statement.sql, statement.params);
        const result = rows[0] ?? { body: "[]", n: 0 };
        let total: number | null = null;
        if (statement.countSql) {
          const counted = await db.query<{ total: number }>(statement.countSql, statement.countParams);
          total = counted.rows[0]?.total ?? 0;
        }
        if (single && result.n !== 1) {
          throw new RestError(
            406,
            "PGRST116",
            "Cannot coerce the result to a single JSON object",
            `The result contains ${result.n} rows`,
          );
        }
        return { ...result, total };
      };

      const objectBody = (result: { body: string; n: number }) =>
        single ? result.body.slice(1, -1).trim() : result.body;

      if (method === "GET" || method === "HEAD") {
        const statement = buildRead(catalog, { table, search, stripNulls, count: prefer.count === "exact", maxRows });
        const result = await runInTransaction(auth, method, true, () => runStatement(statement));
        const range = result.n > 0 ? `${statement.offset}-${statement.offset + result.n - 1}` : "*";
        headers["content-range"] = `${range}/${result.total ?? "*"}`;
        const partial = result.total !== null && result.n > 0 && statement.offset + result.n < result.total;
        return new Response(method === "HEAD" ? null : objectBody(result), {
          status: partial ? 206 : 200,
          headers,
        });
      }

      const representation = prefer.return === "representation";
      if (method === "POST" && !representation) {
        const insert = buildInsert(catalog, table, search, body, stripNulls, true);
        await runInTransaction(auth, method, false, () => db.query(insert.sql, insert.params), prefer.rollback);
        return new Response(null, { status: 201, headers: { "content-range": "*/*" } });
      }
      let statement: Statement | null;
      if (method === "POST") statement = buildInsert(catalog, table, search, body, stripNulls);
      else if (method === "PATCH") statement = buildUpdate(catalog, table, search, body, stripNulls);
      else if (method === "DELETE") statement = buildDelete(catalog, table, search, stripNulls);
      else {
        return jsonResponse(
          405,
          { code: "PGRST117", details: null, hint: null, message: `Unsupported HTTP method: ${method}` },
          { allow: "GET, HEAD, POST, PATCH, DELETE" },
        );
      }
      const result = statement
        ? await runInTransaction(auth, method, false, () => runStatement(statement), prefer.rollback)
        : { body: "[]", n: 0, total: null };
      headers["content-range"] = `${result.n > 0 && method !== "POST" ? `0-${result.n - 1}` : "*"}/${
        prefer.count === "exact" ? result.n : "*"
      }`;
      const status = method === "POST" ? 201 : representation ? 200 : 204;
      if (!representation) {
        delete headers["content-type"];
        return new Response(null, { status: method === "POST" ? 201 : 204, headers });
      }
      return new Response(objectBody(result), { status, headers });
    } catch (error) {
      if (error instanceof RestError) return jsonResponse(error.status, error.body());
      if (isPgError(error)) {
        return jsonResponse(statusForSqlState(error.code, role), {
          code: error.code,
          details: error.detail ?? null,
          hint: error.hint ?? null,
          message: error.message,
        });
      }
      throw error;
    }
  };
}
