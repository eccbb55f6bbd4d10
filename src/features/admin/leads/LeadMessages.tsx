import { leadsCopy } from "../../../content/leads";
import { LeadMessageItem } from "./LeadMessageItem";
import { LeadOutboxPanel } from "./LeadOutboxPanel";
import { useLeadMessages } from "./queries";

const copy = leadsCopy.messages;

/**
 * The messages this lead caused, as the outbox holds them: the team's e-mail and WhatsApp message,
 * the visitor's reply, the reminder and the CRM webhook, each sent, waiting, not sent (and why) or
 * failed (the provider's error, Retry now). Read again every 2 s while any is being sent.
 */
export function LeadMessages({ leadId }: { leadId: string }) {
  const { query, retry, retrying } = useLeadMessages(leadId);

  return (
    <LeadOutboxPanel id="lead-messages" copy={copy} query={query}>
      {(messages) => (
        <ul aria-label={copy.listLabel} className="mt-4 grid gap-3 md:grid-cols-2">
          {messages.map((message) => (
            <LeadMessageItem key={message.id} message={message} onRetry={retry} retrying={retrying === message.id} />
          ))}
        </ul>
      )}
    </LeadOutboxPanel>
  );
}
