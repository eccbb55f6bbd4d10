import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_AVAILABILITY, type Availability } from "../../../lib/calls/slots";
import { SlotPreview } from "./SlotPreview";

const nineToFive = { start: "09:00", end: "17:00" };
/** Weekdays 09:00–17:00 and Sunday 10:00–12:00. */
const withSunday: Availability = {
  ...DEFAULT_AVAILABILITY,
  weeklyHours: [[{ start: "10:00", end: "12:00" }], ...Array.from({ length: 5 }, () => [nineToFive]), []],
  maxPerDay: null,
  horizonDays: 21,
  daysOff: [],
};

function dayLabels() {
  return within(screen.getByRole("list", { name: "Next offered times" }))
    .getAllByRole("listitem")
    .map((item) => item.firstElementChild!.textContent);
}

describe("the settings page's preview of offered times", () => {
  it("shows each open weekday once, so a Sunday opened on a Sunday afternoon shows next Sunday", () => {
    // Sunday 29 November 2026, 15:00 in Lagos: today's Sunday times are past.
    render(<SlotPreview availability={withSunday} booked={[]} now={new Date("2026-11-29T14:00:00Z")} />);
    expect(dayLabels()).toEqual(["Mon 30 Nov", "Tue 1 Dec", "Wed 2 Dec", "Thu 3 Dec", "Fri 4 Dec", "Sun 6 Dec"]);
    const sunday = within(screen.getByRole("list", { name: "Next offered times" }))
      .getAllByRole("listitem")
      .at(-1)!;
    expect(
      within(sunday)
        .getAllByText(/^\d\d:\d\d$/)
        .map((time) => time.textContent),
    ).toEqual(["10:00", "10:30", "11:00", "11:30"]);
    // The rest of the period is counted, not listed: two more weeks of the same hours.
    const perWeek = 5 * 16 + 4;
    expect(screen.getByText(/^and \d+ more in the period$/)).toHaveTextContent(`and ${2 * perWeek - 4} more`);
  });

  it("says so when nothing would be offered", () => {
    render(
      <SlotPreview
        availability={{ ...withSunday, weeklyHours: [[], [], [], [], [], [], []] }}
        booked={[]}
        now={new Date("2026-11-29T14:00:00Z")}
      />,
    );
    expect(screen.getByText("No times would be offered. Add hours, or allow more days ahead.")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Next offered times" })).not.toBeInTheDocument();
  });
});
