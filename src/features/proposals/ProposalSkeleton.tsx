import { proposalCopy } from "../../content/proposals";

const bar = "rounded-lg bg-slate-100 motion-safe:animate-pulse";

/** The proposal's outline while it loads: the prerendered shell shows it too, so nothing jumps. */
export function ProposalSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{proposalCopy.loading}</span>
      <div aria-hidden="true" className="space-y-4">
        <div className={`${bar} h-4 w-40`} />
        <div className={`${bar} h-8 w-3/4`} />
        <div className={`${bar} h-4 w-full`} />
        <div className={`${bar} h-4 w-5/6`} />
        <div className={`${bar} mt-8 h-40 w-full`} />
        <div className={`${bar} h-24 w-full`} />
      </div>
    </div>
  );
}
