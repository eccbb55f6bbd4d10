import type { WebHandler } from "./node-http.ts";

/**
 * The local stand-in for the newsletter provider, for development and tests only: when no
 * NEWSLETTER_FORM_URL is configured, the dev and preview servers mount it (see functions-plugin.ts)
 * and point api/subscribe at it, so that the whole sign-up flow works on a fresh machine.
 *
 * It answers like a provider's public form endpoint: a form-encoded POST with the address is
 * recorded in memory and gets 200 JSON with a message; a POST without one gets 422. Nothing is sent
 * anywhere. `GET <path>` lists what was recorded, to check by hand during development.
 */
const NEWSLETTER_STANDIN_PATH = "/__local/newsletter";

interface RecordedSignup {
  email: string;
  source: string | null;
  at: string;
}

export interface NewsletterStandin {
  path: string;
  handler: WebHandler;
  /** Sign-ups received since start (newest last). */
  signups: RecordedSignup[];
}

interface StandinOptions {
  path?: string;
  /** Field names, as configured for the function (NEWSLETTER_EMAIL_FIELD / NEWSLETTER_SOURCE_FIELD). */
  emailField?: string;
  sourceField?: string;
}

const MAX_RECORDED = 500;

function reply(status: number, body: unknown): Response {
  // `connection: close`: the function calls the stand-in on the same server; a kept-alive socket that
  // the server closes while idle would make the next sign-up fail with "fetch failed".
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", connection: "close" },
  });
}

export function createNewsletterStandin(options: StandinOptions = {}): NewsletterStandin {
  const path = options.path ?? NEWSLETTER_STANDIN_PATH;
  const signups: RecordedSignup[] = [];

  const handler: WebHandler = async (request) => {
    if (request.method === "GET") return reply(200, { signups });
    if (request.method !== "POST") return reply(405, { message: "Method Not Allowed" });

    const form = new URLSearchParams(await request.text());
    const email = form.get(options.emailField || process.env.NEWSLETTER_EMAIL_FIELD?.trim() || "email")?.trim();
    if (!email) return reply(422, { message: "The email field is missing." });

    const source = form.get(options.sourceField || process.env.NEWSLETTER_SOURCE_FIELD?.trim() || "fields[source]");
    signups.push({ email, source, at: new Date().toISOString() });
    if (signups.length > MAX_RECORDED) signups.shift();
    return reply(200, {
      message: "Thanks for subscribing! (Local development: your sign-up was recorded locally, nothing was sent.)",
    });
  };

  return { path, handler, signups };
}
