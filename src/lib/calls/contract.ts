/**
 * The contract of /api/calls, written once: what each request sends and each answer holds. The
 * function (src/server/calls) and the pages (src/features/calls) both import it type-only, so it
 * costs the pages no bytes; the handler's doc comment says when each status is answered.
 */

/** Where calls happen; the admin chooses the kind (call_settings). */
export type PlaceKind = "google_meet" | "video_link" | "phone";

export interface CallPlace {
  kind: PlaceKind;
  label: string;
  /** The agency's fixed meeting room, for `video_link`. */
  url?: string;
}

/** GET ?view=slots */
export interface SlotList {
  /** The agency's zone; the page shows times in the visitor's. */
  timeZone: string;
  callMinutes: number;
  /** Free start times, ISO and UTC, from now to the horizon. */
  slots: string[];
  place: CallPlace;
}

/** A booking as every answer about one carries it: `{ booking }`. */
export interface Booking {
  id: string;
  start: string;
  end: string;
  status: string;
  /** The visitor's zone. */
  timeZone: string;
  place: CallPlace;
  sequence: number;
  /** A new booking's answer: the hold ends then unless the e-mail's link confirms it. */
  holdExpiresAt?: string;
  /** Only in the answer to a confirmation: the token of the manage links. */
  manageToken?: string;
}

export interface BookingAnswer {
  booking: Booking;
}

/** Every refusal: the message to show, and what the page may act on. */
export interface RefusalBody {
  message: string;
  /** A slot rule, `challenge`, `person-cap`, `moves`, `daily-messages` or `confirm-expired`. */
  reason?: string;
  /** The lead's answer refused: name, email or phone. */
  field?: string;
  /** 409: free times near the one just taken. */
  nearest?: string[];
  /** 409 on /book: the lead is stored; book again with this. */
  leadToken?: string;
}

/** What identifies the visitor: the token of an enquiry just sent (/thank-you), or their details (/book). */
export type Booker =
  | { leadToken: string }
  | {
      name: string;
      email: string;
      phone?: string;
      website: string;
      elapsedMs: number;
      attribution?: unknown;
      /** The solved challenge (lib/calls/challenge.ts). */
      challenge: string;
    };

/** The bodies POST /api/calls takes; the manage token travels in them, never in a URL. */
export type CallsRequest =
  | ({ action?: "book"; start: string; timeZone: string } & Booker)
  | { action: "confirm"; token: string }
  | { action: "view"; token: string }
  | { action: "invitation"; token: string }
  | { action: "reschedule"; token: string; start: string; timeZone: string }
  | { action: "cancel"; token: string; note?: string };
