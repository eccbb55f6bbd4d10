import { Mail, MessageCircle, RotateCcw } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button, ExternalLink, NewTabNote } from "../../components/ui/Button";
import { config } from "../../config";
import { whatsappHref } from "../../config-defaults";
import { contactCopy } from "../../content/contact";
import { whatsappChat } from "../../content/site";

const copy = contactCopy.failure;
const linkClass =
  "inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50 focus-ring";

/**
 * Why the request was not sent, that every answer is kept, and three ways on: try again (a submit
 * button of the form), e-mail or WhatsApp. It takes the focus when it appears.
 */
export function SendFailure({ message, sending }: { message: string; sending: boolean }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, [message]);
  return (
    <div
      ref={panel}
      role="alert"
      tabIndex={-1}
      className="rounded-card border border-red-200 bg-red-50 p-5 outline-none focus-ring-danger"
    >
      <p className="font-bold text-red-800">{copy.heading}</p>
      <p className="mt-1 text-ink">
        {message} {copy.kept}
      </p>
      <Button type="submit" variant="danger" size="sm" className="mt-4" disabled={sending}>
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        {copy.retry}
      </Button>
      <p className="mt-4 text-sm font-semibold text-ink">{copy.alternatives}</p>
      <div className="mt-2 flex flex-wrap gap-3">
        <a href={`mailto:${config.contactEmail}`} className={linkClass}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          {copy.email}
        </a>
        <ExternalLink
          href={whatsappHref(config.whatsappNumber, whatsappChat.message(`${config.siteUrl}/contact`))}
          className={linkClass}
        >
          <MessageCircle aria-hidden="true" className="h-4 w-4" />
          {copy.whatsapp}
          <NewTabNote />
        </ExternalLink>
      </div>
    </div>
  );
}
