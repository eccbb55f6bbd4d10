import type { Catalog, ForeignKey, Table } from "./catalog.ts";
import { quoteIdent } from "./catalog.ts";

/**
 * The PostgREST subset that supabase-js sends for this product, translated into one SQL statement
 * with bound parameters. Every identifier in the request is looked up in the catalog first and
 * every value becomes a `$n` parameter: no request text is ever spliced into SQL.
 */

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

const parseError = (what: string, input: string, detail?: string) =>
  new RestError(400, "PGRST100", `"failed to parse ${what} (${input})"`, detail ?? null);

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

// ------------------------------------------------------------------------------------------------
// select=...
// ------------------------------------------------------------------------------------------------

export type SelectItem =
  | { kind: "star" }
  | { kind: "column"; name: string; alias: string }
  | { kind: "embed"; relation: string; alias: string; hint: string | null; items: SelectItem[] };

export function parseSelect(input: string): SelectItem[] {
  let pos = 0;
  const fail = (): never => {
    throw parseError("select parameter", input, `unexpected "${input.slice(pos, pos + 10)}" at position ${pos}`);
  };
  const ident = (): string => {
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(input.slice(pos));
    if (!match) return fail();
    pos += match[0].length;
    return match[0];
  };
  const items = (): SelectItem[] => {
    const list: SelectItem[] = [];
    for (;;) {
      if (input[pos] === "*") {
        pos += 1;
        list.push({ kind: "star" });
      } else {
        let name = ident();
        const alias = name;
        if (input[pos] === ":" && input[pos + 1] !== ":") {
          pos += 1;
          name = ident();
        }
        let hint: string | null = null;
        if (input[pos] === "!") {
          pos += 1;
          hint = ident();
        }
        if (input[pos] === "(") {
          pos += 1;
          const inner = input[pos] === ")" ? [] : items();
          if (input[pos] !== ")") fail();
          pos += 1;
          list.push({ kind: "embed", relation: name, alias, hint, items: inner });
        } else {
          if (hint !== null) fail();
          list.push({ kind: "column", name, alias });
        }
      }
      if (input[pos] === ",") {
        pos += 1;
        continue;
      }
      return list;
    }
  };
  const result = input === "" ? [{ kind: "star" } as SelectItem] : items();
  if (pos !== input.length) fail();
  return result;
}

// ------------------------------------------------------------------------------------------------
// SQL building
// ------------------------------------------------------------------------------------------------

class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

interface Builder {
  catalog: Catalog;
  params: Params;
  aliasCounter: { next: number };
}

function tableRef(catalog: Catalog, table: Table): string {
  return `${quoteIdent(catalog.schema)}.${quoteIdent(table.name)}`;
}

export function requireTable(catalog: Catalog, name: string): Table {
  const table = catalog.tables.get(name);
  if (!table) {
    throw new RestError(404, "PGRST205", `Could not find the table '${catalog.schema}.${name}' in the schema cache`);
  }
  return table;
}

function requireColumn(table: Table, name: string) {
  const column = table.columns.get(name);
  if (!column) throw new RestError(400, "42703", `column ${table.name}.${name} does not exist`);
  return column;
}

interface Relationship {
  fk: ForeignKey;
  /** true: the parent holds the key (many-to-one, an object); false: one-to-many, an array. */
  toOne: boolean;
  target: Table;
}

function findRelationship(catalog: Catalog, parent: Table, relation: string, hint: string | null): Relationship {
  const candidates: Relationship[] = [];
  for (const fk of catalog.foreignKeys) {
    const hintMatches = (columns: string[]) =>
      hint === null || hint === fk.name || (columns.length === 1 && columns[0] === hint);
    // Many-to-one: parent.fk -> relation, by table name, or by the constraint or column name.
    if (fk.table === parent.name) {
      const byTable = fk.foreignTable === relation && hintMatches(fk.columns);
      const byKey = hint === null && (fk.name === relation || (fk.columns.length === 1 && fk.columns[0] === relation));
      if (byTable || byKey) {
        candidates.push({ fk, toOne: true, target: requireTable(catalog, fk.foreignTable) });
        continue;
      }
    }
    // One-to-many: relation.fk -> parent.
    if (fk.foreignTable === parent.name && fk.table === relation && hintMatches(fk.columns)) {
      candidates.push({ fk, toOne: false, target: requireTable(catalog, fk.table) });
    }
  }
  if (candidates.length === 0) {
    throw new RestError(
      400,
      "PGRST200",
      `Could not find a relationship between '${parent.name}' and '${relation}' in the schema cache`,
      null,
      "Verify that the relationship exists and that the names in the select parameter are correct.",
    );
  }
  if (candidates.length > 1) {
    throw new RestError(
      300,
      "PGRST201",
      `Could not embed because more than one relationship was found for '${parent.name}' and '${relation}'`,
      candidates.map((c) => c.fk.name).join(", "),
      `Try changing '${relation}' to one of the constraint names above with '!'.`,
    );
  }
  return candidates[0]!;
}

