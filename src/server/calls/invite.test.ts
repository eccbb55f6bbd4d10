import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { bookingUid, buildInvite, googleCalendarLink, type InviteInput } from "./invite";

const booking: InviteInput = {
  uid: bookingUid("7f3c9a2e-1b4d-4c8e-9f01-2a3b4c5d6e7f", "agency.example"),
  sequence: 0,
  method: "REQUEST",
  start: new Date("2026-12-01T09:30:00Z"),
  end: new Date("2026-12-01T10:00:00Z"),
  title: "Discovery call with Agency",
  description: "We talk about your goals; bring your questions, and a list of sites you like.",
  location: "We call you on +234 803 000 0000",
  organizer: { name: "Agency Team", email: "hello@agency.example" },
  attendee: { name: 'Ada "Dee" Obi-Okafor, Ltd', email: "ada@example.com" },
  url: "https://agency.example/calls/abc123",
  stamp: new Date("2026-11-26T17:00:00Z"),
};

/** The invitation read back by ical.js, as a calendar client would. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent")!;
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  const person = (name: string) => {
    const property = event.getFirstProperty(name)!;
    return {
      // The scheme's case is not significant (RFC 5545 3.3.13): ics writes MAILTO for the organizer.
      address: String(property.getFirstValue()).replace(/^mailto:/i, "mailto:"),
      cn: property.getParameter("cn"),
      rsvp: property.getParameter("rsvp") ?? null,
      partstat: property.getParameter("partstat") ?? null,
    };
  };
  return {
    method: calendar.getFirstPropertyValue("method"),
    events: calendar.getAllSubcomponents("vevent").length,
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    status: event.getFirstPropertyValue("status"),
    summary: event.getFirstPropertyValue("summary"),
    description: event.getFirstPropertyValue("description"),
    location: event.getFirstPropertyValue("location"),
    url: event.getFirstPropertyValue("url"),
    start: time("dtstart"),
    end: time("dtend"),
    stamp: time("dtstamp"),
    organizer: person("organizer"),
    attendee: person("attendee"),
  };
}

describe("buildInvite", () => {
  it.each([
    { method: "REQUEST" as const, sequence: 0, status: "CONFIRMED", rsvp: "TRUE" },
    { method: "CANCEL" as const, sequence: 2, status: "CANCELLED", rsvp: "FALSE" },
  ])("$method: method, uid, sequence, times, people and status read back", ({ method, sequence, status, rsvp }) => {
    const text = buildInvite({ ...booking, method, sequence });
    expect(parse(text)).toEqual({
      method,
      events: 1,
      uid: "call-7f3c9a2e-1b4d-4c8e-9f01-2a3b4c5d6e7f@agency.example",
      sequence,
      status,
      summary: booking.title,
      description: booking.description,
      location: booking.location,
      url: booking.url,
      start: "2026-12-01T09:30:00.000Z",
      end: "2026-12-01T10:00:00.000Z",
      stamp: "2026-11-26T17:00:00.000Z",
      organizer: { address: "mailto:hello@agency.example", cn: "Agency Team", rsvp: null, partstat: null },
      attendee: { address: "mailto:ada@example.com", cn: "Ada Dee Obi-Okafor, Ltd", rsvp, partstat: "NEEDS-ACTION" },
    });
  });

  it("writes METHOD on the calendar, times in UTC, and CRLF lines of at most 75 octets", () => {
    const text = buildInvite(booking);
    const lines = text.split("\r\n");
    expect(lines.indexOf("METHOD:REQUEST")).toBeGreaterThan(lines.indexOf("BEGIN:VCALENDAR"));
    expect(lines.indexOf("METHOD:REQUEST")).toBeLessThan(lines.indexOf("BEGIN:VEVENT"));
    expect(lines).toContain("DTSTART:20261201T093000Z");
    expect(lines).toContain("DTEND:20261201T100000Z");
    expect(text).not.toMatch(/[^\r]\n/);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("keeps the UID across the invitation and its cancellation, and leaves out a missing URL", () => {
    const { url: _, ...withoutUrl } = booking;
    const request = parse(buildInvite(withoutUrl));
    const cancel = parse(buildInvite({ ...withoutUrl, method: "CANCEL", sequence: 1 }));
    expect(cancel.uid).toBe(request.uid);
    expect(request.url).toBeNull();
  });

  it("refuses an address that is not one", () => {
    expect(() => buildInvite({ ...booking, attendee: { name: "X", email: "x@example.com\r\nATTENDEE:evil" } })).toThrow(
      RangeError,
    );
  });
});

describe("googleCalendarLink", () => {
  it("fills Google's event template", () => {
    const link = new URL(
      googleCalendarLink({
        title: "Discovery call & strategy",
        start: booking.start,
        end: booking.end,
        details: "Notes: https://agency.example/calls/abc123?x=1&y=2",
        location: "We call you on +234 803 000 0000",
      }),
    );
    expect(link.origin + link.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      action: "TEMPLATE",
      text: "Discovery call & strategy",
      dates: "20261201T093000Z/20261201T100000Z",
      details: "Notes: https://agency.example/calls/abc123?x=1&y=2",
      location: "We call you on +234 803 000 0000",
    });
  });
});

describe("bookingUid", () => {
  it("is call-<id>@<domain>", () => {
    expect(bookingUid("42", "agency.example")).toBe("call-42@agency.example");
  });
});
