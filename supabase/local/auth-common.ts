import { randomBytes, randomUUID } from "node:crypto";
import type { JwtClaims } from "./jwt.ts";
import { signJwt, verifyJwt } from "./jwt.ts";
import type { RateLimiter, Rule } from "./auth-limits.ts";

/**
 * What the local GoTrue's endpoints share: the context, the user and factor rows as GoTrue answers
 * them, its error shapes, and sessions (a row in `auth.sessions` with its level and the methods it
 * passed in `auth.mfa_amr_claims`, turned into Supabase's access-token claims).
 */

const ACCESS_TOKEN_TTL_SECONDS = 3600;
const API_VERSION_2024 = Date.parse("2024-01-01T00:00:00Z");

export interface Sql {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface AuthContext {
  /** Runs `fn` with exclusive use of the database (the local server serializes all work). */
  exclusive<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  jwtSecret: string;
  /** bcrypt cost for passwords set through the admin API (tests use a lower one). */
  bcryptCost?: number;
  /** The SMTP server recovery mail goes to (`smtp://host:port`), read when a message is sent. */
  smtpUrl?: () => string | undefined;
  /** The sender of recovery mail. */
  mailFrom?: () => string | undefined;
}

/** The context with its defaults filled in, and the instance's rate limiters. */
export type Auth = Required<AuthContext> & { limits: RateLimiter };

export interface UserRow {
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

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const USER_COLUMNS = `id, aud, role, email, encrypted_password,
  ${iso("email_confirmed_at")} as email_confirmed_at,
  ${iso("last_sign_in_at")} as last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data,
  ${iso("created_at")} as created_at,
  ${iso("updated_at")} as updated_at,
  phone, banned_until::text as banned_until, is_anonymous`;

/** A factor as GoTrue puts it in the user object (never its secret). */
interface FactorJson {
  id: string;
  friendly_name?: string;
  factor_type: string;
  status: "verified" | "unverified";
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

export async function factorsOf(sql: Sql, userId: string): Promise<FactorJson[]> {
  const { rows } = await sql.query<FactorJson & { friendly_name: string | null }>(
    `select id, friendly_name, factor_type::text as factor_type, status::text as status,
       ${iso("created_at")} as created_at, ${iso("updated_at")} as updated_at,
       ${iso("last_challenged_at")} as last_challenged_at
     from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return rows.map(({ friendly_name, ...factor }) => (friendly_name ? { ...factor, friendly_name } : factor));
}

function appMetadata(user: UserRow) {
  return { provider: "email", providers: ["email"], ...(user.raw_app_meta_data ?? {}) };
}

/** The user object; `factors` appears when the user has any, as GoTrue omits an empty list. */
export function userJson(user: UserRow, factors: FactorJson[] = []) {
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
    ...(factors.length ? { factors } : {}),
  };
}

export async function findUser(sql: Sql, id: string): Promise<UserRow | undefined> {
  return (await sql.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1::uuid`, [id])).rows[0];
}

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * 429 as GoTrue's rate limiter answers it, with the wait in `Retry-After` (seconds), while any of
 * `limits` (a key and its rule) is used up.
 */
export function enforceLimits(
  auth: Auth,
  limits: [key: string, rule: Rule][],
  errorCode = "over_request_rate_limit",
): void {
  const wait = Math.max(0, ...limits.map(([key, rule]) => auth.limits.retryAfter(key, rule)));
  if (wait === 0) return;
  const message =
    errorCode === "over_email_send_rate_limit" ? "Email rate limit exceeded" : "Request rate limit reached";
  throw new AuthError(429, errorCode, message, { "retry-after": String(wait) });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
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

export function errorResponse(request: Request, error: AuthError): Response {
  if (modernApi(request)) {
    return json(
      error.status,
      {
        code: error.errorCode,
        error_code: error.errorCode,
        msg: error.message,
        message: error.message,
        ...error.extra,
      },
      { "x-supabase-api-version": "2024-01-01", ...error.headers },
    );
  }
  return json(
    error.status,
    { code: error.status, error_code: error.errorCode, msg: error.message, ...error.extra },
    error.headers,
  );
}

/** The API version GoTrue names in its answers to a client that asked for the 2024 API. */
export function versionHeader(request: Request): Record<string, string> | undefined {
  return modernApi(request) ? { "x-supabase-api-version": "2024-01-01" } : undefined;
}

export async function readJson(request: Request): Promise<Record<string, unknown>> {
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

/** The client's address as the gateway passes it (the first `x-forwarded-for` entry). */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip")?.trim() || "127.0.0.1";
}

/** A value Postgres's `inet` takes, or null. */
export function inetOrNull(address: string): string | null {
  return /^[0-9a-f:.]+$/i.test(address) ? address : null;
}

/** One endpoint: its answer, or an AuthError thrown for GoTrue's error shape. */
export type Endpoint = (auth: Auth, request: Request, url: URL) => Promise<Response>;

/** A new session row for `userId`, having passed `method`, with the client's device and address. */
async function createSession(sql: Sql, userId: string, method: string, request: Request): Promise<string> {
  const { rows } = await sql.query<{ id: string }>(
    `insert into auth.sessions (user_id, user_agent, ip) values ($1, $2, $3) returning id`,
    [userId, request.headers.get("user-agent"), inetOrNull(clientAddress(request))],
  );
  const sessionId = rows[0]!.id;
  await recordMethod(sql, sessionId, method);
  return sessionId;
}

/** A new session for the user, who just passed `method`, with GoTrue's token response. */
export async function startSession(
  auth: Auth,
  sql: Sql,
  userId: string,
  method: string,
  request: Request,
  origin: string,
) {
  const sessionId = await createSession(sql, userId, method, request);
  return issueSession(auth, sql, (await findUser(sql, userId))!, sessionId, null, origin);
}

/** Notes that the session passed `method` now (`password`, `totp`, `recovery`). */
export async function recordMethod(sql: Sql, sessionId: string, method: string): Promise<void> {
  await sql.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

/** The session's level and the methods it passed, most recent first (the token's `aal` and `amr`). */
async function assurance(sql: Sql, sessionId: string) {
  const session = (
    await sql.query<{ aal: string }>(`select aal::text as aal from auth.sessions where id = $1`, [sessionId])
  ).rows[0];
  const { rows } = await sql.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::int as timestamp
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  const amr = rows.length ? rows : [{ method: "password", timestamp: Math.floor(Date.now() / 1000) }];
  return { aal: session?.aal ?? "aal1", amr: amr.map(({ method, timestamp }) => ({ method, timestamp })) };
}

/** The next access and refresh token of a session, with GoTrue's token response. */
export async function issueSession(
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
  const { aal, amr } = await assurance(sql, sessionId);
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
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: false,
  };
  return {
    access_token: signJwt(claims, auth.jwtSecret),
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: now + ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    user: userJson(user, await factorsOf(sql, user.id)),
  };
}

export function userIsBanned(user: UserRow) {
  return user.banned_until !== null && Date.parse(user.banned_until) > Date.now();
}

interface SignedIn {
  user: UserRow;
  sessionId: string;
  /** The session's assurance level as stored (`aal1` or `aal2`). */
  aal: string;
}

/** The signed-in user behind the request's bearer token, with a live session. */
export async function requireUser(auth: Auth, request: Request): Promise<SignedIn> {
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
    const session = await sql.query<{ aal: string }>(
      `select aal::text as aal from auth.sessions where id = $1::uuid and user_id = $2::uuid`,
      [sessionId, sub],
    );
    if (session.rows.length === 0) {
      throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    }
    const user = await findUser(sql, sub);
    if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
    // As GoTrue: an access token issued before a ban is refused while the ban lasts.
    if (userIsBanned(user)) throw new AuthError(403, "user_banned", "User is banned");
    return { user, sessionId, aal: session.rows[0]!.aal };
  });
}

/** GoTrue's admin endpoints accept only a service-role token. */
export function requireServiceRole(auth: Auth, request: Request): void {
  const token = /^bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim();
  if (!token) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const verified = verifyJwt(token, auth.jwtSecret);
  if (!verified.ok) throw new AuthError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature");
  if (verified.claims.role !== "service_role") throw new AuthError(403, "not_admin", "User not allowed");
}

/** Whether the user has a verified factor (then changes to the account need an aal2 session). */
export async function hasVerifiedFactor(sql: Sql, userId: string): Promise<boolean> {
  const { rows } = await sql.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified'`, [
    userId,
  ]);
  return rows.length > 0;
}
