import { site } from "../../content/site";
import { cn } from "../../lib/cn";

/** The wordmark: an ascending mark drawn for the site, and the name. */
export function Logo({ tone = "dark", className }: { tone?: "dark" | "light"; className?: string }) {
  return (
    <span className={cn("flex items-center gap-2.5", className)}>
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="11" className={tone === "dark" ? "fill-brand-700" : "fill-white"} />
        <path
          d="M10 28 L18 17 L23 22 L30 12"
          fill="none"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="stroke-accent-400"
        />
        <circle cx="30" cy="12" r="3" className="fill-accent-400" />
      </svg>
      <span className={cn("text-xl font-extrabold tracking-tight", tone === "dark" ? "text-ink" : "text-white")}>
        {site.shortName} <span className={tone === "dark" ? "text-brand-600" : "text-accent-300"}>Digital</span>
      </span>
    </span>
  );
}
