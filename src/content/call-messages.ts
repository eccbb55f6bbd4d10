import { site } from "./site.js";

/**
 * The e-mails a discovery call sends (src/server/calls/mail.ts): the visitor's confirmation, the
 * new time after a move, the cancellation, the reminders a day and an hour before, and the team's
 * notice of a new booking. Each carries the time in the visitor's zone with Lagos's beside it
 * (src/lib/calls/display.ts, content/calls.ts's callTimeCopy) and, for the visitor, the invitation.
 */
export const callMailCopy = {
  /** The first e-mail of a booking: its link makes the held time a booked call. */
  confirm_request: {
    subject: (moment: string) => `Confirm your discovery call: ${moment}`,
    preview: "One click to confirm your call: we hold the time for 15 minutes.",
    heading: (firstName: string) => `Please confirm your call, ${firstName}`,
    intro:
      "We are holding the time below for you. Press the button within 15 minutes to confirm it: until then nobody else can take it, and after that it is released.",
    button: "Confirm my call",
    notYou: "Did not book a call with us? Ignore this e-mail: nothing is booked unless the button is pressed.",
  },
  confirmation: {
    subject: (moment: string) => `Your discovery call is booked: ${moment}`,
    preview: "Your call is booked. The invitation is attached.",
    heading: (firstName: string) => `You're booked in, ${firstName}`,
    intro: `Thank you for booking a free discovery call with ${site.name}. We look forward to hearing about your business and your goals.`,
  },
  reschedule: {
    subject: (moment: string) => `Your discovery call has moved: ${moment}`,
    preview: "Your call has a new time. The updated invitation is attached.",
    heading: (firstName: string) => `Your call has a new time, ${firstName}`,
    intro: "Your discovery call has moved to the time below. Your calendar updates when you open the invitation.",
  },
  cancellation: {
    subject: "Your discovery call is cancelled",
    preview: "Your call is cancelled, and its time is free again.",
    heading: (firstName: string) => `Your call is cancelled, ${firstName}`,
    intro: "Your discovery call below is cancelled. Opening this e-mail's invitation removes it from your calendar.",
    bookAgain: "Book another time",
  },
  reminder_24h: {
    subject: (moment: string) => `Reminder: your discovery call is tomorrow, ${moment}`,
    preview: "Your call with us is tomorrow.",
    heading: (firstName: string) => `See you tomorrow, ${firstName}`,
    intro: "A reminder of your free discovery call with us tomorrow.",
  },
  reminder_1h: {
    subject: (moment: string) => `Your discovery call starts in an hour: ${moment}`,
    preview: "Your call with us starts in an hour.",
    heading: (firstName: string) => `See you in an hour, ${firstName}`,
    intro: "Your free discovery call with us starts in about an hour.",
  },
  facts: {
    when: "When",
    length: "Length",
    minutes: (minutes: number) => `${minutes} minutes`,
    where: "Where",
  },
  manageHeading: "Need another time?",
  manage: "You can move or cancel the call yourself, up to its start:",
  manageButton: "Reschedule or cancel",
  addToGoogle: "Add to Google Calendar",
  prepare:
    "To make the most of it, have a look at a few websites you like and think about what you want more of: leads, sales, bookings.",
  signOff: "Warm regards,",
  signature: `The ${site.name} team`,
  whyReceived: "You receive this e-mail because you booked a discovery call on our website.",
  /** Where the call happens, by the admin's choice (call_settings.place_kind). */
  place: {
    google_meet: "Google Meet: we send the link before the call",
    google_meet_link: (url: string) => `Google Meet: ${url}`,
    video_link: (url: string) => `Video call: ${url}`,
    phone: (phone: string | null) =>
      phone ? `Phone: we call you on ${phone}` : "Phone: we call the number you gave us",
  },
  team: {
    subject: (name: string, moment: string) => `Call booked: ${name}, ${moment}`,
    preview: (name: string) => `${name} booked a discovery call.`,
    heading: "A discovery call was booked",
    intro: (name: string) => `${name} booked a discovery call on the website. Press Reply to write to them.`,
    fields: {
      name: "Name",
      email: "E-mail",
      phone: "Phone",
      when: "When (Lagos)",
      visitorZone: "Their time zone",
      bookedFrom: "Booked from",
      source: "Lead source",
      campaign: "Campaign",
    },
    bookedFrom: { book_page: "the booking page (/book)", thank_you: "the thank-you page, after an enquiry" },
    none: "—",
    openLead: "Open the lead in the admin",
  },
  /** The event in the agency's Google Calendar (src/server/calls/google-calendar.ts). */
  calendarEvent: {
    summary: (name: string) => `Discovery call: ${name}`,
    /** For the agency's eyes: the visitor is no guest of this event (google-calendar.ts). */
    description: (who: { name: string; email: string; phone: string | null }, adminLeadUrl: string) =>
      [
        `Booked on the website by ${who.name} <${who.email}>${who.phone ? `, ${who.phone}` : ""}.`,
        `The lead: ${adminLeadUrl}`,
      ].join("\n"),
  },
  /** The agency's subscribed .ics feed (src/server/calls/feed.ts). */
  feed: {
    name: `${site.name} discovery calls`,
    summary: (name: string) => `Discovery call: ${name}`,
  },
} as const;
