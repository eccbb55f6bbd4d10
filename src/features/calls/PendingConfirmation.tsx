import { MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { pendingCopy } from "../../content/booking";
import { callTimeCopy } from "../../content/calls";
import { formatBookingMoment } from "../../lib/calls/display";
import type { Booking } from "../../lib/calls/contract";

/**
 * What a new booking shows: the time is held, and the e-mail's link confirms it within 15 minutes
 * (the booking is not live before, and nobody else hears of it). Takes the focus when it appears, so
 * a screen reader reads it at once.
 */
export function PendingConfirmation({ booking, visitorZone }: { booking: Booking; visitorZone: string }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, [booking.start]);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      className="scroll-mt-28 rounded-card border border-amber-200 bg-amber-50 p-5 text-left outline-none focus-ring sm:p-6"
    >
      <p role="status" className="flex items-start gap-3 text-lg font-bold text-ink">
        <MailCheck aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-amber-700" />
        {pendingCopy.heading}
      </p>
      <p className="mt-3 text-ink">
        {pendingCopy.held(formatBookingMoment(new Date(booking.start), visitorZone, callTimeCopy))}
      </p>
      <p className="mt-3 text-ink">{pendingCopy.body}</p>
      <p className="mt-3 text-sm text-ink-muted">{pendingCopy.notArrived}</p>
    </div>
  );
}
