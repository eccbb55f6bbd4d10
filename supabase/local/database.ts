import pg from "pg";

/**
 * The database the local Supabase runs on, reduced to the calls its layer and the tests make: PGlite
 * (in process, the default) has this shape as it is, and `connectPostgres` gives a PostgreSQL
 * server's connection the same shape, so every service and suite runs unchanged on either engine.
 */
interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
}

export interface Queryable {
  /** One statement, `$1`… bound to `params`. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Any number of statements, no parameters. */
  exec(sql: string): Promise<unknown>;
}

export interface Database extends Queryable {
  /** `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Values as PGlite returns them, so code and tests see the same types on both engines: int8 a
 * number (a BigInt past 2^53), `timestamp` and `date` read as UTC, `interval` its text. The rest
 * (json, arrays, timestamptz, numeric as text, bytea as bytes) already agree.
 */
const INT8 = 20;
const TIMESTAMP = 1114;
const DATE = 1082;
const INTERVAL = 1186;

function int8(text: string): number | bigint {
  const value = BigInt(text);
  return value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER) ? value : Number(value);
}

function utc(text: string): Date | string {
  if (!/^\d{4}-\d\d-\d\d/.test(text) || / BC$/.test(text)) return text;
  return new Date(text.length === 10 ? `${text}T00:00:00Z` : `${text.replace(" ", "T")}Z`);
}

const typeParsers: pg.CustomTypesConfig = {
  getTypeParser(oid: number, format?: string) {
    if (format !== "binary") {
      if (oid === INT8) return int8;
      if (oid === TIMESTAMP || oid === DATE) return utc;
      if (oid === INTERVAL) return (text: string) => text;
    }
    return pg.types.getTypeParser(oid, format as "text");
  },
} as pg.CustomTypesConfig;

function toResult<T>(result: pg.QueryResult): QueryResult<T> {
  return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
}

/**
 * One connection to a PostgreSQL server as `Database`. Like PGlite's single connection, a
 * `transaction` holds it: other calls wait until it ends.
 */
export async function connectPostgres(connectionString: string): Promise<Database> {
  const client = new pg.Client({ connectionString, types: typeParsers });
  // A notice (say, `analyze` skipping a table it does not own) is not an error.
  client.on("notice", () => {});
  await client.connect();
  let closed = false;
  let tail: Promise<unknown> = Promise.resolve();
  function locked<T>(fn: () => Promise<T>): Promise<T> {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  }
  const direct: Queryable = {
    async query<T>(sql: string, params: unknown[] = []) {
      return toResult<T>(await client.query(sql, params));
    },
    async exec(sql: string) {
      const result = (await client.query(sql)) as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? result : [result]).map((one) => toResult(one));
    },
  };
  return {
    query: <T>(sql: string, params?: unknown[]) => locked(() => direct.query<T>(sql, params)),
    exec: (sql) => locked(() => direct.exec(sql)),
    transaction: (fn) =>
      locked(async () => {
        await client.query("begin");
        try {
          const result = await fn(direct);
          await client.query("commit");
          return result;
        } catch (error) {
          await client.query("rollback").catch(() => undefined);
          throw error;
        }
      }),
    async close() {
      if (closed) return;
      closed = true;
      await tail;
      await client.end();
    },
  };
}
