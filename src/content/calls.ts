/**
 * Copy of discovery-call booking: why a time cannot be booked, and how a booked time is told to the
 * visitor. src/lib/calls takes these as arguments (lib imports no content): `slotRefusalMessages`
 * is the `RefusalMessages` of src/lib/calls/slots.ts, `callTimeCopy` the `CallTimeCopy` of
 * src/lib/calls/display.ts, so a missing reason or line is a type error where they are passed.
 */

/** One message per reason src/lib/calls/slots.ts's `checkSlot` refuses a time for. */
export const slotRefusalMessages = {
  invalid: "We couldn't read that time. Please pick one from the list.",
  past: "That time has already passed. Please pick another.",
  notice: "That time is too soon for us to prepare. Please pick a later one.",
  horizon: "We don't take bookings that far ahead yet. Please pick an earlier time.",
  "day-off": "We're not taking calls that day. Please pick another day.",
  "outside-hours": "That time is outside our calling hours. Please pick one from the list.",
  "off-grid": "Calls start at the times in the list. Please pick one of them.",
  "day-cap": "That day is fully booked. Please pick another day.",
  taken: "Someone has just booked that time. Please pick another.",
  busy: "That time is no longer free. Please pick another.",
} as const;

/** How a call's time is shown: the visitor's zone first, the agency's beside it when they differ. */
export const callTimeCopy = {
  /** Month and weekday names come from this locale; times are shown on the 24-hour clock. */
  locale: "en-GB",
  /** "Tuesday 2 December" */
  dayLabel: (weekday: string, day: string, month: string) => `${weekday} ${day} ${month}`,
  /** "Tuesday 2 December, 10:30" */
  moment: (dayLabel: string, time: string) => `${dayLabel}, ${time}`,
  /** "Lagos time", from the zone's city ("Africa/Accra" gives "Accra"). */
  zoneLabel: (city: string) => `${city} time`,
  /** Beside a slot shown in the visitor's zone: "09:30 Lagos". */
  agencyTime: (time: string, city: string) => `${time} ${city}`,
  /** "You're booked in for Tuesday 2 December, 10:30 (Lagos time)" */
  confirmation: (moment: string, zoneLabel: string) => `You're booked in for ${moment} (${zoneLabel})`,
  /** "You're booked in for Tuesday 2 December, 09:30 (London time) — 10:30 in Lagos" */
  confirmationBothZones: (moment: string, zoneLabel: string, agencyMoment: string, agencyCity: string) =>
    `You're booked in for ${moment} (${zoneLabel}) — ${agencyMoment} in ${agencyCity}`,
} as const;
