import { randomInt } from "node:crypto";
import type { Endpoint, Sql, UserRow } from "./auth-common.ts";
import {
  AuthError,
  findUser,
  json,
  readJson,
  requireServiceRole,
  startSession,
  USER_COLUMNS,
  userJson,
  versionHeader,
} from "./auth-common.ts";
import type { Mail } from "./auth-recovery.ts";
import {
  allowedRedirect,
  RECOVERY_ENDPOINTS,
  sendMail,
  tokenHash,
  tokenSpender,
  verifyLinkOf,
} from "./auth-recovery.ts";

/**
 * The admin invitation and the admin user update, as GoTrue does them (internal/api/invite.go,
 * verify.go, admin.go):
 * - `POST /invite { email, data? }?redirect_to=` (service role only) creates the user unconfirmed
 *   with `invited_at`, or re-invites one not yet confirmed; a confirmed address is refused with 422
 *   `email_exists`. It stores a confirmation token and mails a link to
 *   `/auth/v1/verify?token=<token hash>&type=invite&redirect_to=<where>`; the answer is the user.
 * - `GET /verify?type=invite` follows that link once, within INVITE_TTL_SECONDS: it confirms the
 *   address and 303s to `redirect_to#access_token=…&type=invite`; a spent or expired link 303s to
 *   `redirect_to#error=access_denied&error_code=otp_expired&error_description=…`.
 *   `POST /verify { type: "invite", token_hash }` answers the session itself.
 * - `PUT /admin/users/{id} { ban_duration?, user_metadata? }` (service role only). A ban sets
 *   `banned_until` and nothing else, as GoTrue's `User.Ban` does: the user's sessions stay in the
 *   table, but while banned a password sign-in, a refresh and every endpoint that reads the access
 *   token refuse them (auth.ts, auth-common.ts); `ban_duration: "none"` lifts it.
 * Other verification types go on to the recovery endpoints.
 */

/** GoTrue's MAILER_OTP_EXP at its maximum (a day): the link an invitation e-mail carries lasts this long. */
const INVITE_TTL_SECONDS = 86_400;

function inviteMail(email: string, link: string): Mail {
  return {
    to: email,
    subject: "You've been invited",
    text: `You've been invited\n\nYou've been invited to create an account. Follow the link below to accept:\n${link}\n`,
    html: `<h2>You've been invited</h2>\n\n<p>You've been invited to create an account. Follow the link below to accept.</p>\n<p><a href="${link.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">Accept invitation</a></p>\n`,
  };
}

/** The user object with the invitation's times, as GoTrue answers an invite. */
async function invitedUserJson(sql: Sql, id: string) {
  const user = (await findUser(sql, id))!;
  const { rows } = await sql.query<{ invited_at: string | null; confirmation_sent_at: string | null }>(
    `select to_char(invited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as invited_at,
       to_char(confirmation_sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as confirmation_sent_at
     from auth.users where id = $1`,
    [id],
  );
  return { ...userJson(user), ...rows[0] };
}

/** POST /invite (service role only). */
const invite: Endpoint = async (auth, request, url) => {
  requireServiceRole(auth, request);
  const body = await readJson(request);
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
  }
  const data = body.data && typeof body.data === "object" && !Array.isArray(body.data) ? body.data : {};
  const redirectTo = allowedRedirect(url.searchParams.get("redirect_to") ?? body.redirect_to, url.origin);
  const hash = tokenHash(email, String(randomInt(0, 1_000_000)).padStart(6, "0"));
  const answer = await auth.exclusive(async (sql) => {
    const existing = (
      await sql.query<UserRow>(
        `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null`,
        [email],
      )
    ).rows[0];
    if (existing?.email_confirmed_at) {
      throw new AuthError(422, "email_exists", "A user with this email address has already been registered");
    }
    const { rows } = existing
      ? await sql.query<{ id: string }>(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now(),
             updated_at = now() where id = $1 returning id`,
          [existing.id, hash],
        )
      : await sql.query<{ id: string }>(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, invited_at,
             confirmation_token, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, recovery_token,
             email_change_token_new, email_change)
           values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
             $1, '', now(), $2, now(), '{"provider": "email", "providers": ["email"]}', $3::jsonb, '', '', '')
           returning id`,
          [email, hash, JSON.stringify(data)],
        );
    return invitedUserJson(sql, rows[0]!.id);
  });
  const link = `${url.origin}/auth/v1/verify?${new URLSearchParams({ token: hash, type: "invite", redirect_to: redirectTo })}`;
  // Awaited, as GoTrue sends the invitation inside its transaction: a failed send is the caller's error.
  try {
    await sendMail(auth, inviteMail(email, link));
  } catch (error) {
    throw new AuthError(500, "unexpected_failure", `Error sending invite email: ${(error as Error).message}`);
  }
  return json(200, answer, versionHeader(request));
};

