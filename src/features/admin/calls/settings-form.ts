/**
 * The Calls settings form as plain data: its values (as typed), their checks (the same bounds as the
 * columns' check constraints, windows in order and apart), what they mean for src/lib/calls/slots.ts
 * (the preview), what is saved, and the sentence for each refusal the database may still give.
 */
import { callsAdminCopy } from "../../../content/calls-admin";
import type { Availability } from "../../../lib/calls/slots";
import type { CallAvailability, CallAvailabilityInput, CallPlaceKind } from "../data/calls";
import { AGENCY_TIME_ZONE } from "../../../lib/agency-zone";

const copy = callsAdminCopy.settings;

export interface WindowDraft {
  /** React's key: stays while the window is edited. */
  key: string;
  start: string;
  end: string;
}

export interface SettingsDraft {
  /** Index 0 Sunday … 6 Saturday. */
  week: WindowDraft[][];
  callMinutes: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  minNoticeHours: string;
  horizonDays: string;
  maxPerDay: string;
  placeKind: CallPlaceKind;
  videoLinkUrl: string;
}

export type NumberField =
  "callMinutes" | "bufferBeforeMinutes" | "bufferAfterMinutes" | "minNoticeHours" | "horizonDays" | "maxPerDay";

/** The bounds of each number: the columns' check constraints (20261126200000_discovery_calls.sql). */
const NUMBER_BOUNDS: Record<NumberField, { min: number; max: number }> = {
  callMinutes: { min: 10, max: 240 },
  bufferBeforeMinutes: { min: 0, max: 120 },
  bufferAfterMinutes: { min: 0, max: 120 },
  minNoticeHours: { min: 0, max: 720 },
  horizonDays: { min: 1, max: 365 },
  maxPerDay: { min: 1, max: 50 },
};

let nextKey = 0;
const windowKey = () => `window-${(nextKey += 1)}`;

export function draftOf({ settings, windows }: CallAvailability): SettingsDraft {
  const week: WindowDraft[][] = Array.from({ length: 7 }, () => []);
  for (const window of windows) week[window.weekday]?.push({ key: windowKey(), start: window.start, end: window.end });
  return {
    week,
    callMinutes: String(settings.call_minutes),
    bufferBeforeMinutes: String(settings.buffer_before_minutes),
    bufferAfterMinutes: String(settings.buffer_after_minutes),
    minNoticeHours: String(settings.min_notice_hours),
    horizonDays: String(settings.horizon_days),
    maxPerDay: settings.max_per_day === null ? "" : String(settings.max_per_day),
    placeKind: settings.place_kind,
    videoLinkUrl: settings.video_link_url ?? "",
  };
}

/** Minutes after midnight of "HH:MM". */
const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** A window added to a day: from its last one's end, an hour long within the day, else 09:00–17:00. */
export function newWindow(day: WindowDraft[]): WindowDraft {
  const last = day[day.length - 1];
  if (!last) return { key: windowKey(), start: "09:00", end: "17:00" };
  const start = minutesOf(last.end);
  const end = Math.min(start + 60, 23 * 60 + 59);
  const hhmm = (value: number) =>
    `${String(Math.floor(value / 60)).padStart(2, "0")}:${String(value % 60).padStart(2, "0")}`;
  return { key: windowKey(), start: hhmm(start), end: hhmm(end) };
}

export interface DraftErrors {
  numbers: Partial<Record<NumberField, string>>;
  /** By window key. */
  windows: Record<string, string>;
  videoLinkUrl?: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const HTTPS = /^https:\/\/[^\s/?#]+(\/\S*)?$/;

function numberError(field: NumberField, value: string): string | undefined {
  if (field === "maxPerDay" && value.trim() === "") return undefined;
  const { min, max } = NUMBER_BOUNDS[field];
  const number = Number(value);
  return /^\d+$/.test(value.trim()) && number >= min && number <= max ? undefined : copy.numberError(min, max);
}

/** What is wrong with the draft; nothing when every list is empty. */
export function checkDraft(draft: SettingsDraft): DraftErrors {
  const errors: DraftErrors = { numbers: {}, windows: {} };
  for (const field of Object.keys(NUMBER_BOUNDS) as NumberField[]) {
    const error = numberError(field, draft[field]);
    if (error) errors.numbers[field] = error;
  }
  for (const day of draft.week) {
    for (const window of day) {
      if (!TIME.test(window.start) || !TIME.test(window.end) || minutesOf(window.start) >= minutesOf(window.end))
        errors.windows[window.key] = copy.orderError;
    }
    const ordered = day
      .filter((window) => !errors.windows[window.key])
      .sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    ordered.forEach((window, index) => {
      const before = ordered[index - 1];
      if (before && minutesOf(window.start) < minutesOf(before.end)) errors.windows[window.key] = copy.overlapError;
    });
  }
  if (draft.placeKind === "video_link" && !HTTPS.test(draft.videoLinkUrl.trim()))
    errors.videoLinkUrl = copy.videoLinkError;
  return errors;
}

export function hasErrors(errors: DraftErrors): boolean {
  return (
    Object.keys(errors.numbers).length > 0 || Object.keys(errors.windows).length > 0 || Boolean(errors.videoLinkUrl)
  );
}

/** What save_call_availability takes. */
export function inputOf(draft: SettingsDraft): CallAvailabilityInput {
  return {
    callMinutes: Number(draft.callMinutes),
    bufferBeforeMinutes: Number(draft.bufferBeforeMinutes),
    bufferAfterMinutes: Number(draft.bufferAfterMinutes),
    minNoticeHours: Number(draft.minNoticeHours),
    horizonDays: Number(draft.horizonDays),
    maxPerDay: draft.maxPerDay.trim() === "" ? null : Number(draft.maxPerDay),
    placeKind: draft.placeKind,
    videoLinkUrl: draft.videoLinkUrl.trim(),
    windows: draft.week.flatMap((day, weekday) => day.map(({ start, end }) => ({ weekday, start, end }))),
  };
}

/** The draft as slots.ts's availability, for the preview (the saved slot step; days off as saved). */
export function availabilityOf(draft: SettingsDraft, slotStepMinutes: number, daysOff: string[]): Availability {
  const input = inputOf(draft);
  return {
    timeZone: AGENCY_TIME_ZONE,
    weeklyHours: draft.week.map((day) => day.map(({ start, end }) => ({ start, end }))),
    callMinutes: input.callMinutes,
    slotStepMinutes,
    bufferBeforeMinutes: input.bufferBeforeMinutes,
    bufferAfterMinutes: input.bufferAfterMinutes,
    minNoticeHours: input.minNoticeHours,
    horizonDays: input.horizonDays,
    maxPerDay: input.maxPerDay,
    daysOff,
  };
}

/**
 * The sentence for a save the database refused (PostgREST's error: code and message): an overlap
 * (the exclusion constraint), a window out of order or a bad link (check constraints), a value out of
 * bounds, or no right to change the settings (RLS: an admin without the second factor). Else null:
 * the caller shows the error's own message.
 */
export function settingsRefusal(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, message = "" } = error as { code?: string; message?: string };
  if (code === "23P01") return copy.refusals.overlap;
  if (code === "42501") return copy.refusals.denied;
  // A window that ends before it starts breaks its generated week range before the check is read.
  if (code === "22000" && message.includes("range lower bound")) return copy.refusals.order;
  if (code === "23514") {
    if (message.includes("call_weekly_hours_order_check")) return copy.refusals.order;
    if (message.includes("video_link")) return copy.refusals.videoLink;
    return copy.refusals.range;
  }
  return null;
}
