/**
 * What a proposal sends, as an outbox kind (../outbox/runner.ts): due rows of
 * public.proposal_messages, written by the transaction of the event that causes each
 * (20261130100000_proposal_messages.sql).
 *
 * - link: the client's link of one send. The token is derived again from the proposal's id and the
 *   row's send number (tokens.ts; the database keeps only its hash); a row whose send was followed by
 *   another, or whose proposal is no longer open (withdrawn, declined, expired, accepted), is skipped
 *   as 'superseded': its link would not open.
 * - acceptance: to the client (the deposit next, on the page) and to the team (LEADS_NOTIFY_EMAILS,
 *   else the sender's own address, Reply-To the client), each with the proposal as accepted as a PDF
 *   (pdf.ts, which loads pdfkit on the first PDF only: the functions that never make one start
 *   without it).
 * - receipt: the payment (amount, reference, channel), what is left now, and the next step: the
 *   kickoff call at /book after the deposit.
 * - balance: what is left and the page; skipped as 'paid' once nothing is.
 * - retainer, retainer_failed: a month's retainer asked of the client, and the team told it could
 *   not be (the row's detail: month `YYYY-MM`, amount_minor, reason), as the retainer job queues them.
 *
 * A send also queues the link by WhatsApp when the lead left a phone number (the row's channel
 * 'whatsapp', its recipient the number as written): sent with the client's template
 * (WHATSAPP_PROPOSAL_TEMPLATE: the client's name, the proposal, the link) to the number in E.164,
 * skipped as 'not_configured' without that template and as 'no_number' when the number cannot be one.
 *
 * The client's pages carry the link of the latest send (the only one that opens). Each e-mail has a
 * Message-ID derived from its row, the same on every attempt, so a repeat is one message.
 */
import { proposalMailCopy, proposalPdfCopy } from "../../content/proposal-mail.js";
import { formatMoney } from "../../lib/money.js";
import { addressOf } from "../messages/mail.js";
import { outboxMail } from "../messages/outbox-mail.js";
import { finishArgs, whatsappOutcome, whatsappProgressOf, type SentMessageOutcome } from "../messages/outcome.js";
import { sendWhatsApp } from "../messages/whatsapp.js";
import { phoneDigits } from "../conversions/identifiers.js";
import type { RenderedMail } from "../messages/templates.js";
import type { SendingKindOptions } from "../outbox/kind-options.js";
import type { OutboxKind } from "../outbox/runner.js";
import {
  acceptanceMail,
  balanceMail,
  linkMail,
  receiptMail,
  retainerFailedMail,
  retainerMail,
  teamAcceptanceMail,
  type ProposalFacts,
} from "./mail.js";
import { dayInWords, monthInWords, recordedMomentInWords } from "../../lib/proposals/dates.js";
import { proposalPdf } from "./pdf.js";
import { proposalTerms, type ProposalRow, type ProposalTerms } from "./terms.js";
import { proposalLink, proposalTokenFor } from "./tokens.js";

type ProposalMessageKind = "link" | "acceptance" | "receipt" | "balance" | "retainer" | "retainer_failed";

/** The proposal as claim_proposal_messages gives it: as it is now, with its sums and its client. */
interface ClaimedProposal extends ProposalRow {
  accepted_ip: string | null;
  accepted_user_agent: string | null;
  accepted_sha256: string | null;
  /** Its sends so far: the latest link's number. */
  sends: number;
  total: number;
  /** Counted payments less refunds. */
  paid: number;
  client_name: string;
  client_email: string;
}

interface ClaimedPayment {
  reference: string;
  amount_minor: number;
  currency: string;
  channel: string | null;
  paid_at: string;
  purpose: "deposit" | "balance" | "retainer" | null;
  installment: number | null;
}

export interface ClaimedProposalMessage {
  id: number;
  proposal_id: string;
  kind: ProposalMessageKind;
  audience: "client" | "team";
  channel: "email" | "whatsapp";
  event_key: string;
  send_number: number | null;
  detail: { month?: string; amount_minor?: number; reason?: string } | null;
  recipient: string | null;
  attempts: number;
  claim_token: string;
  response: unknown;
  proposal: ClaimedProposal;
  payment: ClaimedPayment | null;
}

