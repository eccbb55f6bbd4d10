import type { ReactNode } from "react";
import { Link } from "./Link";
import { cn } from "../../lib/cn";

/**
 * The centred card of the pages a person reaches before they are signed in: an e-mail link's
 * landing (password reset, invitation) and sign-in. `standalone` for a page with no site header
 * and footer around it: it is the page's `main` and fills the screen.
 */
export function AuthCard({
  standalone = false,
  head,
  heading,
  children,
}: {
  standalone?: boolean;
  /** The page's Seo element. */
  head: ReactNode;
  heading: ReactNode;
  children: ReactNode;
}) {
  const Frame = standalone ? "main" : "section";
  return (
    <Frame
      className={cn(
        "flex",
        standalone ? "min-h-screen" : "min-h-[70vh]",
        "items-center justify-center bg-gradient-to-b from-brand-50/70 to-white px-4 py-16 sm:px-6",
      )}
    >
      {head}
      <div className="w-full max-w-md rounded-card border border-slate-100 bg-white p-6 shadow-lift sm:p-10">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">{heading}</h1>
        {children}
      </div>
    </Frame>
  );
}

/** An e-mail link that can no longer be used: why, and the way back to sign-in (to ask for a new one). */
export function RefusedLink({ message, linkLabel }: { message: ReactNode; linkLabel: ReactNode }) {
  return (
    <div role="alert" className="space-y-4">
      <p className="text-ink">{message}</p>
      <Link to="/login" className="inline-block rounded font-semibold text-brand-700 hover:underline focus-ring">
        {linkLabel}
      </Link>
    </div>
  );
}
