import { ReachUs } from "./ReachUs";

/**
 * What a page that books calls says before (and without) its script: booking needs JavaScript, and
 * the contact form and WhatsApp work without it. Inside <noscript>, so a browser running script
 * never shows it.
 */
export function NoScriptBooking({ message, page }: { message: string; page: string }) {
  return (
    <noscript>
      <div className="rounded-card border border-brand-100 bg-brand-50 p-5 text-left">
        <p className="text-ink">{message}</p>
        <ReachUs className="mt-4" page={page} />
      </div>
    </noscript>
  );
}
