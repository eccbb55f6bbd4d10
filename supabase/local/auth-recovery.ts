import { createHash, randomInt } from "node:crypto";
import bcrypt from "bcryptjs";
import nodemailer from "nodemailer";
import type { Auth, Endpoint, UserRow } from "./auth-common.ts";
import {
  AuthError,
  clientAddress,
  enforceLimits,
  factorsOf,
  findUser,
  hasVerifiedFactor,
  json,
  readJson,
  requireUser,
  startSession,
  USER_COLUMNS,
  userJson,
  versionHeader,
} from "./auth-common.ts";
import { RULES } from "./auth-limits.ts";

/**
 * Password recovery and password change, as GoTrue does them:
 * - `POST /recover { email }` answers 200 `{}` whatever the address; for an account it stores a
 *   recovery token (valid RECOVERY_TTL_SECONDS, once) and mails a link to
 *   `/auth/v1/verify?token=<token hash>&type=recovery&redirect_to=<where>` and the six-digit code;
 * - `GET /verify` follows that link: 303 to `redirect_to#access_token=…&type=recovery` (the implicit
 *   flow, from which supabase-js emits PASSWORD_RECOVERY), or to `redirect_to#error=…`;
 * - `POST /verify { type: "recovery", token_hash }` or `{ type, email, token }` (verifyOtp) answers
 *   the session itself;
 * - `PUT /user { password }` sets the password (aal2 needed when the user has a verified factor)
 *   and ends the user's other sessions.
 */

const RECOVERY_TTL_SECONDS = 3600;
const MIN_PASSWORD_LENGTH = 6;

/** GoTrue's token hash: sha224 of the address and the code, in hex. */
export function tokenHash(email: string, code: string): string {
  return createHash("sha224")
    .update(email + code)
    .digest("hex");
}

/** Where a link may send the user back to: this origin or a loopback one (the local redirect allow-list). */
export function allowedRedirect(candidate: unknown, origin: string): string {
  if (typeof candidate === "string" && candidate) {
    try {
      const target = new URL(candidate, origin);
      const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(target.hostname);
      if ((target.protocol === "http:" || target.protocol === "https:") && (target.origin === origin || loopback)) {
        return target.href;
      }
    } catch {
      // fall through to the site itself
    }
  }
  return `${origin}/`;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function recoveryMail(email: string, link: string, code: string): Mail {
  return {
    to: email,
    subject: "Reset Your Password",
    text: `Reset Password\n\nFollow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${code}\n`,
    html: `<h2>Reset Password</h2>\n<p>Follow this link to reset the password for your user:</p>\n<p><a href="${link.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">Reset Password</a></p>\n<p>Alternatively, enter the code: ${code}</p>\n`,
  };
}

export async function sendMail(auth: Auth, message: Mail): Promise<void> {
  const smtpUrl = auth.smtpUrl();
  if (!smtpUrl) {
    console.warn(`[local-supabase] no SMTP_URL set: the e-mail "${message.subject}" to ${message.to} was not sent`);
    return;
  }
  const from = auth.mailFrom() || "Supabase Auth <noreply@localhost>";
  await nodemailer.createTransport(smtpUrl).sendMail({ from, ...message });
}

/** POST /recover */
const recover: Endpoint = async (auth, request, url) => {
  const body = await readJson(request);
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  if (!email) throw new AuthError(400, "validation_failed", "Password recovery requires an email");
  const clientKey = `recover:client:${clientAddress(request)}`;
  enforceLimits(auth, [[clientKey, RULES.recoverClient]], "over_email_send_rate_limit");
  auth.limits.record(clientKey, RULES.recoverClient);
  const redirectTo = allowedRedirect(url.searchParams.get("redirect_to") ?? body.redirect_to, url.origin);
  const mailKey = `recover:mail:${email}`;
  if (auth.limits.retryAfter(mailKey, RULES.recoverMail) === 0) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const hash = tokenHash(email, code);
    const user = await auth.exclusive(async (sql) => {
      const { rows } = await sql.query<{ id: string; email: string }>(
        `update auth.users set recovery_token = $2, recovery_sent_at = now()
         where lower(email) = $1 and deleted_at is null returning id, email`,
        [email, hash],
      );
      return rows[0];
    });
    if (user) {
      auth.limits.record(mailKey, RULES.recoverMail);
      const link = `${url.origin}/auth/v1/verify?${new URLSearchParams({ token: hash, type: "recovery", redirect_to: redirectTo })}`;
      // Not awaited: the answer takes as long whether or not the address has an account.
      sendMail(auth, recoveryMail(user.email, link, code)).catch((error: Error) =>
        console.error(`[local-supabase] the recovery e-mail could not be sent: ${error.message}`),
      );
    }
  }
  return json(200, {}, versionHeader(request));
};

const INVALID_LINK = "Email link is invalid or has expired";

/** Where a link type keeps its token and when it was sent, how long it lasts, and who may use it. */
interface LinkToken {
  token: "recovery_token" | "confirmation_token";
  sentAt: "recovery_sent_at" | "confirmation_sent_at";
  ttlSeconds: number;
  /** More conditions on the user (SQL over auth.users), beyond not deleted. */
  andWhere?: string;
}

/**
 * The spender of one link type's tokens: the user whose unexpired token is `hash`, confirmed, with
 * the token spent; or an AuthError (counted against the client's verify limit). The recovery and
 * invitation links work alike but for their columns and lifetime.
 */
