import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "./Link";

/** A link back to the page a screen sits under, led by a left arrow; each page gives its own look. */
export function BackLink({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  return (
    <Link to={to} className={className}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {children}
    </Link>
  );
}
