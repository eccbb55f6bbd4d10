import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import type { JwtClaims } from "./jwt.ts";
import { signJwt, verifyJwt } from "./jwt.ts";

/**
 * The GoTrue subset that supabase-js uses: password and refresh-token grants (rotating refresh
 * tokens with reuse detection), user, logout, a refused signup, and the admin API's user creation
 * (service-role key only, as `supabase.auth.admin.createUser` calls it), with GoTrue's response and
 * error shapes and Supabase's access-token claims. Sessions and refresh tokens live in the shim's `auth`
 * tables; passwords are bcrypt hashes in `auth.users.encrypted_password`.
 */

const ACCESS_TOKEN_TTL_SECONDS = 3600;
const API_VERSION_2024 = Date.parse("2024-01-01T00:00:00Z");

interface Sql {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface AuthContext {
  /** Runs `fn` with exclusive use of the database (the local server serializes all work). */
  exclusive<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  jwtSecret: string;
  /** bcrypt cost for passwords set through the admin API (tests use a lower one). */
  bcryptCost?: number;
}

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  phone: string | null;
  banned_until: string | null;
  is_anonymous: boolean;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password,
  to_char(email_confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as email_confirmed_at,
  to_char(last_sign_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at,
  phone, banned_until::text as banned_until, is_anonymous`;

function appMetadata(user: UserRow) {
  return { provider: "email", providers: ["email"], ...(user.raw_app_meta_data ?? {}) };
}

function userJson(user: UserRow) {
  return {
    id: user.id,
    aud: user.aud ?? "authenticated",
    role: user.role ?? "authenticated",
    email: user.email ?? "",
    email_confirmed_at: user.email_confirmed_at,
    phone: user.phone ?? "",
    confirmed_at: user.email_confirmed_at,
    last_sign_in_at: user.last_sign_in_at,
    app_metadata: appMetadata(user),
    user_metadata: user.raw_user_meta_data ?? {},
    identities: [],
    created_at: user.created_at,
    updated_at: user.updated_at,
    is_anonymous: user.is_anonymous,
  };
}

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** GoTrue answers in the error shape of the API version the client asked for. */
function modernApi(request: Request): boolean {
  const header = request.headers.get("x-supabase-api-version");
  if (!header) return false;
  const time = Date.parse(`${header}T00:00:00Z`);
  return Number.isFinite(time) && time >= API_VERSION_2024;
}

function errorResponse(request: Request, error: AuthError): Response {
  if (modernApi(request)) {
    return json(
      error.status,
      { code: error.errorCode, error_code: error.errorCode, msg: error.message, message: error.message },
      { "x-supabase-api-version": "2024-01-01" },
    );
  }
  return json(error.status, { code: error.status, error_code: error.errorCode, msg: error.message });
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new AuthError(400, "bad_json", "Could not parse request body as JSON");
}

/** The context with its defaults filled in. */
type Auth = Required<AuthContext>;

async function issueSession(
  auth: Auth,
  sql: Sql,
  user: UserRow,
  sessionId: string,
  parent: string | null,
  origin: string,
) {
  const refreshToken = randomBytes(24).toString("base64url");
  await sql.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
    refreshToken,
    user.id,
    sessionId,
    parent,
  ]);
  const now = Math.floor(Date.now() / 1000);
  const claims: JwtClaims = {
    iss: `${origin}/auth/v1`,
    sub: user.id,
    aud: "authenticated",
    exp: now + ACCESS_TOKEN_TTL_SECONDS,
    iat: now,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: appMetadata(user),
    user_metadata: user.raw_user_meta_data ?? {},
    role: "authenticated",
    aal: "aal1",
    amr: [{ method: "password", timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  };
  return {
    access_token: signJwt(claims, auth.jwtSecret),
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: now + ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

function userIsBanned(user: UserRow) {
  return user.banned_until !== null && Date.parse(user.banned_until) > Date.now();
}

async function passwordGrant(auth: Auth, body: Record<string, unknown>, origin: string) {
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  const password = typeof body.password === "string" ? body.password : "";
  if (!email || !password) throw new AuthError(400, "validation_failed", "missing email or phone");
  const user = await auth.exclusive(async (sql) => {
    const { rows } = await sql.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null`,
      [email],
    );
    return rows[0];
  });
  // Compare outside the exclusive section: bcrypt is slow and needs no database.
  const hash = user?.encrypted_password ?? "";
  const valid = hash.startsWith("$2") ? await bcrypt.compare(password, hash) : false;
  if (!user || !valid || userIsBanned(user)) {
    throw new AuthError(400, "invalid_credentials", "Invalid login credentials");
  }
  return auth.exclusive(async (sql) => {
    await sql.query(`update auth.users set last_sign_in_at = now() where id = $1`, [user.id]);
    const { rows } = await sql.query<{ id: string }>(`insert into auth.sessions (user_id) values ($1) returning id`, [
      user.id,
    ]);
    const fresh = (await sql.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [user.id]))
      .rows[0]!;
    return issueSession(auth, sql, fresh, rows[0]!.id, null, origin);
  });
}

