/**
 * The admin's own account: authenticator apps (supabase-js's MFA API, TOTP) and the last sign-in.
 * Each function takes the signed-in supabase-js client.
 */
import type { Factor } from "@supabase/supabase-js";
import type { DeviceClass, SignInActivity as SignInActivityRow } from "../../../lib/database";
import type { AppSupabaseClient } from "../../../lib/supabase";
import { securityCopy } from "../../../content/account";

export interface Authenticator {
  id: string;
  name: string;
  addedAt: string;
}

/** The verified TOTP factors, oldest first (what protects the sign-in). */
export async function listAuthenticators(supabase: AppSupabaseClient): Promise<Authenticator[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp
    .map((factor: Factor) => ({ id: factor.id, name: factor.friendly_name ?? "", addedAt: factor.created_at }))
    .sort((a, b) => a.addedAt.localeCompare(b.addedAt));
}

export interface Enrolment {
  factorId: string;
  name: string;
  /** An SVG data URL of the otpauth:// URI. */
  qrCode: string;
  /** The base32 secret, for typing into the app. */
  secret: string;
}

/**
 * The QR code as an image address that every browser shows. supabase-js prefixes GoTrue's SVG with
 * `data:image/svg+xml;utf-8,` as it comes, unescaped; a `#` in it (a fill colour) would end the
 * address there and break the image, so the SVG is percent-encoded.
 */
function qrImageUrl(qrCode: string): string {
  const svg = qrCode.startsWith("data:") ? qrCode.slice(qrCode.indexOf(",") + 1) : qrCode;
  return svg.trimStart().startsWith("<") ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : qrCode;
}

/**
 * Starts adding an authenticator: drops enrolments left unverified (an abandoned attempt would
 * otherwise hold the name), then `mfa.enroll` for a TOTP factor.
 */
export async function startEnrolment(supabase: AppSupabaseClient, name: string): Promise<Enrolment> {
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const factor of listed.data.all) {
    if (factor.status === "unverified") await supabase.auth.mfa.unenroll({ factorId: factor.id });
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: "totp", friendlyName: name });
  if (error) throw error;
  return { factorId: data.id, name, qrCode: qrImageUrl(data.totp.qr_code), secret: data.totp.secret };
}

/** Drops an enrolment the admin cancelled before confirming it with a code. */
export async function cancelEnrolment(supabase: AppSupabaseClient, factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

/** Removes a factor; the session must be at aal2 (the caller has just verified a code). */
export async function removeAuthenticator(supabase: AppSupabaseClient, factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
  // The token still names the removed factor's aal2; a fresh one reflects what is left.
  await supabase.auth.refreshSession();
}

export interface SignInActivity {
  lastSignInAt: string | null;
  /** Null when the sign-in record names no device. */
  deviceClass: DeviceClass | null;
}

function asDeviceClass(value: string | null | undefined): DeviceClass | null {
  return value === "phone" || value === "tablet" || value === "desktop" ? value : null;
}

/**
 * When and from which device class the account last signed in: `my_sign_in_activity()` (the time
 * from auth.users, the device class from the latest session's user agent). When it answers no row
 * (a session below the level the account needs) the time still comes from the user's `last_sign_in_at`.
 */
export async function readSignInActivity(supabase: AppSupabaseClient): Promise<SignInActivity> {
  const { data, error } = await supabase.rpc("my_sign_in_activity");
  if (error) throw error;
  const row: SignInActivityRow | undefined = data[0];
  if (row) return { lastSignInAt: row.last_sign_in_at, deviceClass: asDeviceClass(row.device_class) };
  const user = await supabase.auth.getUser();
  if (user.error) throw user.error;
  return { lastSignInAt: user.data.user.last_sign_in_at ?? null, deviceClass: null };
}

/**
 * Whether the agency requires a second factor of the roles that read personal data: the one row of
 * public.security_settings, which the database's policies read too (migration
 * 20261129110000_database_holds_roles_and_factor.sql). Every member reads it.
 */
export async function readSecondFactorRequired(supabase: AppSupabaseClient): Promise<boolean> {
  const { data, error } = await supabase.from("security_settings").select("require_second_factor").maybeSingle();
  if (error) throw error;
  return data?.require_second_factor ?? false;
}

/** The Owner turns the requirement on or off (the database refuses anyone else, and the Owner below aal2). */
export async function setSecondFactorRequired(supabase: AppSupabaseClient, required: boolean): Promise<boolean> {
  const { data, error } = await supabase
    .from("security_settings")
    .update({ require_second_factor: required })
    .eq("id", true)
    .select("require_second_factor");
  if (error) throw error;
  // No row back: RLS refused the change (not the Owner, or not at aal2).
  if (!data || data.length === 0) throw new Error(securityCopy.requirement.refused);
  return data[0]!.require_second_factor;
}
