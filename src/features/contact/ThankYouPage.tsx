import { CalendarCheck } from "lucide-react";
import { useSyncExternalStore } from "react";
import { ButtonLink } from "../../components/ui/Button";
import { Seo } from "../../components/ui/Seo";
import { thankYouCopy } from "../../content/contact";
import { readStoredFirstName } from "./contact-request";

/** The stored name does not change while the page is open. */
const noChanges = () => () => {};

export default function ThankYouPage() {
  // Read after hydration: sessionStorage does not exist when the page is prerendered.
  const firstName = useSyncExternalStore(noChanges, readStoredFirstName, () => null);

  return (
    <>
      <Seo title={thankYouCopy.seo.title} description={thankYouCopy.seo.description} path="/thank-you" noIndex />
      <section className="flex min-h-[70vh] items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-16 sm:px-6">
        <div className="w-full max-w-xl rounded-card bg-white p-8 text-center shadow-lift sm:p-12">
          <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-700 text-white shadow-soft">
            <CalendarCheck aria-hidden="true" className="h-8 w-8" />
          </span>
          <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{thankYouCopy.heading}</h1>
          {firstName ? (
            <p className="mt-4 text-xl font-semibold text-brand-800">{thankYouCopy.greeting(firstName)}</p>
          ) : null}
          <p className="mt-4 text-lg text-ink-muted text-pretty">{thankYouCopy.message}</p>
          <p className="mt-3 text-ink-muted">{thankYouCopy.nextSteps}</p>
          <ButtonLink to="/" size="lg" className="mt-8">
            {thankYouCopy.home}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
