import type { Catalog, Table } from "./catalog.ts";
import { buildRpc, type FunctionInfo } from "./rpc.ts";
import type { Caller, Gateway } from "./gateway.ts";
import { isPgError, jsonResponse } from "./gateway.ts";
import type { Prefer, Statement } from "./rest.ts";
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

/** What the handler's parts work with: the database through the gateway, the schema's tables and functions. */
interface Rest {
  gateway: Gateway;
  catalog: Catalog;
  functions: Map<string, FunctionInfo[]>;
  maxRows: number | null;
}

/** A request on a table, read: what the table's handlers need from its headers, query and body. */
interface TableRequest {
  table: Table;
  /** Accept asked for one object (application/vnd.pgrst.object+json) rather than an array. */
  single: boolean;
  stripNulls: boolean;
  prefer: Prefer;
  /** The query string without the API key: filters, select, order, limit. */
  search: URLSearchParams;
  /** The JSON body of a POST or PATCH. */
  body: unknown;
}

type Result = { body: string; n: number; total: number | null };

/** The body as text, refused above 1 MB. */
async function readBodyText(request: Request): Promise<string> {
  const text = await request.text();
  if (text.length > 1024 * 1024) throw new RestError(413, "PGRST413", "Request body is too large");
  return text;
}

function unsupportedMethod(method: string, allow: string): Response {
  return jsonResponse(
    405,
    { code: "PGRST117", details: null, hint: null, message: `Unsupported HTTP method: ${method}` },
    { allow },
  );
}

/** Only the public schema is exposed: another one named in Accept-Profile or Content-Profile is refused. */
function checkProfile(request: Request, method: string): void {
  const profile = request.headers.get(method === "GET" || method === "HEAD" ? "accept-profile" : "content-profile");
  if (profile && profile !== "public") {
    throw new RestError(406, "PGRST106", "The schema must be one of the following: public");
  }
}

/** The table or `rpc/{function}` the path names. */
function resourceName(path: string): string {
  try {
    return decodeURIComponent(path.replace(/^\/+|\/+$/g, ""));
  } catch {
    throw new RestError(404, "PGRST125", "Invalid path specified in request URL");
  }
}

/** A function's arguments: the query string of a GET or HEAD (less the API key), or the JSON object a POST sends. */
async function rpcArguments(request: Request, url: URL, method: string): Promise<Record<string, unknown> | Response> {
  if (method === "GET" || method === "HEAD") {
    return Object.fromEntries([...url.searchParams].filter(([key]) => key !== "apikey"));
  }
  if (method !== "POST") return unsupportedMethod(method, "GET, HEAD, POST");
  const text = await readBodyText(request);
  try {
    const parsed: unknown = text.trim() === "" ? {} : JSON.parse(text);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    return parsed as Record<string, unknown>;
  } catch {
    throw new RestError(400, "PGRST102", "Empty or invalid json");
  }
}