/** The select list for `table` aliased as `alias`, embeds as correlated subqueries. */
function selectList(b: Builder, table: Table, alias: string, items: SelectItem[]): string {
  const parts: string[] = [];
  for (const item of items) {
    if (item.kind === "star") {
      for (const name of table.order) parts.push(`${alias}.${quoteIdent(name)}`);
    } else if (item.kind === "column") {
      requireColumn(table, item.name);
      parts.push(`${alias}.${quoteIdent(item.name)} as ${quoteIdent(item.alias)}`);
    } else {
      const rel = findRelationship(b.catalog, table, item.relation, item.hint);
      const child = `_t${b.aliasCounter.next++}`;
      const inner = selectList(b, rel.target, child, item.items.length ? item.items : [{ kind: "star" }]);
      const join = rel.toOne
        ? rel.fk.columns.map(
            (col, i) => `${child}.${quoteIdent(rel.fk.foreignColumns[i]!)} = ${alias}.${quoteIdent(col)}`,
          )
        : rel.fk.columns.map(
            (col, i) => `${child}.${quoteIdent(col)} = ${alias}.${quoteIdent(rel.fk.foreignColumns[i]!)}`,
          );
      const from = `from ${tableRef(b.catalog, rel.target)} ${child} where ${join.join(" and ")}`;
      const sub = rel.toOne
        ? `(select row_to_json(_e) from (select ${inner} ${from} limit 1) _e)`
        : `coalesce((select json_agg(_e) from (select ${inner} ${from}) _e), '[]'::json)`;
      parts.push(`${sub} as ${quoteIdent(item.alias)}`);
    }
  }
  if (parts.length === 0) return "";
  return parts.join(", ");
}

// ------------------------------------------------------------------------------------------------
// Filters, order, limit
// ------------------------------------------------------------------------------------------------

const RESERVED = new Set(["select", "order", "limit", "offset", "columns", "on_conflict", "apikey"]);
const COMPARISON: Record<string, string> = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" };

function splitInList(raw: string, original: string): string[] {
  if (!raw.startsWith("(") || !raw.endsWith(")")) throw parseError("filter", original);
  const body = raw.slice(1, -1);
  if (body === "") return [];
  const values: string[] = [];
  let i = 0;
  while (i <= body.length) {
    if (body[i] === '"') {
      let value = "";
      i += 1;
      while (i < body.length && body[i] !== '"') {
        if (body[i] === "\\" && i + 1 < body.length) i += 1;
        value += body[i];
        i += 1;
      }
      if (body[i] !== '"') throw parseError("filter", original);
      i += 1;
      values.push(value);
    } else {
      let end = body.indexOf(",", i);
      if (end === -1) end = body.length;
      values.push(body.slice(i, end));
      i = end;
    }
    if (i >= body.length) break;
    if (body[i] !== ",") throw parseError("filter", original);
    i += 1;
  }
  return values;
}

/** One column condition (`column=[not.]op.value`), as SQL with bound parameters. */
function columnCondition(b: Builder, table: Table, alias: string, key: string, raw: string): string {
  if (!IDENT.test(key)) {
    // Embedded filters (author.full_name), json paths and anything else we do not translate.
    if (/^[A-Za-z_][A-Za-z0-9_]*\.(order|limit|offset|select)$/.test(key) || key.includes(".")) {
      throw new RestError(
        400,
        "PGRST100",
        `"failed to parse filter (${key})"`,
        "Filters on embedded resources are not supported by the local backend",
      );
    }
    throw new RestError(400, "42703", `column ${table.name}.${key} does not exist`);
  }
  const column = requireColumn(table, key);
  let rest = raw;
  let negate = false;
  if (rest.startsWith("not.")) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf(".");
  if (dot <= 0) throw parseError("filter", raw);
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  const ref = `${alias}.${quoteIdent(column.name)}`;
  let condition: string;
  if (op in COMPARISON) {
    condition = `${ref} ${COMPARISON[op]} ${b.params.add(value, column.type)}`;
  } else if (op === "like" || op === "ilike") {
    condition = `${ref}::text ${op} ${b.params.add(value.replace(/\*/g, "%"), "text")}`;
  } else if (op === "match" || op === "imatch") {
    condition = `${ref}::text ${op === "match" ? "~" : "~*"} ${b.params.add(value, "text")}`;
  } else if (op === "in") {
    const values = splitInList(value, raw);
    condition = values.length ? `${ref} in (${values.map((v) => b.params.add(v, column.type)).join(", ")})` : "false";
  } else if (op === "is") {
    const literal = { null: "null", true: "true", false: "false", unknown: "unknown" }[value.toLowerCase()];
    if (!literal) throw parseError("filter", raw);
    condition = `${ref} is ${literal}`;
  } else {
    throw parseError("filter", raw);
  }
  return negate ? `not (${condition})` : condition;
}

