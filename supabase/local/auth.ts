import bcrypt from "bcryptjs";
import type { Auth, AuthContext, Endpoint, UserRow } from "./auth-common.ts";
import {
  AuthError,
  clientAddress,
  enforceLimits,
  errorResponse,
  factorsOf,
  issueSession,
  json,
  readJson,
  requireServiceRole,
  requireUser,
  startSession,
  USER_COLUMNS,
  userIsBanned,
  userJson,
  versionHeader,
} from "./auth-common.ts";
import { RateLimiter, RULES } from "./auth-limits.ts";
import { INVITE_ENDPOINTS } from "./auth-invite.ts";
import { MFA_ENDPOINTS } from "./auth-mfa.ts";
import { RECOVERY_ENDPOINTS } from "./auth-recovery.ts";

/**
 * The GoTrue subset that supabase-js uses: password and refresh-token grants (rotating refresh
 * tokens with reuse detection), user, logout, a refused signup, the admin API's user creation
 * (service-role key only, as `supabase.auth.admin.createUser` calls it), TOTP factors (auth-mfa.ts),
 * password recovery (auth-recovery.ts), the admin invitation and ban (auth-invite.ts), with GoTrue's response and error shapes and Supabase's
 * access-token claims (`aal`, `amr`, `session_id`). Sessions, refresh tokens and factors live in the
 * shim's `auth` tables; passwords are bcrypt hashes in `auth.users.encrypted_password`.
 */

/**
 * Wrong passwords count per address and per client; either over its limit refuses the attempt
 * before any password is compared. A success clears the address's count. The answer to a wrong
 * password is the same whether or not the address has an account.
 */
async function passwordGrant(auth: Auth, request: Request, body: Record<string, unknown>, origin: string) {
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  const password = typeof body.password === "string" ? body.password : "";
  if (!email || !password) throw new AuthError(400, "validation_failed", "missing email or phone");
  const addressKey = `sign-in:address:${email}`;
  const clientKey = `sign-in:client:${clientAddress(request)}`;
  enforceLimits(auth, [
    [addressKey, RULES.signInAddress],
    [clientKey, RULES.signInClient],
  ]);
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
    auth.limits.record(addressKey, RULES.signInAddress);
    auth.limits.record(clientKey, RULES.signInClient);
    throw new AuthError(400, "invalid_credentials", "Invalid login credentials");
  }
  auth.limits.clear(addressKey);
  return auth.exclusive(async (sql) => {
    await sql.query(`update auth.users set last_sign_in_at = now() where id = $1`, [user.id]);
    return startSession(auth, sql, user.id, "password", request, origin);
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
    if (!user) throw new AuthError(400, "user_not_found", "User not found");
    if (userIsBanned(user)) throw new AuthError(400, "user_banned", "Invalid Refresh Token: User Banned");
    await sql.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [token]);
    await sql.query(`update auth.sessions set updated_at = now() where id = $1`, [row.session_id]);
    return issueSession(auth, sql, user, row.session_id, token, origin);
  });
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

/** POST /token?grant_type=password|refresh_token: a new session, or the next one of a session. */
async function token(auth: Auth, request: Request, url: URL): Promise<Response> {
  const grant = url.searchParams.get("grant_type");
  const body = await readJson(request);
  if (grant === "password")
    return json(200, await passwordGrant(auth, request, body, url.origin), versionHeader(request));
  if (grant === "refresh_token") return json(200, await refreshGrant(auth, body, url.origin), versionHeader(request));
  throw new AuthError(400, "unsupported_grant_type", "unsupported_grant_type");
}

/** GET /user: the signed-in user. */
async function getUser(auth: Auth, request: Request): Promise<Response> {
  const { user } = await requireUser(auth, request);
  const factors = await auth.exclusive((sql) => factorsOf(sql, user.id));
  return json(200, userJson(user, factors), versionHeader(request));
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
  ...MFA_ENDPOINTS,
  ...RECOVERY_ENDPOINTS,
  // After recovery's: the invitation's `/verify` answers its own type and hands on the others.
  ...INVITE_ENDPOINTS,
]);

export function createAuthHandler(context: AuthContext) {
  const auth: Auth = {
    smtpUrl: () => undefined,
    mailFrom: () => undefined,
    ...context,
    bcryptCost: context.bcryptCost ?? 10,
    limits: new RateLimiter(),
  };
  return async function handleAuth(request: Request, path: string): Promise<Response> {
    // `/factors/{id}/…` and `/admin/users/{id}` share one endpoint per method and shape.
    const route = path
      .replace(/^\/factors\/[^/]+/, "/factors/{id}")
      .replace(/^\/admin\/users\/[^/]+$/, "/admin/users/{id}");
    const endpoint = ENDPOINTS.get(`${request.method} ${route}`);
    try {
      if (!endpoint) throw new AuthError(404, "not_found", "Not Found");
      return await endpoint(auth, request, new URL(request.url));
    } catch (error) {
      if (error instanceof AuthError) return errorResponse(request, error);
      throw error;
    }
  };
}
