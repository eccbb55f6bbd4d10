import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./kept-page";
import { LOCAL_DEFAULTS } from "../../supabase/local/index.ts";
import { LOCAL_CRON_SECRET } from "../../supabase/local/conversion-standins.ts";
import { bookAndConfirm } from "./book-call";
import { signIn } from "./sign-in";

/**
 * The agency's side of discovery calls end to end, against the production build, the real
 * api/calls function and the local Supabase: the admin opens Sunday (closed by default) and makes
 * one Sunday a day off, and the times GET /api/calls?view=slots offers follow; a call booked through
 * POST /api/calls is on the Calls page, where the admin cancels it with a note. What the test
 * changes is put back at the end (other specs book calls on the same backend).
 */
const SERVICE_ROLE_KEY = process.env.LOCAL_SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_DEFAULTS.serviceRoleKey;
const service = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };

const lagos = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Lagos",
  weekday: "short",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A slot's Lagos weekday, date ("YYYY-MM-DD") and time ("HH:MM"). */
function inLagos(iso: string) {
  const parts = Object.fromEntries(lagos.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return {
    weekday: parts.weekday,
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** Whole weeks (Monday to Sunday, in Lagos) from today's week to the week of `day` ("YYYY-MM-DD"). */
function weeksAhead(day: string): number {
  const mondayOf = (date: string) => {
    const utc = new Date(`${date}T00:00:00Z`);
    return utc.getTime() - ((utc.getUTCDay() + 6) % 7) * 86_400_000;
  };
  return Math.round((mondayOf(day) - mondayOf(inLagos(new Date().toISOString()).day)) / (7 * 86_400_000));
}

async function offered(request: APIRequestContext) {
  const response = await request.get("/api/calls?view=slots");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { slots: string[] };
  return body.slots.map((slot) => ({ slot, ...inLagos(slot) }));
}

/** Sunday closed again, no day off left behind (service role, as a project owner would). */
async function putBack(request: APIRequestContext, dayOff: string | null) {
  await request.delete("/rest/v1/call_weekly_hours?weekday=eq.0", { headers: service });
  if (dayOff) await request.delete(`/rest/v1/call_days_off?day=eq.${dayOff}`, { headers: service });
}

// An address of its own: bookings count against the contact form's limits per client (calls.spec.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.62" } });

test("the admin opens Sunday and takes one off, the offered times follow, and a booked call is on the Calls page", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  let dayOff: string | null = null;
  try {
    const before = await offered(request);
    expect(before.filter((slot) => slot.weekday === "Sun")).toEqual([]);

    await page.goto("/admin/calls/settings");
    await signIn(page, { redirected: true });
    await expect(page).toHaveURL(/\/admin\/calls\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Calls settings" })).toBeVisible();
    await page.getByRole("button", { name: "Add hours on Sunday" }).click();
    await page.getByLabel("Sunday window 1 from").fill("10:00");
    await page.getByLabel("Sunday window 1 to").fill("12:00");
    // The preview shows Sunday's times before anything is saved.
    await expect(page.getByRole("list", { name: "Next offered times" }).getByText(/^Sun /).first()).toBeVisible();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("The call settings are saved.", { exact: true })).toBeVisible();

    const sundays = (await offered(request)).filter((slot) => slot.weekday === "Sun");
    expect(sundays.length).toBeGreaterThan(0);
    expect(sundays.every((slot) => slot.time >= "10:00" && slot.time <= "11:30")).toBe(true);

    // A day off on the first Sunday offered: its times go, the other Sunday's stay.
    dayOff = sundays[0]!.day;
    const daysOff = page.getByRole("region", { name: "Days off" });
    await daysOff.getByLabel("Date").fill(dayOff);
    await daysOff.getByLabel("Note (optional)").fill("Team retreat");
    await daysOff.getByRole("button", { name: "Add day off" }).click();
    await expect(page.getByText("Day off added.", { exact: true })).toBeVisible();
    await expect(daysOff.getByText("Team retreat")).toBeVisible();
    const after = await offered(request);
    expect(after.filter((slot) => slot.day === dayOff)).toEqual([]);
    expect(after.filter((slot) => slot.weekday === "Sun")).toEqual(sundays.filter((slot) => slot.day !== dayOff));

    // A visitor books the last time offered through the function, as /book does. The other specs,
    // running at the same time on the same database, book the first ones; the last of the first day
    // was once the first too (late in the day, one time was left) and was taken between the read and
    // the booking (409).
    const stamp = Date.now();
    const name = `Tobi Caller ${stamp}`;
    const chosen = after.at(-1)!;
    // Confirmed from its e-mail's link: the admin lists confirmed calls only.
    await bookAndConfirm(
      request,
      {
        start: chosen.slot,
        timeZone: "Europe/London",
        name,
        email: `caller-${stamp}@example.ng`,
        website: "",
        elapsedMs: 5000,
      },
      { "x-forwarded-for": "198.51.100.81" },
    );

    await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Calls" }).click();
    await expect(page).toHaveURL(/\/admin\/calls$/);
    const upcoming = page.getByRole("region", { name: "Upcoming" });
    const call = upcoming.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
    await expect(call).toContainText(`${chosen.time}–`);
    await expect(call).toContainText("Booked");

    // The week view has it on its day: this week's, or a later one's when the clock leaves no time
    // this week (a Saturday evening offers Monday first).
    await page.getByRole("button", { name: "Week" }).click();
    for (let week = weeksAhead(chosen.day); week > 0; week -= 1)
      await page.getByRole("button", { name: "Next week" }).click();
    await expect(page.getByRole("link", { name })).toBeVisible();
    await page.getByRole("button", { name: "List" }).click();

    // Cancelled with a note: its time is offered again.
    await call.getByRole("button", { name: "Cancel call" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this call?" });
    await dialog.getByLabel("Note to the visitor").fill("Sorry, something came up. Please pick another time.");
    await dialog.getByRole("button", { name: "Cancel the call" }).click();
    await expect(
      page.getByText("The call is cancelled. The visitor will be told by e-mail.", { exact: true }),
    ).toBeVisible();
    await expect(call).toContainText("Note to the visitor: Sorry, something came up.");
    // The call's event in the agency's calendar (the local Google Calendar stand-in) is a busy time
    // until the outbox deletes it: an admin's cancellation is a database write, sent by the next
    // scheduled run. The run is asked for as the deployed schedule asks (Vercel Cron's GET with the
    // secret the preview sets), rather than waited for (every minute locally).
    await expect
      .poll(
        async () => {
          const run = await request.get("/api/cron-outbox", {
            headers: { authorization: `Bearer ${LOCAL_CRON_SECRET}` },
          });
          expect(run.status()).toBe(200);
          return (await offered(request)).map((slot) => slot.slot);
        },
        { timeout: 30_000 },
      )
      .toContain(chosen.slot);
  } finally {
    await putBack(request, dayOff);
  }
});
