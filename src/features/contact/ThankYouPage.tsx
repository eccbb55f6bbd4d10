import { CalendarCheck } from "lucide-react";
import { Suspense, useEffect, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { ButtonLink } from "../../components/ui/Button";
import { Seo } from "../../components/ui/Seo";
import { bookCopy, pickerCopy } from "../../content/booking";
import { thankYouCopy } from "../../content/contact";
import { NoScriptBooking, PickerSkeleton, ThankYouBooking } from "../calls";
import { bookingTokenInHash, readBookingToken, readStoredFirstName, saveBookingToken } from "./contact-request";

/** The stored name and token do not change while the page is open (but for the effect below). */
const noChanges = () => () => {};

/** The enquiry's booking token: the address's (a form posted without script), else this tab's. */
const readToken = () => bookingTokenInHash(window.location.hash) ?? readBookingToken();

/*
 * The greeting and the booking read this tab's storage, which the prerendered page does not have, so
 * React renders them again once the page has hydrated, at once and in one task. Each is a component
 * of its own so that only it is rendered again, not the page around it (a task of 67-69 ms on
 * Chrome's low-tier phone when the whole page was).
 */

/** Always a line, by name once the stored request is read: nothing under it moves when it is. */
function Greeting() {
  // Read after hydration: sessionStorage does not exist when the page is prerendered.
  const firstName = useSyncExternalStore(noChanges, readStoredFirstName, () => null);
  return <p className="mt-4 text-xl font-semibold text-brand-800">{thankYouCopy.greeting(firstName)}</p>;
}

function Booking() {
  // undefined while prerendered and hydrating; then the token, or null (the page opened directly).
  const token = useSyncExternalStore(noChanges, readToken, () => undefined);
  if (token)
    return (
      <Suspense fallback={<PickerSkeleton label={pickerCopy.loading} />}>
        <ThankYouBooking token={token} />
      </Suspense>
    );
  if (token === null)
    return (
      <div>
        <p className="text-ink">{thankYouCopy.noToken}</p>
        <ButtonLink to="/book" variant="outline" className="mt-4">
          {thankYouCopy.bookCall}
        </ButtonLink>
      </div>
    );
  return null;
}

export default function ThankYouPage() {
  const location = useLocation();
  const navigate = useNavigate();

  // A token in the address is kept in this tab and taken out of the address bar (and so out of a
  // bookmark, a shared link or the history).
  const tokenInAddress = bookingTokenInHash(location.hash);
  useEffect(() => {
    if (!tokenInAddress) return;
    saveBookingToken(tokenInAddress);
    navigate({ pathname: location.pathname, search: location.search, hash: "" }, { replace: true });
  }, [tokenInAddress, navigate, location.pathname, location.search]);

  return (
    <>
      <Seo title={thankYouCopy.seo.title} description={thankYouCopy.seo.description} path="/thank-you" />
      {/* A screen high at least and the card at its top, so that the booking arriving in the card
          moves neither the card (centred, it would rise as it grew) nor the footer (below the first
          screen whatever the booking's length; on it, it was pushed off). */}
      <section className="flex min-h-svh items-start justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-16 sm:px-6">
        <div className="w-full max-w-3xl rounded-card bg-white p-5 text-center shadow-lift sm:p-12">
          <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-700 text-white shadow-soft">
            <CalendarCheck aria-hidden="true" className="h-8 w-8" />
          </span>
          <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{thankYouCopy.heading}</h1>
          <Greeting />
          <p className="mx-auto mt-4 max-w-xl text-lg text-ink-muted text-pretty">{thankYouCopy.message}</p>
          <p className="mt-3 text-ink-muted">{thankYouCopy.nextSteps}</p>
          {/* Above the booking, whose times (of any number) arrive after the page: below them, the link
              would move down the screen as they did, under a visitor's finger. */}
          <ButtonLink to="/" variant="outline" className="mt-6">
            {thankYouCopy.home}
          </ButtonLink>
          <div className="mt-8 border-t border-slate-200 pt-8">
            <NoScriptBooking message={bookCopy.noScript} page="/thank-you" />
            <Booking />
          </div>
        </div>
      </section>
    </>
  );
}
