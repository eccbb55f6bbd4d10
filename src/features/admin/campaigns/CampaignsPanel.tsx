import type { ReactNode } from "react";

/**
 * A card of the Campaigns page below its funnel (the ad spend, the exchange rates): a section named
 * by its heading, an intro under it and, beside them, what the panel offers (the CSV), if anything.
 */
export function CampaignsPanel({
  id,
  heading,
  intro,
  action,
  children,
}: {
  /** Names the heading, whose id is `${id}-heading`, so the section is labelled by it. */
  id: string;
  heading: string;
  intro: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const title = (
    <div className="max-w-3xl">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-ink">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{intro}</p>
    </div>
  );
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-card border border-slate-100 bg-white p-5 shadow-soft"
    >
      {action ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          {title}
          {action}
        </div>
      ) : (
        title
      )}
      {children}
    </section>
  );
}
