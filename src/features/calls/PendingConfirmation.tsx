import { MailCheck } from "lucide-react";
import { pendingCopy } from "../../content/booking";
import { callTimeCopy } from "../../content/calls";
import { formatBookingMoment } from "../../lib/calls/display";
import type { Booking } from "../../lib/calls/contract";
import { BookingPanel } from "./BookingPanel";

/**
 * What a new booking shows: the time is held, and the e-mail's link confirms it within 15 minutes
 * (the booking is not live before, and nobody else hears of it).
 */
export function PendingConfirmation({ booking, visitorZone }: { booking: Booking; visitorZone: string }) {
  return (
    <BookingPanel tone="pending" icon={MailCheck} status={pendingCopy.heading} start={booking.start}>
      <p className="mt-3 text-ink">
        {pendingCopy.held(formatBookingMoment(new Date(booking.start), visitorZone, callTimeCopy))}
      </p>
      <p className="mt-3 text-ink">{pendingCopy.body}</p>
      <p className="mt-3 text-sm text-ink-muted">{pendingCopy.notArrived}</p>
    </BookingPanel>
  );
}
