/**
 * Copy of the visitor's side of discovery calls: the time picker (/thank-you, /book), the booking
 * form of /book, the confirmation, and the booking's own page (/calls/manage). How a time reads is
 * content/calls.ts's `callTimeCopy`; why a time is refused comes from the function's answer.
 */
import { AGENCY_TIME_ZONE } from "../lib/agency-zone";

/** The zones offered in the picker's select, besides the one the browser reports. */
export const commonTimeZones = [
  { zone: AGENCY_TIME_ZONE, label: "Lagos, Abuja (WAT)" },
  { zone: "Africa/Accra", label: "Accra (GMT)" },
  { zone: "Africa/Nairobi", label: "Nairobi (EAT)" },
  { zone: "Africa/Johannesburg", label: "Johannesburg (SAST)" },
  { zone: "Africa/Cairo", label: "Cairo" },
  { zone: "Europe/London", label: "London" },
  { zone: "Europe/Paris", label: "Paris, Berlin" },
  { zone: "Asia/Dubai", label: "Dubai" },
  { zone: "America/New_York", label: "New York, Toronto" },
  { zone: "America/Chicago", label: "Chicago" },
  { zone: "America/Los_Angeles", label: "Los Angeles" },
] as const;

export const pickerCopy = {
  heading: "Pick a time for your free discovery call",
  intro: (minutes: number) => `A ${minutes}-minute call about your goals. Times are shown in your time zone.`,
  zoneLabel: "Your time zone",
  detectedZone: (zone: string) => `${zone} (detected)`,
  loading: "Loading free times…",
  times: (dayLabel: string) => `Times on ${dayLabel}`,
  /** The agency's time beside a slot, for screen readers too. */
  confirm: (moment: string) => `Book ${moment}`,
  booking: "Booking…",
  chooseFirst: "Choose a time above",
  change: "Choose another time",
  empty: {
    heading: "No free times in the next two weeks",
    body: "Our calendar is full for now. Send us a message or chat on WhatsApp and we'll find a time with you.",
  },
  failed: {
    heading: "We couldn't load the free times",
    body: "Please check your connection and try again, or reach us on WhatsApp.",
    retry: "Try again",
  },
  taken: {
    nearest: "These times nearby are still free:",
  },
  network: "We couldn't reach our server. Please check your connection and try again.",
  server: "Something went wrong on our side. Please try again in a minute, or email or WhatsApp us.",
  contact: "Send us a message",
  whatsapp: "Chat on WhatsApp",
} as const;

/** A new booking is held until the link of its e-mail confirms it (issue 43). */
export const pendingCopy = {
  heading: "Check your e-mail to confirm within 15 minutes",
  held: (moment: string) => `We are holding ${moment} for you.`,
  body: "We've sent you an e-mail with a button to confirm the call. Press it within 15 minutes: until then nobody else can take this time, and after that it is released.",
  notArrived: "Nothing yet? Look in your spam or promotions folder. If the time is released, you can book again.",
  /** The check could not be fetched or solved. */
  checkFailed: "We could not check your browser. Please reload the page and try again.",
} as const;

export const confirmCopy = {
  confirming: "Confirming your call…",
  confirmed: "Your call is confirmed. We've e-mailed you the invitation.",
  expiredHeading: "This confirmation link has expired",
  expiredBody: "An unconfirmed booking is held for 15 minutes, then its time is released. Please book again.",
} as const;

export const confirmationCopy = {
  /** Shown when the call is booked; the line itself is callTimeCopy.confirmation. */
  where: "Where",
  invitation: "We've e-mailed you the invitation. Add it to your calendar now:",
  ics: "Add to calendar (.ics)",
  google: "Add to Google Calendar",
  manage: "Reschedule or cancel",
} as const;

export const bookCopy = {
  seo: {
    title: "Book a Free Discovery Call | Ascend Digital",
    description:
      "Pick a time for a free, no-obligation discovery call with Ascend Digital about your website, CRM or ads.",
  },
  eyebrow: "Free discovery call",
  heading: "Book a free discovery call",
  intro:
    "Thirty minutes with our team about your goals, your current setup and what would move the needle. No obligation.",
  detailsLegend: "Your details",
  phoneHint: "We'll call you on this number.",
  /** Without script: the picker needs it. */
  noScript:
    "Booking a time needs JavaScript, which is off in this browser. You can still reach us: send us a message or chat on WhatsApp and we'll arrange the call with you.",
} as const;

export const manageCopy = {
  seo: {
    title: "Your Discovery Call | Ascend Digital",
    description: "See, move or cancel your discovery call with Ascend Digital.",
  },
  heading: "Your discovery call",
  loading: "Loading your booking…",
  booked: (moment: string) => `Booked for ${moment}`,
  reschedule: "Reschedule",
  rescheduleHeading: "Pick a new time",
  keep: "Keep this time",
  cancel: "Cancel the call",
  cancelHeading: "Cancel this call?",
  noteLabel: "Anything you'd like us to know? (optional)",
  confirmCancel: "Yes, cancel the call",
  cancelling: "Cancelling…",
  cancelled: "Your call is cancelled. We've let the team know.",
  moved: "Your call has been moved.",
  invalid: "This link is no longer valid.",
  invalidBody: "The call may have been cancelled or already taken place. You can book a new one.",
  bookAgain: "Book a new call",
  noScript: "This page needs JavaScript to show your booking. Reply to your confirmation e-mail to change the call.",
} as const;
