import type { LucideIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "../../lib/cn";

/** Green once the call is booked, amber while the e-mail's link has still to confirm it. */
const TONES = {
  confirmed: { panel: "border-emerald-200 bg-emerald-50", icon: "text-emerald-700" },
  pending: { panel: "border-amber-200 bg-amber-50", icon: "text-amber-700" },
} as const;

/**
 * The panel a booking's outcome is shown in: its status line, then what follows from it. It takes the
 * focus when it appears (and when the booking's time changes), so a screen reader reads it at once.
 */
export function BookingPanel({
  tone,
  icon: Icon,
  status,
  start,
  children,
}: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  status: ReactNode;
  /** The booking's start: a new time is a new outcome to announce. */
  start: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, [start]);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      className={cn("scroll-mt-28 rounded-card border p-5 text-left outline-none focus-ring sm:p-6", TONES[tone].panel)}
    >
      <p role="status" className="flex items-start gap-3 text-lg font-bold text-ink">
        <Icon aria-hidden="true" className={cn("mt-0.5 h-6 w-6 shrink-0", TONES[tone].icon)} />
        {status}
      </p>
      {children}
    </div>
  );
}