/** /rpc/{name}: calls the function as the caller's role and answers its JSON. */
async function callFunction(
  { gateway, catalog, functions, maxRows }: Rest,
  request: Request,
  url: URL,
  name: string,
  caller: Caller,
): Promise<Response> {
  const method = request.method.toUpperCase();
  const args = await rpcArguments(request, url, method);
  if (args instanceof Response) return args;
  const statement = buildRpc(catalog.schema, functions, name, args, maxRows);
  // Reads, and calls of stable or immutable functions, run read-only, as PostgREST runs them.
  const readOnly = method !== "POST" || statement.fn.volatility !== "v";
  const result = await gateway.runInTransaction(
    caller,
    method,
    readOnly,
    async () => (await gateway.db.query<{ body: string }>(statement.sql, statement.params)).rows[0],
  );
  return new Response(method === "HEAD" ? null : (result?.body ?? "null"), {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}

/** Reads a table request: the table, the media type asked for (406 for one not served), Prefer, and the body. */
async function parseTableRequest(
  catalog: Catalog,
  request: Request,
  url: URL,
  name: string,
  method: string,
): Promise<TableRequest> {
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
    const text = await readBodyText(request);
    try {
      body = text === "" ? (method === "PATCH" ? {} : undefined) : JSON.parse(text);
    } catch {
      throw new RestError(400, "PGRST102", "Empty or invalid json");
    }
    if (body === undefined) throw new RestError(400, "PGRST102", "Empty or invalid json");
  }
  return { table, single, stripNulls, prefer, search, body };
}

/** Runs a statement and its count; one object asked for and not exactly one row is a 406. */
async function runStatement(db: Gateway["db"], statement: Statement, single: boolean): Promise<Result> {
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
}

function contentType(single: boolean): string {
  return single ? "application/vnd.pgrst.object+json; charset=utf-8" : "application/json; charset=utf-8";
}

/** The rows as JSON: the array, or its one object when one was asked for. */
function responseBody(result: Result, single: boolean): string {
  return single ? result.body.slice(1, -1).trim() : result.body;
}

/** GET or HEAD on a table: the rows, with Content-Range, and 206 when the count shows more beyond them. */
async function readRows(
  { gateway, catalog, maxRows }: Rest,
  caller: Caller,
  method: string,
  { table, search, stripNulls, prefer, single }: TableRequest,
): Promise<Response> {
  const statement = buildRead(catalog, { table, search, stripNulls, count: prefer.count === "exact", maxRows });
  const result = await gateway.runInTransaction(caller, method, true, () =>
    runStatement(gateway.db, statement, single),
  );
  const range = result.n > 0 ? `${statement.offset}-${statement.offset + result.n - 1}` : "*";
  const partial = result.total !== null && result.n > 0 && statement.offset + result.n < result.total;
  return new Response(method === "HEAD" ? null : responseBody(result, single), {
    status: partial ? 206 : 200,
    headers: { "content-type": contentType(single), "content-range": `${range}/${result.total ?? "*"}` },
  });
}

/**
 * POST, PATCH or DELETE on a table, in a transaction rolled back when Prefer asks: the rows
 * written when Prefer asks for return=representation, else no body (201 or 204).
 */
async function writeRows(
  { gateway, catalog }: Rest,
  caller: Caller,
  method: string,
  { table, search, stripNulls, prefer, single, body }: TableRequest,
): Promise<Response> {
  const representation = prefer.return === "representation";
  if (method === "POST" && !representation) {
    const insert = buildInsert(catalog, table, search, body, stripNulls, true);
    await gateway.runInTransaction(
      caller,
      method,
      false,
      () => gateway.db.query(insert.sql, insert.params),
      prefer.rollback,
    );
    return new Response(null, { status: 201, headers: { "content-range": "*/*" } });
  }
  let statement: Statement | null;
  if (method === "POST") statement = buildInsert(catalog, table, search, body, stripNulls);
  else if (method === "PATCH") statement = buildUpdate(catalog, table, search, body, stripNulls);
  else if (method === "DELETE") statement = buildDelete(catalog, table, search, stripNulls);
  else return unsupportedMethod(method, "GET, HEAD, POST, PATCH, DELETE");
  const result = statement
    ? await gateway.runInTransaction(
        caller,
        method,
        false,
        () => runStatement(gateway.db, statement, single),
        prefer.rollback,
      )
    : { body: "[]", n: 0, total: null };
  const contentRange = `${result.n > 0 && method !== "POST" ? `0-${result.n - 1}` : "*"}/${
    prefer.count === "exact" ? result.n : "*"
  }`;
  if (!representation) {
    return new Response(null, { status: method === "POST" ? 201 : 204, headers: { "content-range": contentRange } });
  }
  return new Response(responseBody(result, single), {
    status: method === "POST" ? 201 : 200,
    headers: { "content-type": contentType(single), "content-range": contentRange },
  });
}

/** A refusal in PostgREST's words: its own errors, and Postgres's with the status PostgREST gives the SQL state. */
function errorResponse(error: unknown, role: string): Response {
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
  const rest: Rest = { gateway, catalog, functions, maxRows };

  return async function handleRest(request: Request, url: URL, path: string): Promise<Response> {
    const auth = gateway.authorize(request, url);
    if (auth instanceof Response) return auth;
    const method = request.method.toUpperCase();
    try {
      checkProfile(request, method);
      const name = resourceName(path);
      if (name.startsWith("rpc/") && !name.slice(4).includes("/"))
        return await callFunction(rest, request, url, name.slice(4), auth);
      if (name === "" || name.includes("/"))
        throw new RestError(404, "PGRST125", `Invalid path specified in request URL`);
      const tableRequest = await parseTableRequest(catalog, request, url, name, method);
      if (method === "GET" || method === "HEAD") return await readRows(rest, auth, method, tableRequest);
      return await writeRows(rest, auth, method, tableRequest);
    } catch (error) {
      return errorResponse(error, auth.role);
    }
  };
}
