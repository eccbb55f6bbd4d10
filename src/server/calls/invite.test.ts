import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { callMailCopy } from "../../content/call-messages";
import { callsFunctionCopy } from "../../content/functions";
import {
  bookingUid,
  callInvitation,
  googleCalendarLink,
  inviteDescription,
  inviteOrganizer,
  type CallInviteFacts,
  type InviteSender,
} from "./invite";

const booking: CallInviteFacts = {
  bookingId: "7f3c9a2e-1b4d-4c8e-9f01-2a3b4c5d6e7f",
  sequence: 0,
  method: "REQUEST",
  start: new Date("2026-12-01T09:30:00Z"),
  end: new Date("2026-12-01T10:00:00Z"),
  place: "Phone: we call you on +234 803 000 0000",
  manageUrl: "https://agency.example/calls/manage#token=abcdefghijklmnopqrstuv",
  attendee: { name: 'Ada "Dee" Obi-Okafor, Ltd', email: "ada@example.com" },
  stamp: new Date("2026-11-26T17:00:00Z"),
};

const sender: InviteSender = {
  origin: "https://agency.example",
  organizer: { name: "Agency Team", email: "hello@agency.example" },
};

/** The invitation read back by ical.js, as a calendar client would. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent")!;
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  const person = (name: string) => {
    const property = event.getFirstProperty(name)!;
    return {
      // The scheme's case is not significant (RFC 5545 3.3.13).
      address: String(property.getFirstValue()).replace(/^mailto:/i, "mailto:"),
      cn: property.getParameter("cn"),
      rsvp: property.getParameter("rsvp") ?? null,
      partstat: property.getParameter("partstat") ?? null,
      role: property.getParameter("role") ?? null,
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
    organizers: event.getAllProperties("organizer").length,
    attendees: event.getAllProperties("attendee").length,
  };
}

/** The lines as a client reads them: CRLF-separated, each at most 75 octets (RFC 5545 3.1). */
function octetsPerLine(text: string): number[] {
  expect(text).not.toMatch(/[^\r]\n/);
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((line) => new TextEncoder().encode(line).length);
}

