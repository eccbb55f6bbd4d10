import type { Queryable } from "./database.ts";
import { quoteIdent } from "./catalog.ts";
import { RestError, type Statement } from "./rest.ts";

/**
 * /rest/v1/rpc/{function}: PostgREST's calls of functions in the exposed schema, with arguments by
 * name from the JSON body (POST) or the query string (GET, HEAD). The function is looked up in the
 * catalog and every value is a bound parameter cast to the argument's type, so no request text is
 * spliced into SQL; the call runs as the caller's role, so the function's own grants and, for a
 * `security invoker` function, the tables' RLS policies apply.
 */
export interface FunctionInfo {
  name: string;
  args: { name: string; type: string }[];
  /** How many trailing arguments have defaults. */
  defaults: number;
  returnsSet: boolean;
  /** 'i' immutable, 's' stable, 'v' volatile. */
  volatility: string;
}

export async function loadFunctions(db: Queryable, schema: string): Promise<Map<string, FunctionInfo[]>> {
  const { rows } = await db.query<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[];
    arg_modes: string[] | null;
    defaults: number;
    returns_set: boolean;
    volatility: string;
  }>(
    `select p.proname::text as name, p.proargnames::text[] as arg_names,
            array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) as t) as arg_types,
            p.proargmodes::text[] as arg_modes, p.pronargdefaults::int as defaults, p.proretset as returns_set, p.provolatile::text as volatility
       from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.prokind = 'f'`,
    [schema],
  );
  const functions = new Map<string, FunctionInfo[]>();
  for (const row of rows) {
    const args = row.arg_types
      .map((type, index) => ({ name: row.arg_names?.[index] ?? "", type, mode: row.arg_modes?.[index] ?? "i" }))
      .filter((arg) => arg.mode === "i" || arg.mode === "b")
      .map(({ name, type }) => ({ name, type }));
    const list = functions.get(row.name) ?? [];
    list.push({
      name: row.name,
      args,
      defaults: row.defaults,
      returnsSet: row.returns_set,
      volatility: row.volatility,
    });
    functions.set(row.name, list);
  }
  return functions;
}

/** The overload whose named arguments match `given`: every given name known, every argument without a default given. */
function resolve(candidates: FunctionInfo[], given: string[]): FunctionInfo | undefined {
  return candidates.find((fn) => {
    if (fn.args.some((arg) => !arg.name)) return false;
    const names = fn.args.map((arg) => arg.name);
    const required = names.slice(0, names.length - fn.defaults);
    return given.every((name) => names.includes(name)) && required.every((name) => given.includes(name));
  });
}

export function buildRpc(
  schema: string,
  functions: Map<string, FunctionInfo[]>,
  name: string,
  args: Record<string, unknown>,
  maxRows: number | null = null,
): Statement & { fn: FunctionInfo } {
  const given = Object.keys(args);
  const fn = resolve(functions.get(name) ?? [], given);
  if (!fn) {
    throw new RestError(
      404,
      "PGRST202",
      `Could not find the function ${schema}.${name}(${given.join(", ")}) in the schema cache`,
      null,
      "Perhaps you meant to call the function with different named arguments.",
    );
  }
  const params: unknown[] = [];
  const call = `${quoteIdent(schema)}.${quoteIdent(fn.name)}(${given
    .map((argName) => {
      const arg = fn.args.find((item) => item.name === argName)!;
      const value = args[argName];
      params.push(value !== null && typeof value === "object" ? JSON.stringify(value) : value);
      return `${quoteIdent(arg.name)} => $${params.length}::${arg.type}`;
    })
    .join(", ")})`;
  const sql = fn.returnsSet
    ? `select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n from (select * from ${call} _c${maxRows === null ? "" : ` limit ${Math.floor(maxRows)}`}) _r`
    : `select to_json(${call})::text as body, 1 as n`;
  return { sql, params, fn };
}
