/** What went wrong, for a toast's description: the error's own message, else the thrown value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}
