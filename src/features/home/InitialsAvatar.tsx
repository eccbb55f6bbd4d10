import { cn } from "../../lib/cn";

const tones = {
  brand: "bg-brand-700 text-accent-300 ring-white",
  accent: "bg-accent-400 text-brand-950 ring-brand-900",
} as const;

/** A drawn avatar with a person's initials (no photos on this site). Decorative: the name is shown beside it. */
export function InitialsAvatar({
  initials,
  tone = "brand",
  className,
}: {
  initials: string;
  tone?: keyof typeof tones;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full font-bold ring-4",
        tones[tone],
        className,
      )}
    >
      {initials}
    </span>
  );
}
