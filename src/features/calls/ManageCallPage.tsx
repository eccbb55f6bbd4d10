import { lazy, Suspense, useSyncExternalStore } from "react";
import { ButtonLink } from "../../components/ui/Button";
import { Seo } from "../../components/ui/Seo";
import { manageCopy } from "../../content/booking";
import { MANAGE_CALL_PATH } from "../../lib/calls/manage-path";
import { BookingLoading } from "./BookingLoading";
import { NoScriptBooking } from "./NoScriptBooking";

const ManageCall = lazy(() => import("./ManageCall"));

const noChanges = () => () => {};

/**
 * The token of the address's fragment (`#token=…`, or `#confirm=…` from the confirmation e-mail,
 * returned as `confirm:…`): never sent to a server, so never in its logs.
 */
function tokenInHash(): string | null {
  const confirm = /^#(?:.*&)?confirm=([A-Za-z0-9_-]{10,64})(?:&|$)/.exec(window.location.hash)?.[1];
  if (confirm) return `confirm:${confirm}`;
  return /^#(?:.*&)?token=([A-Za-z0-9_-]{10,64})(?:&|$)/.exec(window.location.hash)?.[1] ?? null;
}

/**
 * A booking's own page, the e-mails' link (lib/calls/links.ts's `manageCallUrl`). Prerendered as a
 * shell, `noindex` (so out of the sitemap); the booking loads once the script has read the token.
 */
export default function ManageCallPage() {
  // undefined while prerendered and hydrating; then the token, or null when the address has none.
  const token = useSyncExternalStore(noChanges, tokenInHash, () => undefined);
  return (
    <>
      <Seo title={manageCopy.seo.title} description={manageCopy.seo.description} path={MANAGE_CALL_PATH} noIndex />
      {/* A screen high at least, so that the footer is below the first screen whatever the booking's
          length: it was on it while the booking loaded, and pushed off it when the booking came
          (CLS 0.14 at 390 px). */}
      <section className="min-h-svh bg-gradient-to-b from-brand-50 to-white px-4 py-16 sm:px-6">
        <div className="mx-auto w-full max-w-3xl rounded-card bg-white p-5 shadow-lift sm:p-10">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{manageCopy.heading}</h1>
          <div className="mt-6">
            <NoScriptBooking message={manageCopy.noScript} page={MANAGE_CALL_PATH} />
            {token === null ? (
              <div>
                <h2 className="text-2xl font-extrabold text-ink">{manageCopy.invalid}</h2>
                <p className="mt-3 text-ink-muted">{manageCopy.invalidBody}</p>
                <ButtonLink to="/book" className="mt-6">
                  {manageCopy.bookAgain}
                </ButtonLink>
              </div>
            ) : token ? (
              <Suspense fallback={<BookingLoading />}>
                {token.startsWith("confirm:") ? (
                  <ManageCall confirmToken={token.slice("confirm:".length)} />
                ) : (
                  <ManageCall token={token} />
                )}
              </Suspense>
            ) : (
              // Prerendered and while hydrating (hidden without script, index.html).
              <div className="needs-script">
                <BookingLoading />
              </div>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