export function tokenSpender(link: LinkToken): SpendToken {
  return async (auth, request, hash, message) => {
    const clientKey = `verify:client:${clientAddress(request)}`;
    enforceLimits(auth, [[clientKey, RULES.verifyClient]]);
    const user = hash
      ? await auth.exclusive(async (sql) => {
          const { rows } = await sql.query<UserRow>(
            `update auth.users set ${link.token} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
               last_sign_in_at = now(), updated_at = now()
             where ${link.token} = $1 and ${link.sentAt} > now() - make_interval(secs => $2)
               and deleted_at is null ${link.andWhere ? `and ${link.andWhere}` : ""}
             returning ${USER_COLUMNS}`,
            [hash, link.ttlSeconds],
          );
          return rows[0];
        })
      : undefined;
    if (!user) {
      auth.limits.record(clientKey, RULES.verifyClient);
      throw new AuthError(403, "otp_expired", message);
    }
    return user;
  };
}

const spendRecoveryToken = tokenSpender({
  token: "recovery_token",
  sentAt: "recovery_sent_at",
  ttlSeconds: RECOVERY_TTL_SECONDS,
});

/** Spends the token `hash` of one link type: the user it was for, or an AuthError. */
export type SpendToken = (auth: Auth, request: Request, hash: string, message: string) => Promise<UserRow>;

/**
 * GET /verify?type=…&token=…&redirect_to=…: back to the site with the session in the fragment
 * (`type` is the link's type), or with GoTrue's error in it.
 */
export function verifyLinkOf(type: string, spend: SpendToken): Endpoint {
  return async (auth, request, url) => {
    const redirectTo = allowedRedirect(url.searchParams.get("redirect_to"), url.origin);
    const redirect = (fragment: Record<string, string>) =>
      new Response(null, {
        status: 303,
        headers: {
          location: `${redirectTo.split("#")[0]}#${new URLSearchParams(Object.entries(fragment).sort(([a], [b]) => (a < b ? -1 : 1)))}`,
        },
      });
    try {
      if (url.searchParams.get("type") !== type) {
        throw new AuthError(400, "validation_failed", "Verify requires a verification type");
      }
      const user = await spend(auth, request, url.searchParams.get("token") ?? "", INVALID_LINK);
      const session = await auth.exclusive((sql) => startSession(auth, sql, user.id, type, request, url.origin));
      return redirect({
        access_token: session.access_token,
        token_type: session.token_type,
        expires_in: String(session.expires_in),
        expires_at: String(session.expires_at),
        refresh_token: session.refresh_token,
        sb: "",
        type,
      });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const oauthError = error.status === 403 ? "access_denied" : error.status === 429 ? "" : "invalid_request";
      return redirect({
        ...(oauthError ? { error: oauthError } : {}),
        error_code: error.errorCode,
        error_description: error.message,
        sb: "",
      });
    }
  };
}

const verifyLink = verifyLinkOf("recovery", spendRecoveryToken);

/** POST /verify `{ type: "recovery", token_hash }` or `{ type: "recovery", email, token }`. */
const verifyOtp: Endpoint = async (auth, request, url) => {
  const body = await readJson(request);
  if (body.type !== "recovery") throw new AuthError(400, "validation_failed", "Verify requires a verification type");
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  const hash =
    typeof body.token_hash === "string" && body.token_hash
      ? body.token_hash
      : email && typeof body.token === "string" && /^\d{6}$/.test(body.token.trim())
        ? tokenHash(email, body.token.trim())
        : "";
  const user = await spendRecoveryToken(auth, request, hash, "Token has expired or is invalid");
  const session = await auth.exclusive((sql) => startSession(auth, sql, user.id, "recovery", request, url.origin));
  return json(200, session, versionHeader(request));
};

/** PUT /user `{ password?, data? }`: the updated user. */
const updateUser: Endpoint = async (auth, request) => {
  const { user, sessionId, aal } = await requireUser(auth, request);
  const body = await readJson(request);
  const password = typeof body.password === "string" ? body.password : undefined;
  const data =
    body.data && typeof body.data === "object" && !Array.isArray(body.data)
      ? (body.data as Record<string, unknown>)
      : undefined;
  if (password !== undefined) {
    if (aal !== "aal2" && (await auth.exclusive((sql) => hasVerifiedFactor(sql, user.id)))) {
      throw new AuthError(
        401,
        "insufficient_aal",
        "AAL2 session is required to update email or password when MFA is enabled.",
      );
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw new AuthError(
        422,
        "weak_password",
        `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
        {},
        { weak_password: { reasons: ["length"] } },
      );
    }
    const old = user.encrypted_password ?? "";
    if (old.startsWith("$2") && (await bcrypt.compare(password, old))) {
      throw new AuthError(422, "same_password", "New password should be different from the old password.");
    }
  }
  const hash = password !== undefined ? await bcrypt.hash(password, auth.bcryptCost) : null;
  const answer = await auth.exclusive(async (sql) => {
    if (hash) {
      await sql.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
        user.id,
        hash,
      ]);
      // As GoTrue: a new password ends every other session of the user.
      await sql.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [user.id, sessionId]);
    }
    if (data) {
      await sql.query(
        `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb,
           updated_at = now() where id = $1`,
        [user.id, JSON.stringify(data)],
      );
    }
    return userJson((await findUser(sql, user.id))!, await factorsOf(sql, user.id));
  });
  return json(200, answer, versionHeader(request));
};

export const RECOVERY_ENDPOINTS: [string, Endpoint][] = [
  ["POST /recover", recover],
  ["GET /verify", verifyLink],
  ["POST /verify", verifyOtp],
  ["PUT /user", updateUser],
];
