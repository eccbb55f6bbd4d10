import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server that catches every message sent to it, for development and tests only (the
 * Inbucket/Mailpit of Supabase's own local stack): the dev and preview servers start it when no
 * SMTP_URL or SMTP_HOST is configured and point the functions' mail at it (see
 * functions-plugin.ts); `/__local/mail` shows what it caught (mail-page.ts).
 *
 * It listens on 127.0.0.1 only, asks for no authentication and no TLS (nothing leaves the machine),
 * refuses messages over MAX_MESSAGE_BYTES, parses each with mailparser and keeps the newest
 * MAX_KEPT in memory.
 */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;
export const MAX_KEPT = 200;

export interface CaughtMail {
  /** The mailbox's own id, for the page's links (not the Message-ID). */
  id: string;
  receivedAt: string;
  /** The SMTP envelope: who the client said it was from and whom it delivered to (Bcc included). */
  envelope: { from: string | null; to: string[] };
  from: string | null;
  to: string[];
  cc: string[];
  replyTo: string | null;
  subject: string | null;
  date: string | null;
  messageId: string | null;
  /** Header names in lower case; a repeated header's values joined by ", ". */
  headers: Record<string, string>;
  listId: string | null;
  text: string | null;
  html: string | null;
  /** The calendar invitation (a text/calendar part, e.g. nodemailer's icalEvent): its METHOD and text. */
  calendar: { method: string | null; content: string } | null;
  /** The files attached (an accepted proposal's PDF), the calendar part left out. */
  attachments: { filename: string | null; contentType: string; content: Buffer }[];
}

export interface Mailbox {
  port: number;
  /** Caught messages, newest first. */
  messages(): CaughtMail[];
  /**
   * The caught messages that `match` (newest first) once there are at least `count` of them: at once
   * when they are already here, else when the last one arrives; rejects after `timeoutMs`.
   */
  waitFor(match: (mail: CaughtMail) => boolean, count?: number, timeoutMs?: number): Promise<CaughtMail[]>;
  clear(): void;
  close(): Promise<void>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) =>
    group.value.map((entry) => entry.address ?? entry.name).filter((value): value is string => Boolean(value)),
  );
}

/** "Name <address>" (or the bare address) for each mailbox in an address header, as a person reads it. */
function displayed(field: AddressObject | AddressObject[] | undefined): string | null {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  const entries = list
    .flatMap((group) => group.value)
    .map((entry) => (entry.name && entry.address ? `${entry.name} <${entry.address}>` : (entry.address ?? entry.name)));
  return entries.length ? entries.join(", ") : null;
}

function headerText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(headerText).join(", ");
  if (typeof value === "object") {
    const object = value as { text?: unknown; value?: unknown; params?: unknown };
    if (typeof object.text === "string") return object.text;
    if (typeof object.value === "string") return object.value;
    return JSON.stringify(value);
  }
  return String(value);
}

/** The List-Id header as sent (mailparser turns it into an object; the raw line is in headerLines). */
function rawHeader(parsed: ParsedMail, name: string): string | null {
  const line = parsed.headerLines.find((entry) => entry.key === name)?.line;
  return line
    ? line
        .slice(line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim()
    : null;
}

/** mailparser keeps a text/calendar alternative among the attachments. */
function calendarPart(parsed: ParsedMail): CaughtMail["calendar"] {
  const part = parsed.attachments.find((attachment) => attachment.contentType === "text/calendar");
  if (!part) return null;
  const content = part.content.toString("utf8");
  return { method: /^METHOD:(.+)$/m.exec(content)?.[1]?.trim() ?? null, content };
}

function toCaught(parsed: ParsedMail, envelope: CaughtMail["envelope"]): CaughtMail {
  const headers: Record<string, string> = {};
  for (const [name, value] of parsed.headers) headers[name] = headerText(value);
  for (const name of ["list-id", "list-unsubscribe", "message-id", "in-reply-to", "references"]) {
    const raw = rawHeader(parsed, name);
    if (raw !== null) headers[name] = raw;
  }
  return {
    id: randomUUID(),
    receivedAt: new Date().toISOString(),
    envelope,
    from: displayed(parsed.from),
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    replyTo: displayed(parsed.replyTo),
    subject: parsed.subject ?? null,
    date: parsed.date?.toISOString() ?? null,
    messageId: parsed.messageId ?? null,
    headers,
    listId: headers["list-id"] ?? null,
    text: parsed.text ?? null,
    html: typeof parsed.html === "string" ? parsed.html : null,
    calendar: calendarPart(parsed),
    attachments: parsed.attachments
      .filter((attachment) => attachment.contentType !== "text/calendar")
      .map((attachment) => ({
        filename: attachment.filename ?? null,
        contentType: attachment.contentType,
        content: attachment.content,
      })),
  };
}

export interface MailboxOptions {
  /** 0 or unset: a free port. */
  port?: number;
  /** Let the process exit while the mailbox listens (the dev server's mailbox outlives its restarts). */
  unref?: boolean;
}

export async function startMailbox(options: MailboxOptions = {}): Promise<Mailbox> {
  let caught: CaughtMail[] = [];
  /** Told of every message caught (waitFor's waiters). */
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    banner: "Local mailbox (development only: nothing is delivered)",
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        if (stream.sizeExceeded) {
          callback(
            Object.assign(new Error(`Message too large (at most ${MAX_MESSAGE_BYTES} bytes)`), { responseCode: 552 }),
          );
          return;
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((entry) => entry.address),
        };
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            caught = [toCaught(parsed, envelope), ...caught].slice(0, MAX_KEPT);
            callback();
            for (const listener of [...listeners]) listener();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  // A client that drops the connection is not the mailbox's problem; keep serving.
  server.on("error", () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  if (options.unref) server.server.unref();
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages: () => caught.slice(),
    waitFor: (match, count = 1, timeoutMs = 5_000) =>
      new Promise<CaughtMail[]>((resolve, reject) => {
        const check = () => {
          const found = caught.filter(match);
          if (found.length < count) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(`The mailbox caught ${caught.filter(match).length} of ${count} messages in ${timeoutMs} ms`),
          );
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    clear: () => {
      caught = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
