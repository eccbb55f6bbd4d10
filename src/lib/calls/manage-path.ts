/**
 * The path of a booking's own page (reschedule, cancel), alone in its module: the route table, in
 * every page's entry, imports it, and must not carry the rest of links.ts with it.
 */
export const MANAGE_CALL_PATH = "/calls/manage";
