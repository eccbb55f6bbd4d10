import type { ReactNode, Ref } from "react";
import { Button, ButtonLink } from "./Button";

/**
 * The states a page opened from a private link shares (a booking's manage page, a client's
 * proposal), so that the two look and read alike: the link could not be read just now, or it leads
 * no further.
 */

/** The page's data could not be loaded: the reason, and a button that tries again. */
export function LoadFailed({ message, retry, onRetry }: { message: string; retry: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-card border border-red-200 bg-red-50 p-5">
      <p className="text-ink">{message}</p>
      <Button variant="danger" size="sm" className="mt-4" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}

interface LinkEndedProps {
  /** The heading, focusable, which the page focuses when it gets here after an action. */
  ref: Ref<HTMLHeadingElement>;
  heading: ReactNode;
  /** Why, when the heading does not say it all. */
  body?: ReactNode;
  /** Where the visitor goes on from here, and the words of that link. */
  to: string;
  action: ReactNode;
}

/** The link leads no further (unknown, expired, cancelled, answered): what happened, and a way on. */
export function LinkEnded({ ref, heading, body, to, action }: LinkEndedProps) {
  return (
    <div>
      <h2 ref={ref} tabIndex={-1} className="text-2xl font-extrabold text-ink outline-none">
        {heading}
      </h2>
      {body ? <p className="mt-3 text-ink-muted">{body}</p> : null}
      <ButtonLink to={to} className="mt-6">
        {action}
      </ButtonLink>
    </div>
  );
}
