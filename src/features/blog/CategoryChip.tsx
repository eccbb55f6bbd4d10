import type { ReactNode } from "react";
import { Link } from "../../components/ui/Link";
import { cn } from "../../lib/cn";

const chipClasses = {
  md: "min-h-11 border px-4 font-semibold transition-colors focus-visible:ring-offset-2",
  sm: "gap-2 border border-brand-100 bg-brand-50 px-3 py-1.5 font-medium text-brand-800 hover:bg-brand-100",
};

/**
 * A link to a category's page drawn as a pill: `md` in the category bar and the search page's
 * suggestions (the current category filled), `sm` in the sidebar (with its count as children).
 */
export function CategoryChip({
  to,
  current = false,
  size = "md",
  children,
}: {
  to: string;
  current?: boolean;
  size?: "sm" | "md";
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={cn(
        "inline-flex items-center rounded-full text-sm focus-ring",
        chipClasses[size],
        size === "md" &&
          (current
            ? "border-brand-700 bg-brand-700 text-white"
            : "border-brand-100 bg-white text-brand-800 hover:bg-brand-50"),
      )}
    >
      {children}
    </Link>
  );
}