type SkipReason = "not_configured" | "superseded" | "paid" | "no_number";

export type ProposalMessageOutcome = SentMessageOutcome<SkipReason>;

/** `<proposal-message-42@ascenddigital.ng>`: the same for a row on every attempt. */
const proposalMessageIdFor = (rowId: number, domain: string) => `<proposal-message-${rowId}@${domain}>`;

const proposalListId = (domain: string) => `Proposals <proposals.${domain}>`;

const OPEN = new Set(["sent", "viewed"]);

export function proposalsKind(options: SendingKindOptions): OutboxKind<ClaimedProposalMessage, ProposalMessageOutcome> {
  const { db, settings } = options;
  const messages = settings.messages;
  const origin = (settings.siteUrl || options.siteUrl).replace(/\/+$/, "");
  const mail = outboxMail(settings, options.siteUrl, { messageId: proposalMessageIdFor, listId: proposalListId });
  // The terms and the PDF of a proposal, once per run: its client's and its team's rows share them.
  const terms = new Map<string, Promise<ProposalTerms>>();
  const pdfs = new Map<string, Promise<Buffer>>();

  async function readTerms(proposal: ClaimedProposal): Promise<ProposalTerms> {
    const [lines, plan] = await Promise.all([
      db
        .from("proposal_lines")
        .select("position, kind, description, quantity, unit_price_minor")
        .eq("proposal_id", proposal.id),
      db
        .from("proposal_installments")
        .select("position, label, due, share_bp, amount_minor")
        .eq("proposal_id", proposal.id),
    ]);
    if (lines.error) throw new Error(`Could not read the proposal's lines: ${lines.error.message}`);
    if (plan.error) throw new Error(`Could not read the proposal's plan: ${plan.error.message}`);
    return proposalTerms(proposal, lines.data, plan.data);
  }

  const termsOf = (proposal: ClaimedProposal) => {
    let found = terms.get(proposal.id);
    if (!found) terms.set(proposal.id, (found = readTerms(proposal)));
    return found;
  };

  function pdfOf(proposal: ClaimedProposal): Promise<Buffer> {
    let found = pdfs.get(proposal.id);
    if (!found) {
      found = termsOf(proposal).then((accepted) =>
        proposalPdf(accepted, {
          name: proposal.accepted_name ?? proposal.client_name,
          at: proposal.accepted_at ?? new Date().toISOString(),
          ip: proposal.accepted_ip,
          userAgent: proposal.accepted_user_agent,
          sha256: proposal.accepted_sha256 ?? "",
        }),
      );
      pdfs.set(proposal.id, found);
    }
    return found;
  }

  /** The client's page: the link of send `sendNumber`, else of the latest. */
  const pageOf = (proposal: ClaimedProposal, sendNumber = proposal.sends) =>
    proposalLink(origin, proposalTokenFor(proposal.id, sendNumber, settings.proposalsTokenSecret));

  const adminLeadUrl = (proposal: ClaimedProposal) => `${origin}/admin/leads/${proposal.lead_id}`;

  /** The team's addresses: LEADS_NOTIFY_EMAILS, else the address the site's e-mail comes from. */
  const teamAddresses = () => (messages.notifyEmails.length > 0 ? messages.notifyEmails : [addressOf(mail.from)]);

  /** The client's link by WhatsApp, to the number the lead left. */
  async function whatsapp(row: ClaimedProposalMessage): Promise<ProposalMessageOutcome> {
    const sender = messages.clientWhatsapp;
    if (!sender) return { kind: "skipped", reason: "not_configured" };
    const to = row.recipient ? phoneDigits(row.recipient) : null;
    if (!to) return { kind: "skipped", reason: "no_number" };
    const proposal = row.proposal;
    const accepted = await termsOf(proposal);
    const result = await sendWhatsApp(
      sender,
      [to],
      [
        proposal.client_name,
        proposalMailCopy.whatsappProposal(accepted.number, accepted.title),
        pageOf(proposal, row.send_number ?? proposal.sends),
      ],
      whatsappProgressOf(row.response),
      options.fetch,
      options.timeoutMs,
    );
    return whatsappOutcome(result);
  }

  async function send(row: ClaimedProposalMessage): Promise<ProposalMessageOutcome> {
    const proposal = row.proposal;
    if (row.kind === "link" && (row.send_number !== Number(proposal.sends) || !OPEN.has(proposal.status)))
      return { kind: "skipped", reason: "superseded" };
    if (row.kind === "balance" && proposal.status === "paid") return { kind: "skipped", reason: "paid" };
    if (row.channel === "whatsapp") return whatsapp(row);
    if (!messages.smtp) return { kind: "skipped", reason: "not_configured" };

    const accepted = await termsOf(proposal);
    const money = (amount: number) => formatMoney(amount, accepted.currency);
    const left = Math.max(0, Number(proposal.total) - Number(proposal.paid));
    const facts: ProposalFacts = {
      name: proposal.client_name,
      number: accepted.number,
      title: accepted.title,
      total: money(accepted.total),
    };
    const client = [row.recipient ?? proposal.client_email];
    const attachment = async () => [
      {
        filename: proposalPdfCopy.fileName(accepted.number),
        content: await pdfOf(proposal),
        contentType: "application/pdf",
      },
    ];
    const email = (to: string[], rendered: RenderedMail, extra: Parameters<typeof mail.send>[3] = {}) =>
      mail.send<SkipReason>(row.id, to, rendered, extra);

    switch (row.kind) {
      case "link":
        return email(
          client,
          await linkMail({
            ...facts,
            validUntil: dayInWords(accepted.validUntil),
            link: pageOf(proposal, row.send_number ?? proposal.sends),
          }),
        );
      case "acceptance":
        if (row.audience === "team")
          return email(
            teamAddresses(),
            await teamAcceptanceMail({
              ...facts,
              acceptedName: proposal.accepted_name ?? proposal.client_name,
              acceptedAt: recordedMomentInWords(proposal.accepted_at ?? new Date().toISOString()),
              ip: proposal.accepted_ip,
              browser: proposal.accepted_user_agent,
              sha256: proposal.accepted_sha256 ?? "",
              adminLeadUrl: adminLeadUrl(proposal),
            }),
            { replyTo: proposal.client_email, attachments: await attachment() },
          );
        return email(client, await acceptanceMail({ ...facts, link: pageOf(proposal) }), {
          attachments: await attachment(),
        });
      case "receipt": {
        const payment = row.payment;
        if (!payment) return { kind: "failed", error: `No payment ${row.event_key} is recorded for this proposal.` };
        const channels = proposalMailCopy.channels;
        return email(
          client,
          await receiptMail({
            ...facts,
            amount: formatMoney(Number(payment.amount_minor), accepted.currency),
            reference: payment.reference,
            channel: (payment.channel && (channels[payment.channel] ?? payment.channel)) || "Paystack",
            left: left > 0 ? money(left) : null,
            kickoff: payment.purpose === "deposit",
            bookUrl: `${origin}/book`,
            link: pageOf(proposal),
          }),
        );
      }
      case "balance":
        return email(client, await balanceMail({ ...facts, left: money(left), link: pageOf(proposal) }));
      case "retainer":
        return email(
          client,
          await retainerMail({
            ...facts,
            month: monthInWords(row.detail?.month ?? row.event_key),
            amount: money(Number(row.detail?.amount_minor ?? accepted.retainer?.amount ?? 0)),
            link: pageOf(proposal),
          }),
        );
      case "retainer_failed":
        return email(
          teamAddresses(),
          await retainerFailedMail({
            ...facts,
            month: monthInWords(row.detail?.month ?? row.event_key),
            reason: row.detail?.reason ?? "",
            adminLeadUrl: adminLeadUrl(proposal),
          }),
        );
    }
  }

  return {
    name: "proposals",
    rows: "proposal messages",
    claim: (maxRows, onlyLead) =>
      db.rpc("claim_proposal_messages", { max_rows: maxRows, ...(onlyLead ? { only_lead: onlyLead } : {}) }),
    send,
    finish: (row, outcome, retryAt) => db.rpc("finish_proposal_message", finishArgs(row, outcome, retryAt)),
    describe: (row) => `${row.kind} (${row.audience}) of proposal ${row.proposal_id}`,
    service: (row) => (row.channel === "whatsapp" ? "whatsapp" : "smtp"),
    close: mail.close,
  };
}
