import { BadgeCheck, CalendarPlus, PhoneCall, Settings2, Video } from "lucide-react";
import { Link } from "../../components/ui/Link";
import { ExternalLink, NewTabNote } from "../../components/ui/Button";
import { confirmationCopy } from "../../content/booking";
import { callTimeCopy } from "../../content/calls";
import { callsFunctionCopy } from "../../content/functions";
import { confirmationLine } from "../../lib/calls/display";
import { googleCalendarLink, httpsUrlOrNull } from "../../lib/calls/links";
import { MANAGE_CALL_PATH } from "../../lib/calls/manage-path";
import type { Booking } from "../../lib/calls/contract";
import { BookingPanel } from "./BookingPanel";
import { CALLS_API } from "./calls-api";

const linkClass =
  "inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50 focus-ring";

interface ConfirmationProps {
  booking: Booking;
  /** The zone the visitor chose in the picker. */
  visitorZone: string;
  agencyZone: string;
  /** The manage links' token: the one the booking's answer gave, or the manage page's own. */
  token: string;
  /** Leave out the link to the manage page (on the manage page itself). */
  showManage?: boolean;
}

/**
 * The booked call, said once, with where it happens and the ways to keep it: the invitation as a
 * file, Google Calendar's template, and the booking's own page. The place's URL becomes a link only
 * when it is https.
 */
export function Confirmation({ booking, visitorZone, agencyZone, token, showManage = true }: ConfirmationProps) {
  const start = new Date(booking.start);
  const placeUrl = httpsUrlOrNull(booking.place.url);
  const google = googleCalendarLink({
    title: callsFunctionCopy.invite.title,
    start,
    end: new Date(booking.end),
    details: callsFunctionCopy.invite.description,
    location: placeUrl ?? booking.place.label,
  });
  return (
    <BookingPanel
      tone="confirmed"
      icon={BadgeCheck}
      status={confirmationLine(start, visitorZone, agencyZone, callTimeCopy)}
      start={booking.start}
    >
      <p className="mt-4 flex items-start gap-3 text-ink">
        {booking.place.kind === "phone" ? (
          <PhoneCall aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        ) : (
          <Video aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        )}
        <span>
          <span className="font-semibold">{confirmationCopy.where}: </span>
          {booking.place.label}
          {placeUrl ? (
            <>
              {" "}
              <ExternalLink href={placeUrl} className="break-all font-semibold text-brand-700 underline focus-ring">
                {placeUrl}
                <NewTabNote />
              </ExternalLink>
            </>
          ) : null}
        </span>
      </p>
      <p className="mt-4 text-sm text-ink-muted">{confirmationCopy.invitation}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        {/* A form's POST, so the token never rides in a URL: the answer is an attachment, and the
            page stays where it is. */}
        <form method="post" action={CALLS_API} className="contents">
          <input type="hidden" name="action" value="invitation" />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={linkClass}>
            <CalendarPlus aria-hidden="true" className="h-4 w-4" />
            {confirmationCopy.ics}
          </button>
        </form>
        <ExternalLink href={google} className={linkClass}>
          <CalendarPlus aria-hidden="true" className="h-4 w-4" />
          {confirmationCopy.google}
          <NewTabNote />
        </ExternalLink>
        {showManage ? (
          <Link to={`${MANAGE_CALL_PATH}#token=${encodeURIComponent(token)}`} className={linkClass}>
            <Settings2 aria-hidden="true" className="h-4 w-4" />
            {confirmationCopy.manage}
          </Link>
        ) : null}
      </div>
    </BookingPanel>
  );
}
