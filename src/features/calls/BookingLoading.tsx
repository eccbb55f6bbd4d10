import { manageCopy } from "../../content/booking";

/** A booking's page while the booking loads, from the prerendered page until it has come. */
export function BookingLoading() {
  return (
    <p role="status" className="text-ink-muted">
      {manageCopy.loading}
    </p>
  );
}
