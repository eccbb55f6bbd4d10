import { useLocation } from "react-router-dom";
import { config } from "../../config";
import { whatsappHref } from "../../config-defaults";
import { whatsappChat } from "../../content/site";

/**
 * The floating WhatsApp chat on public pages: a plain link to wa.me with a message naming the page,
 * rendered with the page (no script of its own; the glyph is a file, public/images/whatsapp.svg, made
 * by scripts/make-client-logos.ts). Not on /login (nor /admin, which has no public layout). The
 * footer leaves room under its last line so that nothing ends up beneath it.
 */
export function WhatsAppButton() {
  const { pathname } = useLocation();
  if (pathname === "/login") return null;
  const href = whatsappHref(config.whatsappNumber, whatsappChat.message(`${config.siteUrl}${pathname}`));
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${whatsappChat.label} (opens in a new tab)`}
      className="fixed bottom-4 right-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lift ring-1 ring-black/10 transition-colors hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-accent-400 print:hidden sm:bottom-6 sm:right-6"
    >
      <img src="/images/whatsapp.svg" alt="" width={28} height={28} className="h-7 w-7" />
    </a>
  );
}
