import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { connectPostgres, type Database } from "./database.ts";
import { LOCAL_DEFAULTS } from "./index.ts";
import { createLocalClient, mintToken, type Aal, type SuiteSupabase } from "./testing.ts";

/**
 * How a database suite reaches its local Supabase: SQL as the database's owner (its rows), and
 * supabase-js as a visitor, as a member holding a token minted at `aal`, and with the service-role
 * key, as the functions call it.
 */
export function suiteClients(supabase: SuiteSupabase) {
  const sql = <T>(text: string, params: unknown[] = []) =>
    supabase.db.query<T>(text, params).then((result) => result.rows);
  return {
    sql,
    as: (userId: string, aal: Aal): SupabaseClient =>
      createLocalClient(supabase.url, undefined, mintToken(userId, aal)),
    anon: () => createLocalClient(supabase.url),
    /**
     * A new member of the team in each of `roles` (a user, and their row in public.admins), with an
     * address of their own that starts with `prefix`: their ids by role.
     */
    newMembers: async <Role extends string>(prefix: string, roles: readonly Role[]): Promise<Record<Role, string>> => {
      const ids = {} as Record<Role, string>;
      for (const role of roles) {
        ids[role] = await supabase.createUser({
          email: `${prefix}-${role}-${randomUUID()}@example.com`,
          password: "pw-123456",
        });
        await sql(`insert into public.admins (user_id, role) values ($1, $2)`, [ids[role], role]);
      }
      return ids;
    },
    service: () => createLocalClient(supabase.url, LOCAL_DEFAULTS.serviceRoleKey),
    /**
     * On PostgreSQL (LOCAL_DB_URL, `npm run test:db:postgres`): `count` connections of their own to
     * the suite's database, as the server's owner, for races the one connection of the local server
     * would serialise. The caller closes them.
     */
    postgresConnections: async (count: number): Promise<Database[]> => {
      const [{ name }] = (await sql<{ name: string }>(`select current_database() as name`)) as [{ name: string }];
      const url = new URL(process.env.LOCAL_DB_URL!);
      url.username = "postgres";
      url.password = "";
      url.pathname = `/${encodeURIComponent(name)}`;
      return Promise.all(Array.from({ length: count }, () => connectPostgres(url.toString())));
    },
  };
}
