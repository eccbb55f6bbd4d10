/**
 * The Calls page, the Calls settings and the lead's calls inside the admin layout, against the real
 * local Supabase (supabase/local), signed in as the local admin through unmodified supabase-js.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../../components/ui/toast-store";
import { allowForServerAnswers, renderAdmin as renderAdminWith, startLocalAdmin, type LocalAdmin } from "../testing";
import { lagosDay } from "./call-time";

allowForServerAnswers();

let admin: LocalAdmin;
const renderAdmin = (path: string) => renderAdminWith(path, admin);
const sql = async <T,>(text: string, params: unknown[] = []) =>
  (await admin.server.local.db.query<T>(text, params)).rows;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function newLead(name: string): Promise<string> {
  const [row] = await sql<{ id: string }>(`insert into public.leads (full_name, email) values ($1, $2) returning id`, [
    name,
    `${randomBytes(4).toString("hex")}@example.ng`,
  ]);
  return row!.id;
}

/** A call of 30 minutes with no buffers, written as the function would (past ones too), and confirmed. */
async function newCall(leadId: string, start: Date): Promise<string> {
  const end = new Date(start.getTime() + 30 * 60_000);
  const [row] = await sql<{ id: string }>(
    `insert into public.call_bookings
       (lead_id, starts_at, ends_at, buffer_before_minutes, buffer_after_minutes, blocked, visitor_time_zone, source,
        manage_token_hash, confirm_token_hash)
     values ($1, $2, $3, 0, 0, tstzrange($2, $3, '[)'), 'Europe/London', 'book_page', $4, $5)
     returning id`,
    [leadId, start.toISOString(), end.toISOString(), randomBytes(32).toString("hex"), randomBytes(32).toString("hex")],
  );
  // The admin lists confirmed calls only (a hold never confirmed was no booking).
  await sql(`update public.call_bookings set confirmed_at = now() where id = $1`, [row!.id]);
  return row!.id;
}

/** An hour on the grid: `days` from now, at 10:00 UTC (11:00 Lagos). */
const at = (days: number) => {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(10, 0, 0, 0);
  return date;
};

const ids = { ada: "", bola: "", chidi: "", adaCall: "", bolaCall: "", chidiCall: "" };

beforeAll(async () => {
  admin = await startLocalAdmin();
}, 120_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await admin?.server.close();
});

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const callsNavLink = () =>
  within(screen.getByRole("navigation", { name: "Admin Panel" })).getByRole("link", { name: "Calls" });

describe("the Calls page's states", () => {
  it("says when the calls cannot be read, and once they can, that none is booked yet", async () => {
    const realFetch = globalThis.fetch;
    vi.stubGlobal("fetch", (async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes("/rest/v1/call_bookings"))
        return new Response(JSON.stringify({ code: "XX000", message: "down", details: null, hint: null }), {
          status: 500,
          headers: { "content-type": "application/json" },
        });
      return realFetch(input, init);
    }) as typeof fetch);
    const user = userEvent.setup();
    await renderAdmin("/admin/calls");
    expect(await screen.findByRole("heading", { level: 1, name: "Calls" })).toBeInTheDocument();
    expect(callsNavLink()).toHaveAttribute("aria-current", "page");
    expect(await screen.findByRole("alert")).toHaveTextContent("The calls could not be loaded.");

    vi.stubGlobal("fetch", realFetch);
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No calls booked yet")).toBeInTheDocument();
  });
});