/**
 * The items of a logic filter's list, `(a.eq.1,b.ilike."x,y",and(c.gt.2,d.is.null))`: split on
 * top-level commas, outside parentheses and double-quoted values (whose quotes and backslash
 * escapes are removed, as PostgREST reads them).
 */
export function splitLogicList(input: string, original: string): string[] {
  if (!input.startsWith("(") || !input.endsWith(")")) throw parseError("logic tree", original);
  const body = input.slice(1, -1);
  const items: string[] = [];
  let current = "";
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const character = body[i]!;
    if (quoted) {
      if (character === "\\" && i + 1 < body.length) current += body[++i];
      else if (character === '"') quoted = false;
      else current += character;
    } else if (character === '"') {
      quoted = true;
    } else if (character === "(") {
      depth += 1;
      current += character;
    } else if (character === ")") {
      depth -= 1;
      if (depth < 0) throw parseError("logic tree", original);
      current += character;
    } else if (character === "," && depth === 0) {
      items.push(current);
      current = "";
    } else {
      current += character;
    }
  }
  if (quoted || depth !== 0) throw parseError("logic tree", original);
  items.push(current);
  if (items.some((item) => item === "")) throw parseError("logic tree", original);
  return items;
}

/** `or=(...)`, `and=(...)`, `not.or=(...)`: nested logic over column conditions. */
function logicCondition(
  b: Builder,
  table: Table,
  alias: string,
  operator: string,
  list: string,
  original: string,
  depth = 0,
): string {
  if (depth > 8) throw parseError("logic tree", original);
  const negate = operator.startsWith("not.");
  const joiner = operator.endsWith("or") ? " or " : " and ";
  const parts = splitLogicList(list, original).map((item) => {
    const nested = /^((?:not\.)?(?:and|or))(\(.*\))$/s.exec(item);
    if (nested) return logicCondition(b, table, alias, nested[1]!, nested[2]!, original, depth + 1);
    const dot = item.indexOf(".");
    if (dot <= 0) throw parseError("logic tree", original);
    return columnCondition(b, table, alias, item.slice(0, dot), item.slice(dot + 1));
  });
  const combined = `(${parts.join(joiner)})`;
  return negate ? `not ${combined}` : combined;
}

function buildWhere(b: Builder, table: Table, alias: string, search: URLSearchParams): string[] {
  const conditions: string[] = [];
  for (const [key, raw] of search) {
    if (RESERVED.has(key)) continue;
    if (key === "or" || key === "and" || key === "not.or" || key === "not.and") {
      conditions.push(logicCondition(b, table, alias, key, raw, raw));
      continue;
    }
    conditions.push(columnCondition(b, table, alias, key, raw));
  }
  return conditions;
}

function buildOrder(table: Table, alias: string, raw: string | null): string {
  if (raw === null || raw === "") return "";
  const terms = raw.split(",").map((term) => {
    const [name, ...modifiers] = term.split(".");
    if (!name || !IDENT.test(name)) throw parseError("order", raw);
    const column = requireColumn(table, name);
    let direction = "";
    let nulls = "";
    for (const modifier of modifiers) {
      if ((modifier === "asc" || modifier === "desc") && !direction) direction = ` ${modifier}`;
      else if (modifier === "nullsfirst" && !nulls) nulls = " nulls first";
      else if (modifier === "nullslast" && !nulls) nulls = " nulls last";
      else throw parseError("order", raw);
    }
    return `${alias}.${quoteIdent(column.name)}${direction}${nulls}`;
  });
  return ` order by ${terms.join(", ")}`;
}