/** The invited user whose unexpired confirmation token is `hash`, confirmed, with the token spent. */
const spendInviteToken = tokenSpender({
  token: "confirmation_token",
  sentAt: "confirmation_sent_at",
  ttlSeconds: INVITE_TTL_SECONDS,
  andWhere: "invited_at is not null and (banned_until is null or banned_until <= now())",
});

const verifyInviteLink = verifyLinkOf("invite", spendInviteToken);
const [, verifyOtherLink] = RECOVERY_ENDPOINTS.find(([route]) => route === "GET /verify")!;
const [, verifyOtherOtp] = RECOVERY_ENDPOINTS.find(([route]) => route === "POST /verify")!;

/** GET /verify: an invitation's link here, any other type's to the recovery endpoints. */
const verifyLink: Endpoint = (auth, request, url) =>
  (url.searchParams.get("type") === "invite" ? verifyInviteLink : verifyOtherLink)(auth, request, url);

/** POST /verify `{ type: "invite", token_hash }`: the session; other types go on to recovery. */
const verifyOtp: Endpoint = async (auth, request, url) => {
  const body = await readJson(request.clone());
  if (body.type !== "invite") return verifyOtherOtp(auth, request, url);
  const hash = typeof body.token_hash === "string" ? body.token_hash : "";
  const user = await spendInviteToken(auth, request, hash, "Token has expired or is invalid");
  const session = await auth.exclusive((sql) => startSession(auth, sql, user.id, "invite", request, url.origin));
  return json(200, session, versionHeader(request));
};

const DURATION_UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1e3, m: 60e3, h: 3600e3 };

/** Go's time.ParseDuration, in milliseconds ("876000h", "1h30m"); undefined when malformed. */
export function parseGoDuration(text: string): number | undefined {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (!parts.length || parts.map(([part]) => part).join("") !== text) return text === "0" ? 0 : undefined;
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * DURATION_UNITS[unit!]!, 0);
}

/** PUT /admin/users/{id} (service role only): `ban_duration` and `user_metadata`. */
const adminUpdateUser: Endpoint = async (auth, request, url) => {
  requireServiceRole(auth, request);
  const id = /\/admin\/users\/([^/]+)$/.exec(url.pathname)?.[1] ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AuthError(404, "user_not_found", "User not found");
  const body = await readJson(request);
  let banMs: number | null | undefined;
  if (typeof body.ban_duration === "string" && body.ban_duration) {
    banMs = body.ban_duration === "none" ? null : parseGoDuration(body.ban_duration);
    if (banMs === undefined) {
      throw new AuthError(400, "validation_failed", `invalid format for ban duration: ${body.ban_duration}`);
    }
  }
  const metadata =
    body.user_metadata && typeof body.user_metadata === "object" && !Array.isArray(body.user_metadata)
      ? body.user_metadata
      : undefined;
  const answer = await auth.exclusive(async (sql) => {
    if (!(await findUser(sql, id))) throw new AuthError(404, "user_not_found", "User not found");
    if (banMs !== undefined) {
      await sql.query(
        `update auth.users set banned_until = case when $2::float8 is null or $2 = 0 then null
           else now() + make_interval(secs => $2::float8 / 1000) end, updated_at = now() where id = $1`,
        [id, banMs],
      );
    }
    if (metadata) {
      await sql.query(
        `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb,
           updated_at = now() where id = $1`,
        [id, JSON.stringify(metadata)],
      );
    }
    const user = (await findUser(sql, id))!;
    return { ...userJson(user), banned_until: user.banned_until };
  });
  return json(200, answer, versionHeader(request));
};

export const INVITE_ENDPOINTS: [string, Endpoint][] = [
  ["POST /invite", invite],
  ["GET /verify", verifyLink],
  ["POST /verify", verifyOtp],
  ["PUT /admin/users/{id}", adminUpdateUser],
];
