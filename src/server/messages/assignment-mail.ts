// Not TSX, like templates.ts: Vercel's function tracing does not resolve "./x.js" to a .tsx file.
import { createElement } from "react";
import { assignmentMailCopy } from "../../content/assignment.js";
import { MailLayout, Paragraph } from "./mail-layout.js";
import { oneLine } from "../../lib/text.js";
import { leadPerson, renderMail, type LeadMessageData, type MessageLinks, type RenderedMail } from "./templates.js";

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
  return h(
    MailLayout,
    { preview: copy.preview(name), heading: copy.heading },
    h(Paragraph, null, copy.body(name, service)),
    ...leadPerson(lead, links, copy),
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
