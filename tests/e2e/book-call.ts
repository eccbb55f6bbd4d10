import { expect, type APIRequestContext } from "@playwright/test";
import { solveChallenge, type Challenge } from "../../src/lib/calls/challenge";

/**
 * Booking a call from a spec as /book does (issue 43): the challenge fetched and solved by the
 * page's own solver, then the booking posted; and the booking confirmed from the link its e-mail
 * carries, read from the local mailbox (`/__local/mail.json`).
 */
type Headers = Record<string, string>;

const lagosWeekday = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", weekday: "long" });

/**
 * The offered times that are not on a Sunday in Lagos. calls-admin.spec.ts opens Sundays for a while
 * and takes the first one off, on the database every spec shares: a Sunday time another spec picked
 * could be refused as a day off between its read and its booking (run 54: "We're not taking calls
 * that day"). The other specs book on the other days.
 */
export function notOnSunday(slots: readonly string[]): string[] {
  return slots.filter((slot) => lagosWeekday.format(new Date(slot)) !== "Sunday");
}

export async function bookThroughApi(request: APIRequestContext, data: Record<string, unknown>, headers?: Headers) {
  const options = headers ? { headers } : {};
  const challenge = (await (await request.get("/api/calls?view=challenge", options)).json()) as Challenge;
  const solution = await solveChallenge(challenge);
  return request.post("/api/calls", { ...options, data: { ...data, challenge: solution } });
}

interface CaughtMail {
  to: string[];
  subject: string | null;
  text: string | null;
}

/** The path of the confirmation link e-mailed to `email`: `/calls/manage#confirm=…`. */
export async function confirmLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get("/__local/mail.json")).json()) as { messages: CaughtMail[] };
        const mail = messages.find(
          (one) => one.to.includes(email) && /^Confirm your discovery call/.test(one.subject ?? ""),
        );
        link = /\/calls\/manage#confirm=[\w-]{22}/.exec(mail?.text ?? "")?.[0];
        return Boolean(link);
      },
      { timeout: 10_000, intervals: [250] },
    )
    .toBe(true);
  return link!;
}

/** Books through the API and confirms from the e-mail's link; answers the confirmed booking. */
export async function bookAndConfirm(request: APIRequestContext, data: Record<string, unknown>, headers?: Headers) {
  const booked = await bookThroughApi(request, data, headers);
  expect(booked.status()).toBe(201);
  const link = await confirmLink(request, String(data.email));
  const token = link.split("#confirm=")[1];
  const confirmed = await request.post("/api/calls", {
    ...(headers ? { headers } : {}),
    data: { action: "confirm", token },
  });
  expect(confirmed.status()).toBe(200);
  return ((await confirmed.json()) as { booking: { id: string; manageToken: string } }).booking;
}