describe("the calls", () => {
  beforeAll(async () => {
    ids.ada = await newLead("Ada Upcoming");
    ids.bola = await newLead("Bola Past");
    ids.chidi = await newLead("Chidi Absent");
    ids.adaCall = await newCall(ids.ada, at(3));
    ids.bolaCall = await newCall(ids.bola, at(-1));
    ids.chidiCall = await newCall(ids.chidi, at(-2));
  });

  it("lists upcoming and past calls, each linked to its lead", async () => {
    await renderAdmin("/admin/calls");
    const upcoming = await screen.findByRole("region", { name: "Upcoming" });
    const past = screen.getByRole("region", { name: "Past" });
    expect(within(upcoming).getByRole("link", { name: "Ada Upcoming" })).toHaveAttribute(
      "href",
      `/admin/leads/${ids.ada}`,
    );
    expect(within(upcoming).getByText(/^\w{3} \d{1,2} \w{3}, 11:00–11:30$/)).toBeInTheDocument();
    expect(within(past).getByRole("link", { name: "Bola Past" })).toBeInTheDocument();
    // The latest past call first.
    expect(
      within(past)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Bola Past", "Chidi Absent"]);
    // A call to come can be cancelled, not marked; a call that took place can be marked, no longer cancelled.
    const adaActions = within(upcoming).getByRole("group", { name: "Actions for the call with Ada Upcoming" });
    expect(
      within(adaActions)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Cancel call"]);
    const bolaActions = within(past).getByRole("group", { name: "Actions for the call with Bola Past" });
    expect(
      within(bolaActions)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Completed", "No-show"]);
  });

  it("marks a past call completed and another a no-show", async () => {
    const user = userEvent.setup();
    await renderAdmin("/admin/calls");
    const past = await screen.findByRole("region", { name: "Past" });
    await user.click(
      within(within(past).getByRole("group", { name: /Bola Past/ })).getByRole("button", { name: "Completed" }),
    );
    expect(await screen.findByText("Marked as completed.")).toBeInTheDocument();
    await waitFor(() => expect(within(past).queryByRole("group", { name: /Bola Past/ })).not.toBeInTheDocument());
    await user.click(
      within(within(past).getByRole("group", { name: /Chidi Absent/ })).getByRole("button", { name: "No-show" }),
    );
    expect(await screen.findByText("Marked as a no-show.")).toBeInTheDocument();
    await waitFor(() => expect(within(past).getByText("No-show", { selector: "span" })).toBeInTheDocument());
    expect(within(past).getByText("Completed", { selector: "span" })).toBeInTheDocument();
    expect(
      await sql(`select status from public.call_bookings where id = any($1) order by starts_at`, [
        [ids.chidiCall, ids.bolaCall],
      ]),
    ).toEqual([{ status: "no_show" }, { status: "completed" }]);
  });

  it("cancels a call with a note to the visitor, which the cancellation e-mail carries", async () => {
    const user = userEvent.setup();
    await renderAdmin("/admin/calls");
    const upcoming = await screen.findByRole("region", { name: "Upcoming" });
    await user.click(within(upcoming).getByRole("button", { name: "Cancel call" }));
    const dialog = screen.getByRole("alertdialog", { name: "Cancel this call?" });
    expect(dialog).toHaveAccessibleDescription(/The call with Ada Upcoming on .+, 11:00 \(Lagos time\) is cancelled/);
    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole("button", { name: "Keep the call" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    await user.click(within(upcoming).getByRole("button", { name: "Cancel call" }));
    await user.type(
      within(screen.getByRole("alertdialog")).getByLabelText("Note to the visitor"),
      "Sorry, we are travelling that day. Please book another time.",
    );
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancel the call" }));
    expect(await screen.findByText("The call is cancelled. The visitor will be told by e-mail.")).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(
      await within(upcoming).findByText(
        "Note to the visitor: Sorry, we are travelling that day. Please book another time.",
      ),
    ).toBeInTheDocument();
    expect(within(upcoming).queryByRole("button", { name: "Cancel call" })).not.toBeInTheDocument();
    expect(await sql(`select status, cancel_note from public.call_bookings where id = $1`, [ids.adaCall])).toEqual([
      { status: "cancelled", cancel_note: "Sorry, we are travelling that day. Please book another time." },
    ]);
    expect(
      await sql(`select kind, status from public.call_messages where booking_id = $1 and kind = 'cancellation'`, [
        ids.adaCall,
      ]),
    ).toEqual([{ kind: "cancellation", status: "waiting" }]);
  });

  it("shows a week in Lagos time, Monday first, each call on its day, and moves between weeks", async () => {
    const user = userEvent.setup();
    const day = lagosDay(at(3));
    await renderAdmin(`/admin/calls?week=${day}`);
    expect(screen.getByRole("button", { name: "Week" })).toHaveAttribute("aria-pressed", "true");
    const days = await screen.findAllByRole("listitem", { name: /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) / });
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveAccessibleName(/^Mon /);
    const holding = days.find((item) => within(item).queryByRole("link", { name: "Ada Upcoming" }));
    expect(holding).toBeDefined();
    expect(within(holding!).getByText("Cancelled")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Next week" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Ada Upcoming" })).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Previous week" }));
    expect(await screen.findByRole("link", { name: "Ada Upcoming" })).toBeInTheDocument();
  });

  it("are on their lead's page, with the time, the status and a link to the Calls page", async () => {
    await renderAdmin(`/admin/leads/${ids.bola}`);
    const calls = await screen.findByRole("region", { name: "Discovery calls" });
    expect(await within(calls).findByText("Completed")).toBeInTheDocument();
    expect(within(calls).getByText(/, 11:00 \(Lagos time\)$/)).toBeInTheDocument();
    expect(within(calls).getByRole("link", { name: "Open in Calls" })).toHaveAttribute(
      "href",
      `/admin/calls?week=${lagosDay(at(-1))}`,
    );
  });
});

describe("the Calls settings", () => {
  const mondayWindows = () => screen.getAllByLabelText(/^Monday window \d from$/);

  it("refuses windows out of order or overlapping and numbers out of bounds, keeping what was typed", async () => {
    const user = userEvent.setup();
    await renderAdmin("/admin/calls/settings");
    expect(await screen.findByRole("heading", { level: 1, name: "Calls settings" })).toBeInTheDocument();
    expect(await screen.findByLabelText("Monday window 1 from")).toHaveValue("09:00");
    expect(screen.getByLabelText("Monday window 1 to")).toHaveValue("17:00");

    await user.click(screen.getByRole("button", { name: "Add hours on Monday" }));
    expect(mondayWindows()).toHaveLength(2);
    fireEvent.change(screen.getByLabelText("Monday window 2 from"), { target: { value: "16:00" } });
    await user.click(screen.getByRole("button", { name: "Add hours on Sunday" }));
    fireEvent.change(screen.getByLabelText("Sunday window 1 to"), { target: { value: "08:00" } });
    const length = screen.getByLabelText("Call length (minutes)");
    await user.clear(length);
    await user.type(length, "5");
    await user.click(screen.getByRole("button", { name: "Save settings" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Some values need fixing before they can be saved.");
    expect(screen.getByLabelText("Monday window 2 from")).toHaveAccessibleDescription(
      "This window overlaps another on the same day.",
    );
    expect(screen.getByLabelText("Sunday window 1 from")).toHaveAccessibleDescription(
      "The end must be after the start.",
    );
    expect(length).toHaveAccessibleDescription("A whole number from 10 to 240.");
    expect(length).toHaveValue("5");
    const [settings] = await sql<{ call_minutes: number }>(`select call_minutes from public.call_settings`);
    expect(settings!.call_minutes).toBe(30);
  });

  it("shows the database's refusal in words and keeps what was typed", async () => {
    await sql(
      `create function public.test_refuse_hours() returns trigger language plpgsql as $$ begin raise exception 'conflicting key value violates exclusion constraint' using errcode = 'exclusion_violation'; end $$`,
    );
    await sql(
      `create trigger test_refuse_hours before insert on public.call_weekly_hours for each row execute function public.test_refuse_hours()`,
    );
    try {
      const user = userEvent.setup();
      await renderAdmin("/admin/calls/settings");
      const length = await screen.findByLabelText("Call length (minutes)");
      await user.clear(length);
      await user.type(length, "45");
      await user.click(screen.getByRole("button", { name: "Save settings" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(
        "Two windows on the same day overlap. Make them follow each other, then save again.",
      );
      expect(length).toHaveValue("45");
      const [settings] = await sql<{ call_minutes: number }>(`select call_minutes from public.call_settings`);
      expect(settings!.call_minutes).toBe(30);
      expect(await sql(`select 1 from public.call_weekly_hours`)).toHaveLength(5);
    } finally {
      await admin.server.local.db.exec(
        `drop trigger test_refuse_hours on public.call_weekly_hours; drop function public.test_refuse_hours();`,
      );
    }
  });

  it("saves hours, limits and a video link, and the preview follows the edited values", async () => {
    const user = userEvent.setup();
    await renderAdmin("/admin/calls/settings");
    const preview = await screen.findByRole("list", { name: "Next offered times" });
    expect(within(preview).getAllByText(/^\d\d:\d\d$/).length).toBeGreaterThan(0);

    // Every weekday but Saturday closed, Saturday 10:00–12:00: only Saturdays are offered.
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
      await user.click(screen.getByRole("button", { name: `Remove ${day} 09:00–17:00` }));
    await user.click(screen.getByRole("button", { name: "Add hours on Saturday" }));
    fireEvent.change(screen.getByLabelText("Saturday window 1 from"), { target: { value: "10:00" } });
    fireEvent.change(screen.getByLabelText("Saturday window 1 to"), { target: { value: "12:00" } });
    const cap = screen.getByLabelText("Calls per day");
    await user.clear(cap);
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Next offered times" })).getAllByText(/^Sat /).length,
      ).toBeGreaterThan(0),
    );
    const offered = within(screen.getByRole("list", { name: "Next offered times" }));
    expect(offered.queryAllByText(/^(Mon|Tue|Wed|Thu|Fri|Sun) /)).toEqual([]);
    expect(offered.getAllByText(/^\d\d:\d\d$/).map((time) => time.textContent)).toContain("11:30");
    expect(offered.queryByText("12:00")).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "A fixed video link" }));
    const link = screen.getByLabelText(/^Video link/);
    await user.type(link, "http://zoom.us/j/1");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(link).toHaveAccessibleDescription(/An https:\/\/ address, e.g. https:\/\/zoom.us\/j\/123\./);
    await user.clear(link);
    await user.type(link, "https://zoom.us/j/1");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText("The call settings are saved.")).toBeInTheDocument();

    expect(await sql(`select max_per_day, place_kind, video_link_url from public.call_settings`)).toEqual([
      { max_per_day: null, place_kind: "video_link", video_link_url: "https://zoom.us/j/1" },
    ]);
    expect(
      await sql(
        `select weekday, to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as end from public.call_weekly_hours`,
      ),
    ).toEqual([{ weekday: 6, start: "10:00", end: "12:00" }]);
  });

  it("adds a day off, which leaves the preview, refuses the same day twice, and removes it", async () => {
    // Hours of this test's own, whatever the test before saved and whatever day the clock says: every
    // day open, so the preview offers times on several days before and after one is taken off.
    await sql(`delete from public.call_weekly_hours`);
    await sql(
      `insert into public.call_weekly_hours (weekday, start_time, end_time) select day, '09:00', '17:00' from generate_series(0, 6) as day`,
    );
    await sql(`update public.call_settings set horizon_days = 14, max_per_day = null`);
    const user = userEvent.setup();
    await renderAdmin("/admin/calls/settings");
    const preview = await screen.findByRole("list", { name: "Next offered times" });
    const firstTime = preview.querySelector("time")!;
    const day = lagosDay(new Date(firstTime.getAttribute("datetime")!));
    const firstLabel = within(preview).getAllByRole("listitem")[0]!.firstElementChild!.textContent!;

    const daysOff = screen.getByRole("region", { name: "Days off" });
    expect(within(daysOff).getByText("No upcoming days off.")).toBeInTheDocument();
    fireEvent.change(within(daysOff).getByLabelText("Date"), { target: { value: day } });
    await user.type(within(daysOff).getByLabelText("Note (optional)"), "Team retreat");
    await user.click(within(daysOff).getByRole("button", { name: "Add day off" }));
    expect(await screen.findByText("Day off added.")).toBeInTheDocument();
    expect(await within(daysOff).findByText("Team retreat")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Next offered times" })).queryByText(firstLabel),
      ).not.toBeInTheDocument(),
    );

    fireEvent.change(within(daysOff).getByLabelText("Date"), { target: { value: day } });
    await user.click(within(daysOff).getByRole("button", { name: "Add day off" }));
    expect(await within(daysOff).findByText("That day is already a day off.")).toBeInTheDocument();

    await user.click(within(daysOff).getByRole("button", { name: /^Remove day off / }));
    expect(await screen.findByText("Day off removed.")).toBeInTheDocument();
    expect(await within(daysOff).findByText("No upcoming days off.")).toBeInTheDocument();
    expect(await sql(`select day from public.call_days_off`)).toEqual([]);
  });

  it("tells how to subscribe to the calendar feed", async () => {
    await renderAdmin("/admin/calls/settings");
    const feed = await screen.findByRole("region", { name: "Calendar feed" });
    expect(feed).toHaveTextContent(/set CALLS_FEED_SECRET/);
    expect(within(feed).getByText(/\/api\/calls\?feed=<secret>$/)).toBeInTheDocument();
  });
});

describe("the dashboard", () => {
  it("shows the calls booked and the share of leads who booked, for the last 7 and 30 days", async () => {
    await renderAdmin("/admin");
    const panel = await screen.findByRole("region", { name: "Discovery calls" });
    // While they load, the cards stand with their headings and labels (in a status that says so).
    await waitFor(() => expect(within(panel).queryByRole("status")).toBeNull());
    const week = within(panel).getByRole("heading", { name: "Last 7 days" });
    const figures = week.parentElement!;
    // Bola's and Chidi's calls (Ada's was cancelled), of the lead rows this file wrote.
    expect(within(figures).getByText("Calls booked").nextElementSibling).toHaveTextContent("2");
    expect(within(figures).getByText("Leads who booked a call").nextElementSibling).toHaveTextContent(
      /^67% \(2 of 3\)$/,
    );
    expect(within(figures).getByText("1 cancelled")).toBeInTheDocument();
  });
});
