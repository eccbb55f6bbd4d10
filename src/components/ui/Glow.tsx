import { cn } from "../../lib/cn";

/**
 * A soft blurred light behind a dark band (the contact and stats headers): decoration only, so it is
 * hidden from screen readers and lets clicks through. The caller places, sizes and colours it.
 */
export function Glow({ className }: { className: string }) {
  return <div aria-hidden="true" className={cn("pointer-events-none absolute rounded-full blur-3xl", className)} />;
}
