/**
 * The password recovery page's path, declared once: the e-mail's link comes back to it (the auth
 * feature's `redirectTo`), supabase-js reads the recovery session from the address only there
 * (supabase.ts), and the server serves it the admin's SPA shell with the admin's headers
 * (src/server/paths.ts, scripts/security-headers.ts).
 */
export const RESET_PASSWORD_PATH = "/reset-password";

/**
 * The join page, declared once: an invitation's e-mail link comes back to it (api/team's
 * `redirectTo`, which the hosted project's redirect allow-list must include), and supabase-js reads
 * the invited user's session from the address there (supabase.ts). Under /admin, so it is served the
 * admin's SPA shell, but outside the signed-in area: the invitee is not a member yet.
 */
export const JOIN_PATH = "/admin/join";

/**
 * The admin's area: the admin, sign-in and password recovery. A visitor's arrival is neither
 * recorded (attribution) nor counted (the traffic beacon) there.
 */
export function isAdminAreaPath(pathname: string): boolean {
  return /^\/(admin|login|reset-password)(\/|$)/.test(pathname);
}
