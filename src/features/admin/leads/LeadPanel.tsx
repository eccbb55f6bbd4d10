import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

/** One of the lead page's white panels, named by its heading (and what stands under the heading). */
export function LeadPanel({
  id,
  title,
  subtitle,
  className,
  children,
}: {
  id: string;
  title: string;
  subtitle?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-card border border-slate-100 bg-white p-5 shadow-soft", className)}
    >
      <div>
        <h2 id={id} className="font-bold text-ink">
          {title}
        </h2>
        {subtitle}
      </div>
      {children}
    </section>
  );
}
