import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Endpoint, Sql } from "./auth-common.ts";
import {
  AuthError,
  clientAddress,
  enforceLimits,
  findUser,
  inetOrNull,
  issueSession,
  json,
  readJson,
  recordMethod,
  requireUser,
  versionHeader,
} from "./auth-common.ts";
import { RULES } from "./auth-limits.ts";

/**
 * TOTP factors with GoTrue's endpoints and rules:
 * - `POST /factors` enrols (friendly names unique per user; at most MAX_FACTORS; a user who already
 *   has a verified factor enrols another only from an aal2 session);
 * - `POST /factors/{id}/challenge` opens a challenge that expires after CHALLENGE_TTL_SECONDS;
 * - `POST /factors/{id}/verify` checks the code (SHA-1, 6 digits, 30 s, one step either side),
 *   marks the factor verified, raises the session to aal2 with `totp` in its `amr`, ends the user's
 *   other aal1 sessions and removes their other unverified factors;
 * - `DELETE /factors/{id}` unenrols (a verified factor only from an aal2 session) and lowers the
 *   sessions it raised back to aal1.
 * Beyond GoTrue, a code already accepted for a factor is refused for the rest of its window, and a
 * burst of wrong codes for one user is refused with 429.
 */

const MAX_FACTORS = 10;
const CHALLENGE_TTL_SECONDS = 300;
const TOTP_PERIOD = 30;
const TOTP_WINDOW = 1;

interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: "verified" | "unverified";
  secret: string;
}

/** The time step of the newest code accepted per factor: a code is good once. */
const lastAcceptedStep = new Map<string, number>();

function factorIdOf(url: URL): string {
  const id = /\/factors\/([^/]+)/.exec(url.pathname)?.[1] ?? "";
  return decodeURIComponent(id);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ownFactor(sql: Sql, userId: string, factorId: string): Promise<FactorRow> {
  const factor = UUID.test(factorId)
    ? (
        await sql.query<FactorRow>(
          `select id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, secret
           from auth.mfa_factors where id = $1 and user_id = $2`,
          [factorId, userId],
        )
      ).rows[0]
    : undefined;
  if (!factor) throw new AuthError(404, "mfa_factor_not_found", "Factor not found");
  return factor;
}

function totpFor(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** POST /factors: enrols a TOTP factor; answers its secret, otpauth URI and QR code (an SVG). */
const enroll: Endpoint = async (auth, request, url) => {
  const { user, aal } = await requireUser(auth, request);
  const body = await readJson(request);
  const factorType = body.factor_type;
  if (factorType !== "totp") {
    throw new AuthError(400, "validation_failed", "factor_type needs to be totp, phone, or webauthn");
  }
  const friendlyName = typeof body.friendly_name === "string" ? body.friendly_name : "";
  const issuer = typeof body.issuer === "string" && body.issuer ? body.issuer : url.host;
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, issuer, user.email ?? "").toString();
  const qrCode = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "H" });
  const id = await auth.exclusive(async (sql) => {
    const { rows } = await sql.query<{ friendly_name: string | null; status: string }>(
      `select friendly_name, status::text as status from auth.mfa_factors where user_id = $1`,
      [user.id],
    );
    if (friendlyName && rows.some((row) => row.friendly_name === friendlyName)) {
      throw new AuthError(
        422,
        "mfa_factor_name_conflict",
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    if (rows.length >= MAX_FACTORS) {
      throw new AuthError(
        422,
        "too_many_enrolled_mfa_factors",
        "Maximum number of verified factors reached, unenroll to continue",
      );
    }
    if (rows.some((row) => row.status === "verified") && aal !== "aal2") {
      throw new AuthError(403, "insufficient_aal", "AAL2 required to enroll a new factor");
    }
    const factorId = randomUUID();
    await sql.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [factorId, user.id, friendlyName, secret],
    );
    return factorId;
  });
  return json(
    200,
    { id, type: "totp", friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } },
    versionHeader(request),
  );
};

