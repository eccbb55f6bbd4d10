import { Mail, MessageCircle, Phone } from "lucide-react";
import { ExternalLink, NewTabNote } from "../../../components/ui/Button";
import { whatsappHref } from "../../../config-defaults";
import { leadsCopy } from "../../../content/leads";
import type { Lead } from "../data/leads";
import { whatsappNumberOf } from "./lead-format";
import { LeadPanel } from "./LeadPanel";

const copy = leadsCopy.detail;

const linkClasses =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-200 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-ring";

/** The ways to reply: e-mail, a call, WhatsApp with a greeting by first name. */
export function LeadContact({ lead }: { lead: Lead }) {
  const firstName = lead.full_name.trim().split(/\s+/)[0] ?? "";
  const whatsapp = whatsappNumberOf(lead.phone);
  return (
    <LeadPanel id="lead-contact" title={copy.contact}>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={`mailto:${lead.email}`} className={linkClasses}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">{copy.email}: </span>
          <span className="break-all">{lead.email}</span>
        </a>
        {lead.phone ? (
          <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} className={linkClasses}>
            <Phone aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">{copy.call}: </span>
            {lead.phone}
          </a>
        ) : null}
        {whatsapp ? (
          <ExternalLink href={whatsappHref(whatsapp, copy.whatsappMessage(firstName))} className={linkClasses}>
            <MessageCircle aria-hidden="true" className="h-4 w-4" />
            {copy.whatsapp}
            <NewTabNote />
          </ExternalLink>
        ) : null}
      </div>
    </LeadPanel>
  );
}