async function refreshGrant(auth: Auth, body: Record<string, unknown>, origin: string) {
  const token = typeof body.refresh_token === "string" ? body.refresh_token : "";
  if (!token) throw new AuthError(400, "validation_failed", "refresh_token required");
  return auth.exclusive(async (sql) => {
    const { rows } = await sql.query<{ user_id: string; session_id: string; revoked: boolean }>(
      `select user_id, session_id, revoked from auth.refresh_tokens where token = $1`,
      [token],
    );
    const row = rows[0];
    if (!row) throw new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    if (row.revoked) {
      // Reuse of a rotated token: treat the session as compromised and end it.
      await sql.query(`delete from auth.sessions where id = $1`, [row.session_id]);
      throw new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
    }
    const user = (
      await sql.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [
        row.user_id,
      ])
    ).rows[0];
    if (!user || userIsBanned(user)) throw new AuthError(400, "user_not_found", "User not found");
    await sql.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [token]);
    await sql.query(`update auth.sessions set updated_at = now() where id = $1`, [row.session_id]);
    return issueSession(auth, sql, user, row.session_id, token, origin);
  });
}

/** The signed-in user behind the request's bearer token, with a live session. */
async function requireUser(auth: Auth, request: Request) {
  const header = request.headers.get("authorization") ?? "";
  const token = /^bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  if (!token) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const verified = verifyJwt(token, auth.jwtSecret);
  if (!verified.ok) {
    throw new AuthError(
      403,
      "bad_jwt",
      verified.reason === "expired"
        ? "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired"
        : "invalid JWT: unable to parse or verify signature",
    );
  }
  const { sub, session_id: sessionId, role } = verified.claims;
  if (role !== "authenticated" || typeof sub !== "string" || typeof sessionId !== "string") {
    throw new AuthError(403, "bad_jwt", "invalid claim: missing sub claim");
  }
  return auth.exclusive(async (sql) => {
    const session = await sql.query(`select 1 from auth.sessions where id = $1::uuid and user_id = $2::uuid`, [
      sessionId,
      sub,
    ]);
    if (session.rows.length === 0) {
      throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    }
    const user = (await sql.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1::uuid`, [sub]))
      .rows[0];
    if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
    return { user, sessionId };
  });
}

/** GoTrue's admin endpoints accept only a service-role token. */
function requireServiceRole(auth: Auth, request: Request) {
  const token = /^bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim();
  if (!token) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const verified = verifyJwt(token, auth.jwtSecret);
  if (!verified.ok) throw new AuthError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature");
  if (verified.claims.role !== "service_role") throw new AuthError(403, "not_admin", "User not allowed");
}

/** An e-mail and password user, confirmed, with no admin rights (those live in public.admins). */
async function createUser(auth: Auth, body: Record<string, unknown>) {
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  const password = typeof body.password === "string" ? body.password : "";
  if (!email) throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
  if (password.length < 6) throw new AuthError(422, "weak_password", "Password should be at least 6 characters.");
  const metadata =
    body.user_metadata && typeof body.user_metadata === "object" && !Array.isArray(body.user_metadata)
      ? body.user_metadata
      : {};
  const hash = await bcrypt.hash(password, auth.bcryptCost);
  return auth.exclusive(async (sql) => {
    const existing = await sql.query(`select 1 from auth.users where lower(email) = $1`, [email]);
    if (existing.rows.length > 0)
      throw new AuthError(422, "email_exists", "A user with this email address has already been registered");
    const { rows } = await sql.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1, $2,
         case when $3 then now() end, '{"provider": "email", "providers": ["email"]}', $4::jsonb, '', '', '', '')
       returning ${USER_COLUMNS}`,
      [email, hash, body.email_confirm === true, JSON.stringify(metadata)],
    );
    return userJson(rows[0]!);
  });
}

