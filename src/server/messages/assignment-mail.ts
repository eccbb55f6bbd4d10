// Not TSX, like templates.ts: Vercel's function tracing does not resolve "./x.js" to a .tsx file.
import { createElement } from "react";
import { assignmentMailCopy } from "../../content/assignment.js";
import { Facts, MailButton, MailLayout, Paragraph, SectionHeading, TextLink } from "./mail-layout.js";
import { oneLine } from "../../lib/text.js";
import { renderMail, type LeadMessageData, type MessageLinks, type RenderedMail } from "./templates.js";

const h = createElement;

interface AssignedProps {
  lead: LeadMessageData;
  links: MessageLinks;
}

/**
 * The e-mail to a lead's new assignee: who the lead is and the link to it. The visitor's words stay
 * in the admin (the team's e-mail carries them); this one says whose the lead is now.
 */
function Assigned({ lead, links }: AssignedProps) {
  const copy = assignmentMailCopy;
  const name = oneLine(lead.name);
  const service = oneLine(lead.serviceLabel);
  const or = (value: string | null) => (value && oneLine(value)) || copy.none;
  return h(
    MailLayout,
    { preview: copy.preview(name), heading: copy.heading },
    h(Paragraph, null, copy.body(name, service)),
    h(MailButton, { href: links.adminLeadUrl }, copy.openLead),
    h(SectionHeading, null, copy.personHeading),
    h(Facts, {
      rows: [
        { label: copy.fields.name, value: name },
        {
          label: copy.fields.email,
          value: h(TextLink, { href: `mailto:${oneLine(lead.email)}` }, oneLine(lead.email)),
        },
        { label: copy.fields.phone, value: or(lead.phone) },
        { label: copy.fields.company, value: or(lead.company) },
        { label: copy.fields.service, value: service },
      ],
    }),
    h(Paragraph, { muted: true }, links.adminLeadUrl),
    h(Paragraph, { muted: true }, copy.whyReceived),
  );
}

/** The e-mail a lead's new assignee gets (sent with Reply-To the visitor, as the team's is). */
export function assignedMail(lead: LeadMessageData, links: MessageLinks): Promise<RenderedMail> {
  return renderMail(
    assignmentMailCopy.subject(oneLine(lead.name), oneLine(lead.serviceLabel)),
    h(Assigned, { lead, links }),
  );
}