describe("callInvitation", () => {
  it.each([
    { method: "REQUEST" as const, sequence: 0, status: "CONFIRMED", rsvp: "TRUE" },
    { method: "CANCEL" as const, sequence: 2, status: "CANCELLED", rsvp: "FALSE" },
  ])("$method: method, uid, sequence, times, people and status read back", ({ method, sequence, status, rsvp }) => {
    const text = callInvitation({ ...booking, method, sequence }, sender);
    expect(parse(text)).toEqual({
      method,
      events: 1,
      uid: "call-7f3c9a2e-1b4d-4c8e-9f01-2a3b4c5d6e7f@agency.example",
      sequence,
      status,
      summary: callsFunctionCopy.invite.title,
      description: `${callsFunctionCopy.invite.description}\n\n${callMailCopy.manageButton}: ${booking.manageUrl}`,
      location: booking.place,
      url: booking.manageUrl,
      start: "2026-12-01T09:30:00.000Z",
      end: "2026-12-01T10:00:00.000Z",
      stamp: "2026-11-26T17:00:00.000Z",
      organizer: { address: "mailto:hello@agency.example", cn: "Agency Team", rsvp: null, partstat: null, role: null },
      // The name's quotes survive as RFC 6868 carets, and read back as typed.
      attendee: {
        address: "mailto:ada@example.com",
        cn: 'Ada "Dee" Obi-Okafor, Ltd',
        rsvp,
        partstat: "NEEDS-ACTION",
        role: "REQ-PARTICIPANT",
      },
      organizers: 1,
      attendees: 1,
    });
  });

  it("writes METHOD on the calendar, times in UTC, and CRLF lines of at most 75 octets", () => {
    const text = callInvitation(booking, sender);
    const lines = text.split("\r\n");
    expect(lines.indexOf("METHOD:REQUEST")).toBeGreaterThan(lines.indexOf("BEGIN:VCALENDAR"));
    expect(lines.indexOf("METHOD:REQUEST")).toBeLessThan(lines.indexOf("BEGIN:VEVENT"));
    expect(lines).toContain("DTSTART:20261201T093000Z");
    expect(lines).toContain("DTEND:20261201T100000Z");
    expect(lines).toContain("PRODID:-//agency-site//discovery calls//EN");
    for (const octets of octetsPerLine(text)) expect(octets).toBeLessThanOrEqual(75);
  });

  it("folds a Yoruba name by octets, never inside a character, and it reads back whole", () => {
    const name = "Adébáyọ̀ Ọ̀ṣúnkẹ́mi-Àjàyí Olúwadámiláre Ẹ̀bùnolúwa";
    const text = callInvitation({ ...booking, attendee: { name, email: "ade@example.com" } }, sender);
    const octets = octetsPerLine(text);
    for (const count of octets) expect(count).toBeLessThanOrEqual(75);
    // The name is long enough to be folded, and each folded line still decodes as UTF-8.
    expect(text).toMatch(/\r\n /);
    for (const line of text.split("\r\n")) expect(line).not.toContain("\uFFFD");
    expect(parse(text).attendee.cn).toBe(name);
  });

  it("writes ROLE, PARTSTAT and RSVP unquoted, as RFC 5545's grammar has them", () => {
    const unfolded = callInvitation(booking, sender).replace(/\r\n /g, "");
    expect(unfolded).toMatch(/^ATTENDEE;.*ROLE=REQ-PARTICIPANT[;:]/m);
    expect(unfolded).toMatch(/^ATTENDEE;.*PARTSTAT=NEEDS-ACTION[;:]/m);
    expect(unfolded).toMatch(/^ATTENDEE;.*RSVP=TRUE[;:]/m);
  });

  it("keeps a line break typed in a name out of the calendar's structure", () => {
    const text = callInvitation(
      { ...booking, attendee: { name: "Ada\r\nATTENDEE:mailto:evil@example.com\nObi", email: "ada@example.com" } },
      sender,
    );
    const read = parse(text);
    expect(read.attendees).toBe(1);
    expect(read.attendee.address).toBe("mailto:ada@example.com");
    expect(read.attendee.cn).toBe("Ada ATTENDEE:mailto:evil@example.com Obi");
    expect(text).not.toMatch(/\r\nATTENDEE:mailto:evil/);
  });

  it("puts the Meet link in LOCATION, and the call's page in the description and URL", () => {
    const place = callMailCopy.place.google_meet_link("https://meet.google.com/abc-defg-hij");
    const read = parse(callInvitation({ ...booking, place }, sender));
    expect(read.location).toBe("Google Meet: https://meet.google.com/abc-defg-hij");
    expect(read.description).toBe(inviteDescription(booking.manageUrl));
    expect(read.url).toBe(booking.manageUrl);
  });

  it("keeps the UID across the invitation and its cancellation", () => {
    const request = parse(callInvitation(booking, sender));
    const cancel = parse(callInvitation({ ...booking, method: "CANCEL", sequence: 1 }, sender));
    expect(cancel.uid).toBe(request.uid);
  });

  it("refuses an address that is not one", () => {
    expect(() =>
      callInvitation({ ...booking, attendee: { name: "X", email: "x@example.com\r\nATTENDEE:evil" } }, sender),
    ).toThrow(RangeError);
  });
});

describe("inviteOrganizer", () => {
  it("is the agency at the address the e-mails come from, else the contact address", () => {
    const organizer = inviteOrganizer({
      contactEmail: "hello@agency.example",
      messages: { mailFrom: "Ascend Digital <calls@agency.example>" } as never,
    });
    expect(organizer.email).toBe("calls@agency.example");
    expect(inviteOrganizer({ contactEmail: "hello@agency.example", messages: { mailFrom: "" } as never }).email).toBe(
      "hello@agency.example",
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
