import { AGENCY_TIME_ZONE } from "../../lib/agency-zone";
import { CalendarClock, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import { TextAreaField } from "../../components/ui/Field";
import { LinkEnded, LoadFailed } from "../../components/ui/LinkStates";
import { LabelledSection } from "../../components/ui/LabelledSection";
import { confirmCopy, manageCopy, pickerCopy } from "../../content/booking";
import { thankYouCopy } from "../../content/contact";
import { isValidTimeZone } from "../../lib/calls/display";
import { runDetached } from "../../lib/detached";
import { MANAGE_CALL_PATH } from "../../lib/calls/manage-path";
import type { Booking } from "../../lib/calls/contract";
import { cancelCall, confirmCall, loadBooking, loadSlots, rescheduleCall } from "./calls-api";
import { Confirmation } from "./Confirmation";
import { SlotPicker, type ConfirmTime } from "./SlotPicker";
import { BookingLoading } from "./BookingLoading";

type View =
  | { kind: "loading" }
  | { kind: "invalid" }
  | { kind: "failed"; message: string }
  | { kind: "booked"; booking: Booking; moved?: boolean; confirmed?: boolean }
  | { kind: "expired" }
  | { kind: "moving"; booking: Booking }
  | { kind: "cancelling"; booking: Booking; error?: string }
  | { kind: "cancelled" };

/**
 * What the page says when its link leads no further, by why: a hold not confirmed in time, a token
 * unknown or past, the call just cancelled.
 */
const ENDED = {
  expired: { heading: confirmCopy.expiredHeading, body: confirmCopy.expiredBody, action: manageCopy.bookAgain },
  invalid: { heading: manageCopy.invalid, body: manageCopy.invalidBody, action: manageCopy.bookAgain },
  cancelled: { heading: manageCopy.cancelled, action: thankYouCopy.bookCall },
};
const isEnded = (view: View): view is Extract<View, { kind: keyof typeof ENDED }> => view.kind in ENDED;

/**
 * The booking's own page (its own chunk), from the e-mail's link: the call, its calendar links, and
 * two actions. "Reschedule" opens the picker without the call's own time (once moved, the old time
 * is free for others again: the server frees it); "Cancel" asks for an optional note and a second
 * tap. A token unknown, cancelled or past shows "This link is no longer valid." and a way to book.
 *
 * With `confirmToken` (the confirmation e-mail's `#confirm=…`), the page first confirms the held
 * booking (posted in a body), then shows it as confirmed with the manage token the answer gives,
 * which replaces the fragment so a reload shows the call; an expired hold says so.
 */
export default function ManageCall({ token: givenToken, confirmToken }: { token?: string; confirmToken?: string }) {
  const [view, setView] = useState<View>({ kind: "loading" });
  const [token, setToken] = useState(givenToken ?? "");
  // The confirmation's answer is the booking already: no second load for its token.
  const givenByConfirmation = useRef(false);
  const [agencyZone, setAgencyZone] = useState(AGENCY_TIME_ZONE);
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (token || !confirmToken) return;
    let live = true;
    runDetached(
      Promise.all([confirmCall(confirmToken), loadSlots()]).then(([confirmed, slots]) => {
        if (!live) return;
        if (slots.ok) setAgencyZone(slots.value.timeZone);
        if (confirmed.ok && confirmed.value.booking.manageToken) {
          const manageToken = confirmed.value.booking.manageToken;
          window.history.replaceState(null, "", `${MANAGE_CALL_PATH}#token=${encodeURIComponent(manageToken)}`);
          givenByConfirmation.current = true;
          setToken(manageToken);
          setView({ kind: "booked", booking: confirmed.value.booking, confirmed: true });
        } else if (!confirmed.ok && confirmed.status === 410) setView({ kind: "expired" });
        else setView({ kind: "failed", message: confirmed.ok ? pickerCopy.server : confirmed.message });
      }),
      "Confirming the booking",
    );
    return () => {
      live = false;
    };
  }, [confirmToken, token, attempt]);

  useEffect(() => {
    if (!token) return;
    if (givenByConfirmation.current) {
      givenByConfirmation.current = false;
      return;
    }
    let live = true;
    runDetached(
      Promise.all([loadBooking(token), loadSlots()]).then(([booking, slots]) => {
        if (!live) return;
        if (slots.ok) setAgencyZone(slots.value.timeZone);
        if (booking.ok) setView({ kind: "booked", booking: booking.value.booking });
        else if (booking.status === 404 || booking.status === 400) setView({ kind: "invalid" });
        else setView({ kind: "failed", message: booking.message });
      }),
      "Loading the booking",
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  useEffect(() => {
    if (view.kind in ENDED) heading.current?.focus();
  }, [view.kind]);

  if (view.kind === "loading") return <BookingLoading />;
  if (view.kind === "failed")
    return (
      <LoadFailed message={view.message} retry={pickerCopy.failed.retry} onRetry={() => setAttempt((n) => n + 1)} />
    );
  if (isEnded(view)) return <LinkEnded ref={heading} to="/book" {...ENDED[view.kind]} />;

  const booking = view.booking;
  const visitorZone = isValidTimeZone(booking.timeZone) ? booking.timeZone : agencyZone;

  const move: ConfirmTime = async (start, timeZone, list) => {
    const outcome = await rescheduleCall(token, start, timeZone);
    if (!outcome.ok) {
      if (outcome.status === 404) setView({ kind: "invalid" });
      return outcome.status === 404 ? null : outcome;
    }
    setAgencyZone(list.timeZone);
    setView({ kind: "booked", booking: outcome.value.booking, moved: true });
    return null;
  };

  async function cancel() {
    setSending(true);
    const outcome = await cancelCall(token, note);
    setSending(false);
    if (outcome.ok) setView({ kind: "cancelled" });
    else if (outcome.status === 404) setView({ kind: "invalid" });
    else setView({ kind: "cancelling", booking, error: outcome.message });
  }

  return (
    <div className="space-y-6">
      {view.kind === "booked" && view.moved ? (
        <p role="status" className="font-semibold text-emerald-800">
          {manageCopy.moved}
        </p>
      ) : null}
      {view.kind === "booked" && view.confirmed ? (
        <p role="status" className="font-semibold text-emerald-800">
          {confirmCopy.confirmed}
        </p>
      ) : null}
      <Confirmation
        booking={booking}
        visitorZone={visitorZone}
        agencyZone={agencyZone}
        token={token}
        showManage={false}
      />
      {view.kind === "booked" ? (
        <div className="flex flex-wrap gap-3">
          <Button variant="primary" onClick={() => setView({ kind: "moving", booking })}>
            <CalendarClock aria-hidden="true" className="h-5 w-5" />
            {manageCopy.reschedule}
          </Button>
          <Button variant="outline" onClick={() => setView({ kind: "cancelling", booking })}>
            <XCircle aria-hidden="true" className="h-5 w-5" />
            {manageCopy.cancel}
          </Button>
        </div>
      ) : null}
      {view.kind === "moving" ? (
        <div className="rounded-card border border-slate-200 p-5 sm:p-8">
          <SlotPicker onConfirm={move} exclude={booking.start} heading={manageCopy.rescheduleHeading} />
          <Button variant="ghost" className="mt-4" onClick={() => setView({ kind: "booked", booking })}>
            {manageCopy.keep}
          </Button>
        </div>
      ) : null}
      {view.kind === "cancelling" ? (
        <LabelledSection
          id="cancel-heading"
          heading={manageCopy.cancelHeading}
          className="rounded-card border border-red-200 bg-red-50/60 p-5 sm:p-8"
          headingClassName="text-xl font-extrabold text-ink"
        >
          <TextAreaField
            id="cancel-note"
            className="mt-4"
            label={manageCopy.noteLabel}
            value={note}
            onValueChange={setNote}
            rows={3}
            maxLength={1000}
          />
          {view.error ? (
            <p role="alert" className="mt-3 font-medium text-red-700">
              {view.error}
            </p>
          ) : null}
          <div className="mt-5 flex flex-wrap gap-3">
            <Button variant="danger" disabled={sending} onClick={() => runDetached(cancel(), "Cancelling the call")}>
              {sending ? manageCopy.cancelling : manageCopy.confirmCancel}
            </Button>
            <Button variant="ghost" onClick={() => setView({ kind: "booked", booking })}>
              {manageCopy.keep}
            </Button>
          </div>
        </LabelledSection>
      ) : null}
    </div>
  );
}
