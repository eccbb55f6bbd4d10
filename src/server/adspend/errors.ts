/** Why a platform's spend could not be read: said on the import's state and in the run's summary. */
export class AdSpendError extends Error {
  constructor(
    message: string,
    /** The platform refused the credentials (an expired or revoked token): only new ones fix it. */
    readonly unauthorised = false,
  ) {
    super(message);
  }
}

/** The days an import reads: `since` to `until`, yyyy-mm-dd, both included. */
export interface SpendWindow {
  since: string;
  until: string;
}

/** What reading a platform needs beside its settings. */
export interface ReadContext {
  fetch: typeof fetch;
  timeoutMs: number;
  now: Date;
}
