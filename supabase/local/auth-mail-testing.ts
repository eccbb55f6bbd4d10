import { afterAll, beforeAll, expect } from "vitest";
import { startMailbox, type CaughtMail, type Mailbox } from "./mailbox.ts";
import { localSupabaseForSuite, type SuiteSupabase } from "./testing.ts";

/**
 * What the Auth e-mail suites share: a local Supabase whose GoTrue sends through a real local
 * mailbox, and the reading of the link in a mail as the browser follows it.
 */

/** The sender the suites' GoTrue is given. */
export const SUITE_MAIL_FROM = "Ascend Digital <hello@example.com>";

interface MailingSupabase {
  /** The suite's local Supabase. */
  server: SuiteSupabase;
  /** The `count` newest mails to `address`, newest first, once they have arrived. */
  mailsTo(address: string, count?: number): Promise<CaughtMail[]>;
}

/**
 * A local mailbox and a local Supabase mailing to it for the calling suite, both started in a
 * `beforeAll` (the mailbox first: the server is given its port) and closed in an `afterAll`. Call it
 * at the top of the file.
 */
export function localSupabaseMailingForSuite(): MailingSupabase {
  let mailbox: Mailbox | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox();
  });
  afterAll(async () => {
    await mailbox?.close();
  });
  const server = localSupabaseForSuite(() => ({
    env: { SMTP_URL: `smtp://127.0.0.1:${mailbox!.port}`, MAIL_FROM: SUITE_MAIL_FROM },
  }));
  return {
    server,
    mailsTo: (address, count = 1) => mailbox!.waitFor((message) => message.to.includes(address), count),
  };
}

/** GoTrue's verification link in `mail`'s text. */
export function linkIn(mail: CaughtMail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text ?? "")?.[0];
  expect(link).toBeDefined();
  return link!;
}

/** Follows the e-mail's link as the browser does, up to the redirect; the fragment's parameters. */
export async function follow(link: string) {
  const response = await fetch(link, { redirect: "manual" });
  expect(response.status).toBe(303);
  const [base, fragment] = response.headers.get("location")!.split("#");
  return { base, params: Object.fromEntries(new URLSearchParams(fragment)) };
}