/** POST /factors/{id}/challenge */
const challenge: Endpoint = async (auth, request, url) => {
  const { user } = await requireUser(auth, request);
  const answer = await auth.exclusive(async (sql) => {
    const factor = await ownFactor(sql, user.id, factorIdOf(url));
    const id = randomUUID();
    const { rows } = await sql.query<{ created: number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3)
       returning floor(extract(epoch from created_at))::bigint as created`,
      [id, factor.id, inetOrNull(clientAddress(request)) ?? "127.0.0.1"],
    );
    await sql.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
    return { id, type: factor.factor_type, expires_at: Number(rows[0]!.created) + CHALLENGE_TTL_SECONDS };
  });
  return json(200, answer, versionHeader(request));
};

/** POST /factors/{id}/verify `{ challenge_id, code }`: the session at aal2, as a token response. */
const verify: Endpoint = async (auth, request, url) => {
  const { user, sessionId } = await requireUser(auth, request);
  const body = await readJson(request);
  const challengeId = typeof body.challenge_id === "string" ? body.challenge_id : "";
  const code = typeof body.code === "string" ? body.code.trim() : "";
  if (!code) throw new AuthError(400, "validation_failed", "Code needs to be non-empty");
  const limitKey = `mfa:user:${user.id}`;
  enforceLimits(auth, [[limitKey, RULES.mfaUser]]);
  const session = await auth.exclusive(async (sql) => {
    const factor = await ownFactor(sql, user.id, factorIdOf(url));
    const found = UUID.test(challengeId)
      ? (
          await sql.query<{ ip: string; age: number; verified: boolean }>(
            `select host(ip_address) as ip, extract(epoch from now() - created_at)::float8 as age,
               verified_at is not null as verified
             from auth.mfa_challenges where id = $1 and factor_id = $2`,
            [challengeId, factor.id],
          )
        ).rows[0]
      : undefined;
    if (!found) {
      throw new AuthError(422, "mfa_factor_not_found", "MFA factor with the provided challenge ID not found");
    }
    const address = inetOrNull(clientAddress(request)) ?? "127.0.0.1";
    if (found.ip !== address.replace(/^::ffff:/, "") && found.ip !== address) {
      throw new AuthError(422, "mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
    }
    if (found.verified || found.age > CHALLENGE_TTL_SECONDS) {
      await sql.query(`delete from auth.mfa_challenges where id = $1`, [challengeId]);
      throw new AuthError(
        422,
        "mfa_challenge_expired",
        `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    const now = Date.now();
    const delta = /^\d{6}$/.test(code)
      ? totpFor(factor.secret, "", "").validate({ token: code, timestamp: now, window: TOTP_WINDOW })
      : null;
    const step = delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
    if (step === null || step <= (lastAcceptedStep.get(factor.id) ?? -1)) {
      auth.limits.record(limitKey, RULES.mfaUser);
      throw new AuthError(422, "mfa_verification_failed", "Invalid TOTP code entered");
    }
    lastAcceptedStep.set(factor.id, step);
    await sql.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [challengeId]);
    if (factor.status !== "verified") {
      await sql.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    }
    await sql.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [
      sessionId,
      factor.id,
    ]);
    await recordMethod(sql, sessionId, "totp");
    // As GoTrue: the user's sessions below aal2 end, and factors left unverified go.
    await sql.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [user.id]);
    await sql.query(
      `delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified'`,
      [user.id],
    );
    auth.limits.clear(limitKey);
    // The session's next token replaces its current one, as a refresh would.
    const { rows: current } = await sql.query<{ token: string }>(
      `update auth.refresh_tokens set revoked = true, updated_at = now()
       where session_id = $1 and not revoked returning token`,
      [sessionId],
    );
    const parent = current.at(-1)?.token ?? null;
    return issueSession(auth, sql, (await findUser(sql, user.id))!, sessionId, parent, url.origin);
  });
  return json(200, session, versionHeader(request));
};

/** DELETE /factors/{id}: `{ id }`. */
const unenroll: Endpoint = async (auth, request, url) => {
  const { user, aal } = await requireUser(auth, request);
  const id = await auth.exclusive(async (sql) => {
    const factor = await ownFactor(sql, user.id, factorIdOf(url));
    if (factor.status === "verified" && aal !== "aal2") {
      throw new AuthError(422, "insufficient_aal", "AAL2 required to unenroll verified factor");
    }
    await sql.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    await sql.query(
      `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`,
      [factor.id],
    );
    lastAcceptedStep.delete(factor.id);
    return factor.id;
  });
  return json(200, { id }, versionHeader(request));
};

export const MFA_ENDPOINTS: [string, Endpoint][] = [
  ["POST /factors", enroll],
  ["POST /factors/{id}/challenge", challenge],
  ["POST /factors/{id}/verify", verify],
  ["DELETE /factors/{id}", unenroll],
];
