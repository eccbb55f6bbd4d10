import { randomUUID } from "node:crypto";
import { PostgrestClient } from "@supabase/postgrest-js";
import { createClient } from "@supabase/supabase-js";
import type { Session, SupabaseClient } from "@supabase/supabase-js";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "../../src/lib/database.ts";
import {
  LOCAL_DEFAULTS,
  startLocalSupabaseServer,
  type LocalSupabaseOptions,
  type LocalSupabaseServer,
} from "./index.ts";
import { signJwt } from "./jwt.ts";

/**
 * What the database tests share: supabase-js and PostgREST clients for the local backend, the
 * password sign-in, tokens minted with a chosen `aal`, users made in SQL, and one in-memory local
 * Supabase on its own HTTP server for a suite.
 */

/**
 * supabase-js for Node scripts and tests against the local backend. Node 20 has no WebSocket, and
 * realtime is not used by the product, so realtime gets a transport that refuses to connect.
 */
class NoRealtimeSocket {
  constructor() {
    throw new Error("Realtime is not available from the local Supabase");
  }
}

/**
 * With `accessToken`, every request carries that token (a token minted by the test, e.g. with a
 * chosen `aal`), as supabase-js does for third-party auth; `client.auth` is then unavailable.
 */
export function createLocalClient(
  url: string,
  key: string = LOCAL_DEFAULTS.anonKey,
  accessToken?: string,
): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtimeSocket as unknown as typeof WebSocket },
    ...(accessToken === undefined ? {} : { accessToken: async () => accessToken }),
  });
}

/** The smallest valid PNG: one transparent pixel. */
export const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** PIXEL_PNG as a file to upload. */
export const pixelPng = (): Blob => new Blob([PIXEL_PNG], { type: "image/png" });

export type Aal = "aal1" | "aal2";

/**
 * An access token for `userId` at `aal`, signed with the local JWT secret, as GoTrue signs one after
 * a password sign-in (`aal1`) or a verified TOTP challenge (`aal2`). Valid for an hour.
 */
export function mintToken(userId: string, aal: Aal = "aal1"): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      sub: userId,
      role: "authenticated",
      aud: "authenticated",
      iat: now,
      exp: now + 3600,
      aal,
      amr: aal === "aal2" ? [{ method: "totp", timestamp: now }] : [{ method: "password", timestamp: now }],
      session_id: randomUUID(),
    },
    LOCAL_DEFAULTS.jwtSecret,
  );
}

/** SQL as the database's owner, past RLS and grants: to arrange rows and to read what was stored. */
type TestDatabase = Pick<LocalSupabaseServer["local"]["db"], "query" | "exec">;

interface SignedIn {
  /** A supabase-js client holding the session. */
  client: SupabaseClient;
  session: Session;
  token: string;
  userId: string;
}

interface TestUser {
  email: string;
  password: string;
  /** raw_user_meta_data (`{}` when left out). */
  metadata?: Record<string, unknown>;
  /** Also a row in public.admins. */
  admin?: boolean;
}

export interface SuiteSupabase {
  /** The server's origin, http://127.0.0.1:<port>. */
  readonly url: string;
  readonly port: number;
  readonly db: TestDatabase;
  /** The server and the local Supabase behind it. */
  readonly server: LocalSupabaseServer;
  /** PostgREST as a caller holding the anon key and `token` (by default the anon key: a visitor). */
  as(token?: string): PostgrestClient<Database>;
  /** PostgREST with the service-role key, as the server's functions call it. */
  service(): PostgrestClient<Database>;
  /** A password sign-in through supabase-js; throws when it is refused. */
  signIn(email: string, password: string): Promise<SignedIn>;
  /** A user with an e-mail and password, inserted in SQL (not through the Auth API); answers its id. */
  createUser(user: TestUser): Promise<string>;
}

/** bcrypt cost for the suites' passwords: low, since no test measures hashing. */
const BCRYPT_COST = 4;

/**
 * One in-memory local Supabase on its own HTTP server for the calling suite, started in a
 * `beforeAll` and closed in an `afterAll` (hooks run in the order they are declared, and `afterAll`
 * in reverse). Call it at the top of the file; its members are read inside tests and hooks.
 * `options` may be a function, read when the server starts (after the hooks declared before it).
 */
export function localSupabaseForSuite(
  options: LocalSupabaseOptions | (() => LocalSupabaseOptions) = {},
): SuiteSupabase {
  let started: LocalSupabaseServer | undefined;
  const server = (): LocalSupabaseServer => {
    if (!started) throw new Error("The local Supabase is started in beforeAll; read it inside a test or hook");
    return started;
  };
  const rest = (key: string, token: string) =>
    new PostgrestClient<Database>(`${server().url}/rest/v1`, {
      headers: { apikey: key, Authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    const chosen = typeof options === "function" ? options() : options;
    started = await startLocalSupabaseServer({ bcryptCost: BCRYPT_COST, env: {}, ...chosen });
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });

  return {
    get url() {
      return server().url;
    },
    get port() {
      return server().port;
    },
    get db() {
      return server().local.db;
    },
    get server() {
      return server();
    },
    as: (token = LOCAL_DEFAULTS.anonKey) => rest(LOCAL_DEFAULTS.anonKey, token),
    service: () => rest(LOCAL_DEFAULTS.serviceRoleKey, LOCAL_DEFAULTS.serviceRoleKey),
    async signIn(email, password) {
      const client = createLocalClient(server().url);
      const { data, error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw error;
      return { client, session: data.session, token: data.session.access_token, userId: data.user.id };
    },
    async createUser({ email, password, metadata = {}, admin = false }) {
      const db = server().local.db;
      const { rows } = await db.query<{ id: string }>(
        `insert into auth.users (id, aud, role, email, encrypted_password, raw_user_meta_data)
         values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2, $3::jsonb) returning id`,
        [email, await bcrypt.hash(password, BCRYPT_COST), JSON.stringify(metadata)],
      );
      const id = rows[0]!.id;
      if (admin) await db.query(`insert into public.admins (user_id) values ($1)`, [id]);
      return id;
    },
  };
}
