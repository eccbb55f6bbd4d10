import { expect, test, type APIRequestContext } from "@playwright/test";
import { bookAndConfirm, notOnSunday } from "./book-call";

/**
 * A call booked through api/calls, against the production build and the preview server's local
 * mailbox (`/__local/mail`): the visitor's confirmation arrives with its calendar invitation
 * (METHOD:REQUEST, the booking's UID, SEQUENCE 0) and the mailbox page shows it; the team is told.
 * Other specs use the same server, so this one finds its mail by its own address.
 */

interface CaughtMail {
  id: string;
  to: string[];
  replyTo: string | null;
  subject: string | null;
  calendar: { method: string | null; content: string } | null;
}

async function mailFor(request: APIRequestContext, email: string): Promise<CaughtMail[]> {
  const response = await request.get("/__local/mail.json");
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as { messages: CaughtMail[] };
  return messages.filter((mail) => mail.to.includes(email) || mail.replyTo?.includes(email));
}

// An address of its own: bookings count against the contact form's limits per client (calls.spec.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.61" } });

test("a call booked through the API: the invitation is in the visitor's e-mail, shown by the mailbox page", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const email = `call-${stamp}@example.ng`;
  const slots = (await (await request.get("/api/calls?view=slots")).json()) as { slots: string[] };
  expect(slots.slots.length).toBeGreaterThan(0);
  // Somewhere in the list, so specs running beside this one rarely ask for the same time, and not
  // on a Sunday (book-call.ts's `notOnSunday`).
  const offered = notOnSunday(slots.slots);
  const start = offered[stamp % offered.length]!;

  // Booked with the challenge solved, then confirmed from the link of the first e-mail.
  const booking = await bookAndConfirm(request, {
    start,
    timeZone: "Europe/London",
    name: `Tolu Invite ${stamp}`,
    email,
    phone: `0803 555 ${String(stamp % 10_000).padStart(4, "0")}`,
    website: "",
    elapsedMs: 9_000,
  });

  await expect
    .poll(async () => (await mailFor(request, email)).some((mail) => mail.calendar), {
      timeout: 10_000,
      intervals: [250],
    })
    .toBe(true);
  const mails = await mailFor(request, email);
  const confirmation = mails.find((mail) => mail.calendar)!;
  expect(confirmation.subject).toMatch(/^Your discovery call is booked: /);
  expect(confirmation.calendar!.method).toBe("REQUEST");
  expect(confirmation.calendar!.content).toContain(`UID:call-${booking.id}@`);
  expect(confirmation.calendar!.content).toMatch(/SEQUENCE:0\r?\n/);
  // The team's notice of the booking, with Reply-To the visitor.
  await expect
    .poll(async () => (await mailFor(request, email)).some((mail) => mail.subject?.startsWith("Call booked:")))
    .toBe(true);

  await page.goto(`/__local/mail?id=${encodeURIComponent(confirmation.id)}`);
  const message = page.getByRole("article", { name: "Message" });
  await expect(message.getByRole("heading", { name: "Calendar invitation (REQUEST)" })).toBeVisible();
  await expect(message.getByText(`UID:call-${booking.id}@`, { exact: false })).toBeVisible();
});
