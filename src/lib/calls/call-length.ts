/**
 * A discovery call's length until the admin sets another (call_settings.call_minutes). A module of
 * its own so that /book's picker can name it before the free times arrive without importing the
 * slot rules (slots.ts) into the page.
 */
export const DEFAULT_CALL_MINUTES = 30;
