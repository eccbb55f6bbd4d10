/**
 * The tokens of discovery calls, 128 bits each, stored only as their SHA-256 (hex): the database,
 * its backups and its logs never hold one, and a lookup compares hashes.
 * - The lead booking token the contact function's answer carries: random, shown once.
 * - A booking's manage token (reschedule, cancel, the .ics): the first 128 bits of
 *   HMAC-SHA256(CALLS_TOKEN_SECRET, booking id). Unpredictable without the key, like random bits,
 *   but the server can derive it again: the confirmation and the reminders (the outbox, hours or days
 *   later) must carry the link, and the database cannot give back what it only holds a hash of.
 *   Changing the key ends every link already sent; a link also dies with its call's end or cancellation.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import type { DbClient } from "../supabase.js";

/** 16 random bytes, base64url: 22 characters. */
export function newToken(): string {
  return randomBytes(16).toString("base64url");
}

/** The manage token of booking `bookingId`. */
export function manageTokenFor(bookingId: string, secret: string): string {
  return createHmac("sha256", secret).update(`call-manage:${bookingId}`).digest().subarray(0, 16).toString("base64url");
}

/**
 * The confirmation token of booking `bookingId`: the link of the e-mail that makes a held booking
 * live (20261129120000_bookings_prove_a_person.sql). Derived as the manage token is, under a label of
 * its own, so the outbox's e-mail can carry it; never in the booking's answer, so only whoever reads
 * the mailbox can confirm.
 */
export function confirmTokenFor(bookingId: string, secret: string): string {
  return createHmac("sha256", secret)
    .update(`call-confirm:${bookingId}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** Whether `value` could be a token at all (anything else is refused before any lookup). */
export function isTokenShape(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{22}$/.test(value);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A lead booking token for `leadId`, just stored by the contact function: /thank-you books one call
 * with it within two hours, without asking again who the visitor is. Null (and logged) when it could
 * not be stored: the enquiry stands, the visitor books on /book instead.
 */
export async function issueLeadBookingToken(db: DbClient, leadId: string): Promise<string | null> {
  const token = newToken();
  const { error } = await db.rpc("issue_call_lead_token", { lead: leadId, token_hash: hashToken(token) });
  if (error) {
    console.error("calls: the lead booking token could not be stored:", error.code ?? "", error.message);
    return null;
  }
  return token;
}