/** The API version GoTrue names in its answers to a client that asked for the 2024 API. */
function versionHeader(request: Request): Record<string, string> | undefined {
  return modernApi(request) ? { "x-supabase-api-version": "2024-01-01" } : undefined;
}

/** One endpoint: its answer, or an AuthError thrown for GoTrue's error shape. */
type Endpoint = (auth: Auth, request: Request, url: URL) => Promise<Response>;

/** POST /token?grant_type=password|refresh_token: a new session, or the next one of a session. */
async function token(auth: Auth, request: Request, url: URL): Promise<Response> {
  const grant = url.searchParams.get("grant_type");
  const body = await readJson(request);
  if (grant === "password") return json(200, await passwordGrant(auth, body, url.origin), versionHeader(request));
  if (grant === "refresh_token") return json(200, await refreshGrant(auth, body, url.origin), versionHeader(request));
  throw new AuthError(400, "unsupported_grant_type", "unsupported_grant_type");
}

/** GET /user: the signed-in user. */
async function getUser(auth: Auth, request: Request): Promise<Response> {
  const { user } = await requireUser(auth, request);
  return json(200, userJson(user), versionHeader(request));
}

/** POST /logout?scope=global|local|others: ends the user's sessions, this one, or the others. */
async function logout(auth: Auth, request: Request, url: URL): Promise<Response> {
  const { user, sessionId } = await requireUser(auth, request);
  const scope = url.searchParams.get("scope") ?? "global";
  if (!["global", "local", "others"].includes(scope)) {
    throw new AuthError(400, "validation_failed", "Unsupported logout scope");
  }
  await auth.exclusive(async (sql) => {
    if (scope === "global") await sql.query(`delete from auth.sessions where user_id = $1`, [user.id]);
    else if (scope === "local") await sql.query(`delete from auth.sessions where id = $1`, [sessionId]);
    else await sql.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [user.id, sessionId]);
  });
  return new Response(null, { status: 204, headers: versionHeader(request) });
}

/** POST /admin/users (service role only): creates a user. */
async function adminCreateUser(auth: Auth, request: Request): Promise<Response> {
  requireServiceRole(auth, request);
  return json(200, await createUser(auth, await readJson(request)), versionHeader(request));
}

/** POST /signup: refused; accounts are made through the admin API. */
async function signup(): Promise<Response> {
  throw new AuthError(422, "signup_disabled", "Signups not allowed for this instance");
}

/** GET /settings: what the client may offer (e-mail sign-in, no signups). */
async function settings(): Promise<Response> {
  return json(200, {
    external: { email: true, phone: false },
    disable_signup: true,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
  });
}

/** GET /health */
async function health(): Promise<Response> {
  return json(200, { version: "local", name: "GoTrue", description: "Local stand-in for Supabase Auth" });
}

/** The endpoints by method and path (below /auth/v1). */
const ENDPOINTS = new Map<string, Endpoint>([
  ["POST /token", token],
  ["GET /user", getUser],
  ["POST /logout", logout],
  ["POST /admin/users", adminCreateUser],
  ["POST /signup", signup],
  ["GET /settings", settings],
  ["GET /health", health],
]);

export function createAuthHandler(context: AuthContext) {
  const auth: Auth = { ...context, bcryptCost: context.bcryptCost ?? 10 };
  return async function handleAuth(request: Request, path: string): Promise<Response> {
    const endpoint = ENDPOINTS.get(`${request.method} ${path}`);
    try {
      if (!endpoint) throw new AuthError(404, "not_found", "Not Found");
      return await endpoint(auth, request, new URL(request.url));
    } catch (error) {
      if (error instanceof AuthError) return errorResponse(request, error);
      throw error;
    }
  };
}