function parseCount(name: string, raw: string | null): number | null {
  if (raw === null || raw === "") return null;
  if (!/^\d{1,9}$/.test(raw)) throw parseError(name, raw);
  return Number(raw);
}

// ------------------------------------------------------------------------------------------------
// Requests
// ------------------------------------------------------------------------------------------------

export interface Prefer {
  return: "representation" | "minimal" | "headers-only" | null;
  count: "exact" | null;
  missingDefault: boolean;
  rollback: boolean;
}

export function parsePrefer(header: string | null): Prefer {
  const prefer: Prefer = { return: null, count: null, missingDefault: false, rollback: false };
  if (!header) return prefer;
  for (const part of header
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, value] = part.split("=").map((p) => p.trim());
    if (key === "return" && (value === "representation" || value === "minimal" || value === "headers-only")) {
      prefer.return = value;
    } else if (key === "count" && (value === "exact" || value === "planned" || value === "estimated")) {
      // Planned and estimated counts are exact here: the tables are small.
      prefer.count = "exact";
    } else if (key === "missing" && value === "default") {
      prefer.missingDefault = true;
    } else if (key === "tx") {
      prefer.rollback = value === "rollback";
    } else if (key === "resolution") {
      throw new RestError(400, "PGRST100", "Upserts (Prefer: resolution) are not supported by the local backend");
    }
    // Other preferences (handling, timezone, max-affected) are ignored, as PostgREST does by default.
  }
  return prefer;
}

export interface Statement {
  sql: string;
  params: unknown[];
  countSql?: string;
  countParams?: unknown[];
}

/** Wraps a row source in the JSON aggregation that produces the response body. */
function aggregate(select: string, stripNulls: boolean): string {
  const agg = `coalesce(json_agg(_r), '[]'::json)`;
  return `select ${stripNulls ? `json_strip_nulls(${agg})` : agg}::text as body, count(*)::int as n from (${select}) _r`;
}

export interface ReadOptions {
  table: Table;
  search: URLSearchParams;
  stripNulls: boolean;
  count: boolean;
  /** PostgREST's db-max-rows: no read returns more rows, whatever its limit says. */
  maxRows?: number | null;
}

export function buildRead(
  catalog: Catalog,
  { table, search, stripNulls, count, maxRows = null }: ReadOptions,
): Statement & {
  offset: number;
} {
  const b: Builder = { catalog, params: new Params(), aliasCounter: { next: 1 } };
  const list = selectList(b, table, "_t0", parseSelect(search.get("select") ?? "*"));
  const where = buildWhere(b, table, "_t0", search);
  const order = buildOrder(table, "_t0", search.get("order"));
  const requested = parseCount("limit", search.get("limit"));
  const limit = maxRows === null ? requested : Math.min(requested ?? maxRows, maxRows);
  const offset = parseCount("offset", search.get("offset")) ?? 0;
  const whereSql = where.length ? ` where ${where.join(" and ")}` : "";
  let tail = "";
  if (limit !== null) tail += ` limit ${b.params.add(limit, "bigint")}`;
  if (offset) tail += ` offset ${b.params.add(offset, "bigint")}`;
  const from = ` from ${tableRef(catalog, table)} _t0`;
  const statement: Statement & { offset: number } = {
    sql: aggregate(`select ${list}${from}${whereSql}${order}${tail}`, stripNulls),
    params: b.params.values,
    offset,
  };
  if (count) {
    const cb: Builder = { catalog, params: new Params(), aliasCounter: { next: 1 } };
    const countWhere = buildWhere(cb, table, "_t0", search);
    statement.countSql = `select count(*)::int as total${from}${countWhere.length ? ` where ${countWhere.join(" and ")}` : ""}`;
    statement.countParams = cb.params.values;
  }
  return statement;
}

function rejectRange(search: URLSearchParams, method: string) {
  if (search.has("limit") || search.has("offset")) {
    throw new RestError(400, "PGRST100", `limit and offset are not supported on ${method} by the local backend`);
  }
}

function returning(b: Builder, table: Table, search: URLSearchParams, source: string, stripNulls: boolean) {
  const list = selectList(b, table, "_t0", parseSelect(search.get("select") ?? "*"));
  return aggregate(list ? `select ${list} from ${source} _t0` : `select from ${source} _t0`, stripNulls);
}

function bodyColumns(table: Table, rows: Record<string, unknown>[], columnsParam: string | null): string[] {
  let names: string[];
  if (columnsParam !== null) {
    names = columnsParam.split(",").map((name) => name.trim().replace(/^"(.*)"$/, "$1"));
  } else {
    names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  }
  for (const name of names) {
    if (!table.columns.has(name)) {
      throw new RestError(
        400,
        "PGRST204",
        `Could not find the '${name}' column of '${table.name}' in the schema cache`,
      );
    }
  }
  return names;
}

