import { cn } from "../../lib/cn";

/** A drawn avatar with a person's initials (no photos on this site). Decorative: the name is shown beside it. */
export function InitialsAvatar({ initials, className }: { initials: string; className?: string }) {
  return (
    <span aria-hidden="true" className={cn("inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-accent-300 ring-4 ring-white", className)}>
      {initials}
    </span>
  );
}
