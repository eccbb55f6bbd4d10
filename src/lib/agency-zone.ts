/**
 * The agency's time zone: its hours and calls, its calendar, and every time shown to the team. The
 * one place it is written; Lagos wall-clock time is computed in lagos-time.ts. A module of its own,
 * with nothing else in it, so that a public page importing it pays a few bytes only.
 */
export const AGENCY_TIME_ZONE = "Africa/Lagos";
