import type { CaughtMail, Mailbox } from "./mailbox.ts";
import type { WebHandler } from "./node-http.ts";
import { escapeHtml, localPage } from "./local-page.ts";

/**
 * The local mailbox's pages (development only), served by the dev and preview servers:
 * - `GET /__local/mail`: what it caught, newest first (from, to, subject, time), and one message
 *   (`?id=`, else the newest) with its headers, its HTML part in a sandboxed frame and its text part;
 * - `GET /__local/mail/<id>.html`: that HTML part alone, under a CSP that runs no script, loads
 *   nothing but images and inline styles, and sandboxes the document (links open in a new tab);
 * - `GET /__local/mail.json`: the messages as JSON, for tests;
 * - `POST /__local/mail/clear`: empties the mailbox.
 */
export const MAIL_PAGE_PATH = "/__local/mail";

/** The caught HTML is the visitor's input rendered by our templates: show it, never let it act. */
const CAUGHT_HTML_CSP =
  "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'; font-src data: https:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", connection: "close" },
  });

/** Escaped text whose http(s) links become links (the URL escaped in the attribute as in the text). */
function linkedText(text: string): string {
  return escapeHtml(text).replace(
    /https?:\/\/[^\s<>"']+/g,
    (url) => `<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`,
  );
}

const when = (iso: string) => new Date(iso).toISOString().replace("T", " ").slice(0, 19) + " UTC";

function listItem(path: string, mail: CaughtMail, current: boolean): string {
  return `<li class="card${current ? " current" : ""}"><a href="${path}?id=${encodeURIComponent(mail.id)}"${current ? ' aria-current="true"' : ""}>
<p class="meta">${escapeHtml(mail.from ?? "(no sender)")} → ${escapeHtml(mail.to.join(", ") || "(no recipient)")}</p>
<p class="subject">${escapeHtml(mail.subject ?? "(no subject)")}</p>
<p class="meta"><time datetime="${escapeHtml(mail.receivedAt)}">${escapeHtml(when(mail.receivedAt))}</time></p></a></li>`;
}

function messageView(path: string, mail: CaughtMail): string {
  const rows: [string, string | null][] = [
    ["From", mail.from],
    ["To", mail.to.join(", ")],
    ["Cc", mail.cc.join(", ") || null],
    ["Delivered to", mail.envelope.to.join(", ")],
    ["Reply-To", mail.replyTo],
    ["Date", mail.date],
    ["Message-ID", mail.messageId],
    ["List-Id", mail.listId],
  ];
  const facts = rows
    .filter((row): row is [string, string] => Boolean(row[1]))
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("");
  const html = mail.html
    ? `<h3>HTML</h3><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" src="${path}/${encodeURIComponent(mail.id)}.html" title="The HTML part of this message" loading="lazy"></iframe>`
    : '<h3>HTML</h3><p class="empty">No HTML part.</p>';
  const text = mail.text
    ? `<h3>Text</h3><pre>${linkedText(mail.text)}</pre>`
    : '<h3>Text</h3><p class="empty">No text part.</p>';
  const calendar = mail.calendar
    ? `<h3>Calendar invitation (${escapeHtml(mail.calendar.method ?? "no METHOD")})</h3><pre>${escapeHtml(mail.calendar.content)}</pre>`
    : "";
  return `<article class="message" aria-label="Message"><h2>${escapeHtml(mail.subject ?? "(no subject)")}</h2><dl>${facts}</dl>${html}${text}${calendar}</article>`;
}

function listPage(path: string, messages: CaughtMail[], selectedId: string | null): Response {
  const selected = messages.find((mail) => mail.id === selectedId) ?? messages[0];
  const intro = `Mail the site sent over SMTP to the local mailbox (nothing left this machine). <a href="${path}.json">JSON</a> · <form method="post" action="${path}/clear"><button type="submit">Empty</button></form>`;
  if (!selected) return localPage({ title: "Local mailbox", intro, body: '<p class="empty">No mail yet.</p>' });
  const list = `<nav aria-label="Caught mail"><ul class="list">${messages.map((mail) => listItem(path, mail, mail === selected)).join("\n")}</ul></nav>`;
  return localPage({
    title: "Local mailbox",
    intro,
    body: `<div class="layout">${list}${messageView(path, selected)}</div>`,
  });
}

export function createMailPage(
  mailbox: () => Pick<Mailbox, "messages" | "clear"> | null,
  path = MAIL_PAGE_PATH,
): { paths: string[]; handler: WebHandler } {
  const handler: WebHandler = (request) => {
    const url = new URL(request.url);
    const box = mailbox();
    const messages = box?.messages() ?? [];
    if (url.pathname === `${path}.json`) return json(200, { messages });
    if (request.method === "POST" && url.pathname === `${path}/clear`) {
      box?.clear();
      return new Response(null, { status: 303, headers: { location: path, connection: "close" } });
    }
    if (request.method !== "GET" && request.method !== "HEAD") return json(405, { message: "Method Not Allowed" });
    const part = /^\/([0-9a-f-]{36})\.html$/.exec(url.pathname.slice(path.length));
    if (part) {
      const mail = messages.find((item) => item.id === part[1]);
      if (!mail?.html) return json(404, { message: "No such message, or it has no HTML part." });
      return new Response(mail.html, {
        headers: {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
          "content-security-policy": CAUGHT_HTML_CSP,
          // `vite preview` sends the site's X-Frame-Options: DENY on everything; this page is framed by /__local/mail.
          "x-frame-options": "SAMEORIGIN",
          "x-content-type-options": "nosniff",
          connection: "close",
        },
      });
    }
    if (url.pathname.replace(/\/+$/, "") !== path) return json(404, { message: "Not Found" });
    return listPage(path, messages, url.searchParams.get("id"));
  };
  return { paths: [path, `${path}.json`], handler };
}
