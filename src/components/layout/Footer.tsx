import { Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "../ui/Link";
import { config, telHref } from "../../config";
import { footerColumns, site, socialProfiles } from "../../content/site";
import { openPrivacyChoices } from "../../lib/privacy-choices";
import { BrandIcon } from "../ui/BrandIcon";
import { socialGlyphs } from "../ui/social-icons";
import { ExternalLink } from "../ui/Button";
import { Logo } from "./Logo";

interface FooterProps {
  /** The newsletter sign-up form, rendered under the columns. */
  newsletter?: ReactNode;
}

const linkClass = "rounded text-brand-100 transition-colors hover:text-white focus-ring-on-dark";

export function Footer({ newsletter }: FooterProps) {
  const year = new Date().getFullYear();
  return (
    // The skip is on the content, not on the footer: the footer paints its dark background even
    // while its content waits (index.css, skip-offscreen-footer).
    <footer className="bg-brand-950 text-brand-100" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        Site footer
      </h2>
      <div className="skip-offscreen-footer mx-auto max-w-7xl px-4 pb-24 pt-16 sm:px-6 sm:pb-28 lg:px-8">
        <div className="grid gap-12 md:grid-cols-2 lg:grid-cols-4">
          <div>
            <Logo tone="light" />
            <p className="mt-5 max-w-xs text-sm leading-relaxed text-brand-200">{site.brandText}</p>
            <ul className="mt-6 flex gap-3" aria-label="Social media">
              {socialProfiles.map((social) => (
                <li key={social.name}>
                  <ExternalLink
                    href={social.href}
                    aria-label={`${social.name} (opens in a new tab)`}
                    className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent-400 hover:text-ink focus-ring-on-dark"
                  >
                    <BrandIcon icon={socialGlyphs[social.icon]} className="h-5 w-5" />
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </div>

          {[footerColumns.services, footerColumns.company].map((column) => (
            <div key={column.title}>
              <h3 className="text-sm font-bold uppercase tracking-[0.16em] text-white">{column.title}</h3>
              <ul className="mt-5 space-y-3 text-sm">
                {column.links.map((link) => (
                  <li key={link.name}>
                    <Link to={link.path} className={linkClass}>
                      {link.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}

          <div>
            <h3 className="text-sm font-bold uppercase tracking-[0.16em] text-white">{footerColumns.contactTitle}</h3>
            <ul className="mt-5 space-y-4 text-sm">
              <li className="flex items-center gap-3">
                <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-accent-400" />
                <span>{site.location}</span>
              </li>
              <li className="flex items-center gap-3">
                <Mail aria-hidden="true" className="h-4 w-4 shrink-0 text-accent-400" />
                <a href={`mailto:${config.contactEmail}`} className={linkClass}>
                  {config.contactEmail}
                </a>
              </li>
              <li className="flex items-center gap-3">
                <Phone aria-hidden="true" className="h-4 w-4 shrink-0 text-accent-400" />
                <a href={telHref(config.contactPhone)} className={linkClass}>
                  {config.contactPhone}
                </a>
              </li>
            </ul>
          </div>
        </div>

        {newsletter ? <div className="mt-12 border-t border-white/10 pt-10">{newsletter}</div> : null}

        <div className="mt-12 flex flex-col gap-3 border-t border-white/10 pt-8 text-sm text-brand-200 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © <span suppressHydrationWarning>{year}</span> {site.name}. All rights reserved.
          </p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            {/* Opens the consent settings (src/features/consent), whose code loads only then. */}
            <button
              type="button"
              onClick={(event) => openPrivacyChoices(event.currentTarget)}
              className={`${linkClass} min-h-6 text-left underline underline-offset-2`}
            >
              {footerColumns.privacyChoices}
            </button>
            <p>{site.location}</p>
          </div>
        </div>
      </div>
    </footer>
  );
}
