import type { Queryable } from "./database.ts";

/** What /rest/v1 knows about the exposed schema: read from pg_catalog once the migrations ran. */
interface Column {
  name: string;
  /** Postgres type name as `format_type` prints it; used for casting bound parameters. */
  type: string;
}

export interface Table {
  name: string;
  columns: Map<string, Column>;
  /** Column names in table order, for `*`. */
  order: string[];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
}

export interface Catalog {
  schema: string;
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
}

export async function loadCatalog(db: Queryable, schema = "public"): Promise<Catalog> {
  const columns = await db.query<{ table_name: string; column_name: string; type: string }>(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
    [schema],
  );
  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: new Map(), order: [] };
      tables.set(row.table_name, table);
    }
    table.columns.set(row.column_name, { name: row.column_name, type: row.type });
    table.order.push(row.column_name);
  }
  const keys = await db.query<{
    name: string;
    table_name: string;
    foreign_table: string;
    columns: string[];
    foreign_columns: string[];
  }>(
    `select con.conname::text as name, cl.relname::text as table_name, fl.relname::text as foreign_table,
            array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
                    join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num
                   order by k.ord) as columns,
            array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
                    join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num
                   order by k.ord) as foreign_columns
       from pg_catalog.pg_constraint con
       join pg_catalog.pg_class cl on cl.oid = con.conrelid
       join pg_catalog.pg_namespace n on n.oid = cl.relnamespace
       join pg_catalog.pg_class fl on fl.oid = con.confrelid
       join pg_catalog.pg_namespace fn on fn.oid = fl.relnamespace
      where con.contype = 'f' and n.nspname = $1 and fn.nspname = $1
      order by con.conname`,
    [schema],
  );
  return {
    schema,
    tables,
    foreignKeys: keys.rows.map((row) => ({
      name: row.name,
      table: row.table_name,
      columns: row.columns,
      foreignTable: row.foreign_table,
      foreignColumns: row.foreign_columns,
    })),
  };
}

/** Double-quotes an identifier. Callers only pass names already found in the catalog. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
