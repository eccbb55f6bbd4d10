/**
 * The second factor (TOTP) through supabase-js's MFA API, for the sign-in's code step, the
 * recovery page and the Security page.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { signInCopy } from "../../content/account";
import { getSupabase } from "../../lib/supabase";
import { isRateLimited, isRefusedCode, rateLimitMessage } from "./auth-errors";

type AuthClient = Pick<SupabaseClient, "auth">;

/**
 * True when this session signed in with the password alone while the account has a verified factor:
 * `currentLevel` aal1 and `nextLevel` aal2, Supabase's documented test for "ask for the code now".
 */
export async function needsSecondFactor(supabase: AuthClient): Promise<boolean> {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.currentLevel === "aal1" && data.nextLevel === "aal2";
}

/** True when the account has at least one verified factor (nextLevel aal2), whatever this session's level. */
export async function hasVerifiedFactor(supabase: AuthClient): Promise<boolean> {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.nextLevel === "aal2";
}

/** Challenges one factor and verifies the code against it; false when GoTrue refuses the code. */
export async function verifyFactorCode(supabase: AuthClient, factorId: string, code: string): Promise<boolean> {
  const challenge = await supabase.auth.mfa.challenge({ factorId });
  if (challenge.error) throw challenge.error;
  const { error } = await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code });
  if (!error) return true;
  if (isRefusedCode(error)) return false;
  throw error;
}

/**
 * Raises the session to aal2 with a code from any of the account's verified authenticator apps (the
 * admin may hold the backup app in hand): tries each until one accepts the code. False when none does.
 */
async function verifyWithAnyFactor(supabase: AuthClient, code: string): Promise<boolean> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  for (const factor of data.totp) {
    if (await verifyFactorCode(supabase, factor.id, code)) return true;
  }
  return false;
}

/** The six digits of a code as typed ('123 456' and '123456' alike), or null when it is not six digits. */
export function normaliseCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * A code typed on a screen: raises the session to aal2, resolving to null, or to what to say under
 * the field (the code was wrong, a wait, or no answer). `loadClient`: the app's shared client unless
 * the screen has its own (the admin's, from its context).
 */
export async function submitSecondFactorCode(
  code: string,
  loadClient: () => Promise<AuthClient> = getSupabase,
): Promise<string | null> {
  try {
    return (await verifyWithAnyFactor(await loadClient(), code)) ? null : signInCopy.code.wrong;
  } catch (error) {
    if (isRateLimited(error)) return rateLimitMessage();
    console.error("Could not check the code", error);
    return signInCopy.unreachable;
  }
}
