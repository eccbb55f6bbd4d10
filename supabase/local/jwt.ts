import { createHmac, timingSafeEqual } from "node:crypto";

/** HS256 JSON Web Tokens, as Supabase signs its access tokens and API keys. */
export type JwtClaims = Record<string, unknown> & {
  role?: string;
  sub?: string;
  exp?: number;
  iat?: number;
  session_id?: string;
};

export type JwtResult =
  { ok: true; claims: JwtClaims } | { ok: false; reason: "malformed" | "algorithm" | "signature" | "expired" };

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString("base64url");
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtResult {
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) {
    return { ok: false, reason: "malformed" };
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(headerPart, "base64url").toString("utf8"));
    claims = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (!header || typeof header !== "object" || (header as { alg?: unknown }).alg !== "HS256") {
    return { ok: false, reason: "algorithm" };
  }
  if (!claims || typeof claims !== "object" || Array.isArray(claims)) return { ok: false, reason: "malformed" };
  const expected = createHmac("sha256", secret).update(`${headerPart}.${payloadPart}`).digest();
  const actual = Buffer.from(signaturePart, "base64url");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { ok: false, reason: "signature" };
  }
  const exp = (claims as JwtClaims).exp;
  if (exp !== undefined && (typeof exp !== "number" || exp <= nowSeconds)) return { ok: false, reason: "expired" };
  return { ok: true, claims: claims as JwtClaims };
}
