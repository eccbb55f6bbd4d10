import { useState } from "react";
import { bookCall } from "./calls-api";
import { Confirmation } from "./Confirmation";
import { PendingConfirmation } from "./PendingConfirmation";
import { readConfirmedCall, saveConfirmedCall, type ConfirmedCall } from "./confirmed-call";
import { SlotPicker, type ConfirmTime } from "./SlotPicker";

/**
 * /thank-you's booking (its own chunk): the enquiry just sent books its call with the token the
 * contact function gave, so the visitor only picks a time: no challenge, the enquiry passed the
 * contact form's checks. The booking is held until the link of its e-mail confirms it.
 */
export default function ThankYouBooking({ token }: { token: string }) {
  const [confirmed, setConfirmed] = useState<ConfirmedCall | null>(() => {
    const stored = readConfirmedCall();
    return stored?.leadToken === token ? stored : null;
  });

  const confirm: ConfirmTime = async (start, timeZone, list) => {
    const outcome = await bookCall(start, timeZone, { leadToken: token });
    if (!outcome.ok) return outcome;
    const booking = outcome.value.booking;
    const call = {
      booking,
      visitorZone: timeZone,
      agencyZone: list.timeZone,
      token: booking.manageToken ?? "",
      leadToken: token,
    };
    saveConfirmedCall(call);
    setConfirmed(call);
    return null;
  };

  if (confirmed)
    return confirmed.token ? (
      <Confirmation {...confirmed} />
    ) : (
      <PendingConfirmation booking={confirmed.booking} visitorZone={confirmed.visitorZone} />
    );
  return <SlotPicker onConfirm={confirm} />;
}
