/**
 * The proof of work /book asks for before a booking (ALTCHA's, self-hosted: no third party, no
 * cookie). The function signs a challenge with CALLS_CHALLENGE_SECRET; the browser finds the number
 * whose SHA-256 with the salt is the challenge (src/lib/calls/challenge.ts); the booking sends
 * the solution back and it is verified here, then spent in the database, so it is good once.
 *
 * altcha-lib's `v1` API is used: its challenge is one SHA-256 per try, which a dozen lines of
 * crypto.subtle solve in the browser (its v2 derives keys per try, heavier on a phone, and its
 * widget would outweigh /book's script budget). /thank-you books with the enquiry's lead token,
 * which the contact form's own checks already earned, and is not asked.
 *
 * Expiry is on the real clock (altcha-lib's verifySolution reads Date.now), so it is written with it.
 */
import { createChallenge, verifySolution } from "altcha-lib/v1";
import type { Payload } from "altcha-lib/v1/types";
import type { ServerSettings } from "../settings.js";
import type { DbClient } from "../supabase.js";
import { CalendarUnavailable } from "./calendar.js";

/** How long a challenge may be solved and used. */
const CHALLENGE_TTL_SECONDS = 600;

type CallChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

export async function newChallenge(settings: ServerSettings): Promise<CallChallenge> {
  const challenge = await createChallenge({
    hmacKey: settings.callsChallenge.secret,
    maxnumber: settings.callsChallenge.maxNumber,
    expires: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
  });
  return { ...challenge, maxnumber: settings.callsChallenge.maxNumber };
}

type SolutionCheck = "ok" | "invalid" | "replayed";

type Solution = Payload;

/** The solution the browser sent (base64 of ALTCHA's JSON payload), or null when it is none. */
function readSolution(value: unknown): Solution | null {
  if (typeof value !== "string" || value.length > 2_000) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as Partial<Solution>;
    if (
      parsed.algorithm !== "SHA-256" ||
      typeof parsed.challenge !== "string" ||
      typeof parsed.salt !== "string" ||
      !Number.isSafeInteger(parsed.number) ||
      typeof parsed.signature !== "string" ||
      !/^[0-9a-f]{64}$/.test(parsed.signature)
    )
      return null;
    return parsed as Solution;
  } catch {
    return null;
  }
}

/**
 * Verifies a solution (signed by us, solved, not expired) and spends it. A database failure throws
 * (the function answers 503), as every other call does.
 */
export async function spendSolution(db: DbClient, settings: ServerSettings, value: unknown): Promise<SolutionCheck> {
  const solution = readSolution(value);
  if (!solution) return "invalid";
  if (!(await verifySolution(solution, settings.callsChallenge.secret, true))) return "invalid";
  const expires = Number(new URLSearchParams(solution.salt.split("?")[1] ?? "").get("expires"));
  // Every challenge of ours expires; one without is not ours.
  if (!Number.isSafeInteger(expires)) return "invalid";
  const { data, error } = await db.rpc("spend_call_challenge", {
    signature: solution.signature,
    expires_at: new Date(expires * 1000).toISOString(),
  });
  if (error) throw new CalendarUnavailable(`spend_call_challenge: ${error.code ?? ""} ${error.message}`);
  return data === true ? "ok" : "replayed";
}