function asRows(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every((row) => row !== null && typeof row === "object" && !Array.isArray(row))) {
    throw new RestError(400, "PGRST102", "All object keys must match");
  }
  return rows as Record<string, unknown>[];
}

/**
 * The insert. With `minimal` (Prefer: return=minimal, supabase-js's `.insert()` without `.select()`)
 * there is no RETURNING, as in PostgREST: a caller allowed to insert but not to read the table
 * (a visitor leaving a lead) must not need SELECT rights or pass SELECT policies.
 */
export function buildInsert(
  catalog: Catalog,
  table: Table,
  search: URLSearchParams,
  body: unknown,
  stripNulls: boolean,
  minimal = false,
): Statement & { minimal?: boolean } {
  const b: Builder = { catalog, params: new Params(), aliasCounter: { next: 1 } };
  const rows = asRows(body);
  const columns = bodyColumns(table, rows, search.get("columns"));
  const target = tableRef(catalog, table);
  let insert: string;
  if (rows.length === 0) {
    insert = `insert into ${target} select * from ${target} where false returning *`;
  } else if (columns.length === 0) {
    if (rows.length > 1) throw new RestError(400, "PGRST102", "Empty objects can only be inserted one at a time");
    insert = `insert into ${target} default values returning *`;
  } else {
    const cols = columns.map(quoteIdent).join(", ");
    insert = `insert into ${target} (${cols}) select ${cols} from json_populate_recordset(null::${target}, ${b.params.add(JSON.stringify(rows), "json")}) returning *`;
  }
  if (minimal) return { sql: insert.replace(/ returning \*$/, ""), params: b.params.values, minimal: true };
  return { sql: `with _w as (${insert}) ${returning(b, table, search, "_w", stripNulls)}`, params: b.params.values };
}

export function buildUpdate(
  catalog: Catalog,
  table: Table,
  search: URLSearchParams,
  body: unknown,
  stripNulls: boolean,
): Statement | null {
  rejectRange(search, "PATCH");
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new RestError(400, "PGRST102", "Expected a JSON object in the request body");
  }
  const b: Builder = { catalog, params: new Params(), aliasCounter: { next: 1 } };
  const columns = bodyColumns(table, [body as Record<string, unknown>], search.get("columns"));
  if (columns.length === 0) return null;
  const target = tableRef(catalog, table);
  const record = b.params.add(JSON.stringify(body), "json");
  const where = buildWhere(b, table, "_t0", search);
  const set = columns.map((name) => `${quoteIdent(name)} = _p.${quoteIdent(name)}`).join(", ");
  const update = `update ${target} _t0 set ${set} from json_populate_record(null::${target}, ${record}) _p${
    where.length ? ` where ${where.join(" and ")}` : ""
  } returning _t0.*`;
  return { sql: `with _w as (${update}) ${returning(b, table, search, "_w", stripNulls)}`, params: b.params.values };
}

export function buildDelete(catalog: Catalog, table: Table, search: URLSearchParams, stripNulls: boolean): Statement {
  rejectRange(search, "DELETE");
  const b: Builder = { catalog, params: new Params(), aliasCounter: { next: 1 } };
  const where = buildWhere(b, table, "_t0", search);
  const del = `delete from ${tableRef(catalog, table)} _t0${where.length ? ` where ${where.join(" and ")}` : ""} returning _t0.*`;
  return { sql: `with _w as (${del}) ${returning(b, table, search, "_w", stripNulls)}`, params: b.params.values };
}

/** PostgREST's mapping from SQLSTATE to HTTP status. */
export function statusForSqlState(code: string, role: string): number {
  if (code === "42501") return role === "anon" ? 401 : 403;
  if (code === "23503" || code === "23505") return 409;
  if (code === "25006") return 405;
  if (code === "42883" || code === "42P01") return 404;
  if (code === "P0001") return 400;
  const cls = code.slice(0, 2);
  if (cls === "08" || cls === "53") return 503;
  if (cls === "0L" || cls === "0P" || cls === "28") return 403;
  if (cls === "54") return 413;
  if (["09", "25", "2D", "38", "39", "3B", "40", "55", "57", "58", "F0", "HV", "P0", "XX"].includes(cls)) return 500;
  if (code === "42P17") return 500;
  return 400;
}
