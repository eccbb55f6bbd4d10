import { newsletterCopy, newsletterEndpoint } from "../../content/newsletter";

export interface SubscribeResult {
  ok: boolean;
  /** What to show the visitor: the reply's message, or a fallback from the copy. */
  message: string;
}

async function replyMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown } | null;
    return typeof body?.message === "string" && body.message.trim() ? body.message.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** Posts the address to the newsletter function and turns any outcome into a message to show. */
export async function subscribeToNewsletter(email: string, signal?: AbortSignal): Promise<SubscribeResult> {
  let response: Response;
  try {
    response = await fetch(newsletterEndpoint, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email }),
      signal,
    });
  } catch {
    return { ok: false, message: newsletterCopy.networkError };
  }
  const message = await replyMessage(response);
  return response.ok
    ? { ok: true, message: message ?? newsletterCopy.success }
    : { ok: false, message: message ?? newsletterCopy.failure };
}
