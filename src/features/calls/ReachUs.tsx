import { MessagesSquare, PenLine } from "lucide-react";
import { Link } from "../../components/ui/Link";
import { ExternalLink, NewTabNote } from "../../components/ui/Button";
import { config } from "../../config";
import { whatsappHref } from "../../config-defaults";
import { pickerCopy } from "../../content/booking";
import { whatsappChat } from "../../content/site";
import { cn } from "../../lib/cn";

const linkClass =
  "inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50 focus-ring";

/** The ways on when a call cannot be booked here: the contact form, or WhatsApp. */
export function ReachUs({ className, page = "/book" }: { className?: string; page?: string }) {
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      <Link to="/contact" className={linkClass}>
        <PenLine aria-hidden="true" className="h-4 w-4" />
        {pickerCopy.contact}
      </Link>
      <ExternalLink
        href={whatsappHref(config.whatsappNumber, whatsappChat.message(`${config.siteUrl}${page}`))}
        className={linkClass}
      >
        <MessagesSquare aria-hidden="true" className="h-4 w-4" />
        {pickerCopy.whatsapp}
        <NewTabNote />
      </ExternalLink>
    </div>
  );
}
