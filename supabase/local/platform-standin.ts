/**
 * What the ad platforms' stand-ins (meta-standin.ts, google-ads-standin.ts) share: answers in JSON as
 * the platforms send them, the API version they answer (the one the functions call by default), and
 * the log of what they received, in which a repeat of an item already counted is kept but marked, as
 * the platforms deduplicate.
 */

/** One item a stand-in received: `at` when, `duplicate` when the platform would not count it again. */
export type Received<Item> = Item & { at: string; duplicate: boolean };

/** The API version in a platform's default base URL (`https://graph.facebook.com/v26.0` gives `v26.0`). */
export function apiVersionOf(defaultUrl: string): string {
  return new URL(defaultUrl).pathname.slice(1);
}

export function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", connection: "close" },
  });
}

/** The items the platform counts: each once. */
export function countedOnce<Item extends { duplicate: boolean }>(received: Item[]): Item[] {
  return received.filter((item) => !item.duplicate);
}

/**
 * The request's path below the stand-in's own, without a trailing slash, and, for `GET <path>`, the
 * page that lists what it received (`note` says what that is).
 */
export function route(
  request: Request,
  path: string,
  note: string,
  received: unknown[],
): { rest: string; listing: Response | null } {
  const rest = new URL(request.url).pathname.slice(path.length).replace(/\/+$/, "");
  return { rest, listing: request.method === "GET" && rest === "" ? reply(200, { note, received }) : null };
}
