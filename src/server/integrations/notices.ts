/**
 * The team's notices as an outbox kind (../outbox/runner.ts): due rows of public.team_notices, which
 * record_integration_health queues (20261129130000_integration_health.sql). Today one kind: the
 * e-mail to the Owner when a service refused the site's credentials as invalid ("reconnect"),
 * queued once per refusal, so a retry that meets the same refusal never e-mails again.
 *
 * A notice is the team's, not a lead's: a run for one lead (the admin's Retry now, a new lead)
 * claims none. Its Message-ID is derived from the row, the same on every attempt.
 */
import { createElement } from "react";
import type { PostgrestClient } from "@supabase/postgrest-js";
import { integrationsCopy, reconnectMailCopy, type IntegrationService } from "../../content/integrations.js";
import type { Database } from "../../lib/database.js";
import { MailButton, MailLayout, Paragraph, SectionHeading } from "../messages/mail-layout.js";
import { outboxMail } from "../messages/outbox-mail.js";
import { finishArgs, type SentMessageOutcome } from "../messages/outcome.js";
import { oneLine } from "../../lib/text.js";
import { renderMail, type RenderedMail } from "../messages/templates.js";
import type { OutboxKind } from "../outbox/runner.js";
import type { ServerSettings } from "../settings.js";

const h = createElement;

interface NoticeKindOptions {
  /** A PostgREST client signed with the service-role key. */
  db: PostgrestClient<Database>;
  settings: ServerSettings;
  /** The site's origin for links when VITE_SITE_URL is not set (the request's own). */
  siteUrl: string;
}

interface ClaimedNotice {
  id: number;
  kind: string;
  service: string;
  recipient: string | null;
  detail: string | null;
  attempts: number;
  claim_token: string;
}

type NoticeOutcome = SentMessageOutcome<"not_configured">;

const serviceName = (service: string) =>
  integrationsCopy.services[service as IntegrationService]?.name ?? oneLine(service);

/** The Owner's e-mail: which service, what it answered, and the link to the Integrations screen. */
function reconnectMail(service: string, detail: string | null, adminUrl: string): Promise<RenderedMail> {
  const name = serviceName(service);
  const copy = reconnectMailCopy;
  return renderMail(
    copy.subject(name),
    h(
      MailLayout,
      { preview: copy.preview(name), heading: copy.heading(name) },
      h(Paragraph, null, copy.body(name)),
      detail ? h(SectionHeading, null, copy.failure) : null,
      detail ? h(Paragraph, { muted: true }, oneLine(detail)) : null,
      h(MailButton, { href: adminUrl }, copy.open),
      h(Paragraph, { muted: true }, copy.whyReceived),
    ),
  );
}

export function noticesKind(options: NoticeKindOptions): OutboxKind<ClaimedNotice, NoticeOutcome> {
  const { db, settings } = options;
  const messages = settings.messages;
  const origin = (settings.siteUrl || options.siteUrl).replace(/\/+$/, "");
  const mail = outboxMail(settings, options.siteUrl, {
    messageId: (rowId, domain) => `<team-notice-${rowId}@${domain}>`,
    listId: (domain) => `Site notices <notices.${domain}>`,
  });

  return {
    name: "notices",
    rows: "team notices",
    claim: (maxRows, onlyLead) =>
      onlyLead ? Promise.resolve({ data: [], error: null }) : db.rpc("claim_team_notices", { max_rows: maxRows }),
    async send(row) {
      if (!messages.smtp || !row.recipient) return { kind: "skipped", reason: "not_configured" };
      const rendered = await reconnectMail(row.service, row.detail, `${origin}/admin/integrations`);
      return mail.send(row.id, [row.recipient], rendered);
    },
    finish: (row, outcome, retryAt) => db.rpc("finish_team_notice", finishArgs(row, outcome, retryAt)),
    describe: (row) => `${row.kind} notice about ${row.service}`,
    service: () => "smtp",
    close: mail.close,
  };
}
