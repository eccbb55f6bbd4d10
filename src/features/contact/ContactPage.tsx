import { Mail, MapPin, MessageCircle, Phone, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonLink, IntakeFormLink } from "../../components/ui/Button";
import { Glow } from "../../components/ui/Glow";
import { Seo } from "../../components/ui/Seo";
import { config, telHref } from "../../config";
import { whatsappHref } from "../../config-defaults";
import { contactCopy, thankYouCopy } from "../../content/contact";
import { faqJsonLd } from "../../content/faq";
import { site, whatsappChat } from "../../content/site";
import { lazyIsland } from "../../components/ui/Island";
import { ContactForm } from "./ContactForm";

// The questions below the form hydrate when they come near the screen (or at the first interaction),
// from their own chunk: hydrating the accordion with the page put Radix's first measurement of every
// answer (a forced style pass) into one task of 55-68 ms at 4x CPU. A question opened before then is
// opened once it has hydrated (components/ui/Island.tsx).
const FaqSection = lazyIsland(
  () => import("./FaqSection").then((module) => module.FaqSection),
  "visible",
  "contact-faq",
);

const { aside } = contactCopy;

export default function ContactPage() {
  return (
    <>
      <Seo
        title={contactCopy.seo.title}
        description={contactCopy.seo.description}
        path="/contact"
        jsonLd={faqJsonLd()}
      />

      <ContactHero />

      <div className="px-4 pb-16 sm:px-6 md:pb-24 lg:px-8">
        <div className="relative z-10 mx-auto -mt-16 grid max-w-7xl gap-8 lg:grid-cols-3">
          <div className="rounded-card bg-white p-5 shadow-lift sm:p-8 lg:col-span-2">
            <ContactForm />
          </div>
          <aside aria-labelledby="contact-aside-heading" className="space-y-6 lg:pt-8">
            <ContactChannels />
            <NextSteps />
          </aside>
        </div>
      </div>

      <FaqSection />
    </>
  );
}

/** The page's dark header: what the page is for, and a link to the intake form. */
function ContactHero() {
  return (
    <section className="relative overflow-hidden bg-brand-950 px-4 pb-28 pt-16 text-white sm:px-6 md:pt-24 lg:px-8">
      <Glow className="-right-24 -top-24 h-72 w-72 bg-brand-600/40" />
      <Glow className="-bottom-32 left-1/4 h-64 w-64 bg-accent-500/20" />
      <div className="relative mx-auto max-w-7xl">
        <p className="text-sm font-semibold uppercase tracking-[0.18em] text-accent-300">{contactCopy.eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl md:text-6xl">
          {contactCopy.heading}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-brand-100 text-pretty">{contactCopy.intro}</p>
        <div className="mt-8 flex flex-wrap gap-4">
          <IntakeFormLink variant="accent" size="lg">
            {contactCopy.getStarted}
          </IntakeFormLink>
          <ButtonLink to="/book" variant="light" size="lg">
            {thankYouCopy.bookCall}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** Beside the form: the other ways to reach the agency (e-mail, phone, WhatsApp) and where it is. */
function ContactChannels() {
  return (
    <div className="rounded-card border border-slate-200 bg-white p-6 shadow-soft">
      <h2 id="contact-aside-heading" className="text-xl font-bold text-ink">
        {aside.heading}
      </h2>
      <p className="mt-2 text-ink-muted">{aside.body}</p>
      <ul className="mt-5 space-y-4">
        <Channel icon={Mail} label={aside.emailLabel}>
          <a
            className="break-all rounded text-brand-700 underline-offset-4 hover:underline focus-ring"
            href={`mailto:${config.contactEmail}`}
          >
            {config.contactEmail}
          </a>
        </Channel>
        <Channel icon={Phone} label={aside.phoneLabel}>
          <a
            className="rounded text-brand-700 underline-offset-4 hover:underline focus-ring"
            href={telHref(config.contactPhone)}
          >
            {config.contactPhone}
          </a>
        </Channel>
        <Channel icon={MessageCircle} label={aside.whatsappLabel}>
          <a
            className="rounded text-brand-700 underline-offset-4 hover:underline focus-ring"
            href={whatsappHref(config.whatsappNumber, whatsappChat.message(`${config.siteUrl}/contact`))}
            target="_blank"
            rel="noopener noreferrer"
          >
            {aside.whatsappCta}
            <span className="sr-only"> on WhatsApp (opens in a new tab)</span>
          </a>
        </Channel>
        <Channel icon={MapPin} label={aside.locationLabel}>
          <span className="text-ink-muted">{site.location}</span>
        </Channel>
      </ul>
    </div>
  );
}

/** One way to reach the agency: an icon, what it is, and the link or text. */
function Channel({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <span>
        <span className="block text-sm font-semibold text-ink">{label}</span>
        {children}
      </span>
    </li>
  );
}

/** What happens after the form is sent, as numbered steps. */
function NextSteps() {
  return (
    <div className="rounded-card bg-brand-50 p-6">
      <h2 className="text-xl font-bold text-ink">{aside.nextHeading}</h2>
      <ol className="mt-4 space-y-3">
        {aside.nextSteps.map((step, index) => (
          <li key={step} className="flex gap-3 text-ink-muted">
            <span
              aria-hidden="true"
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
