/**
 * What went wrong, for a toast's description: the error's own message, else the thrown value as
 * text. supabase-js hands back its errors as plain objects with a `message` (a status change the
 * database refuses throws one), which would otherwise read '[object Object]'.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (
    typeof error === "object" &&
    error !== null &&
    "message" in error &&
    typeof error.message === "string" &&
    error.message
  )
    return error.message;
  return String(error);
}
