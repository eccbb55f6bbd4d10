import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

interface LabelledSectionProps {
  /** The heading's id, which names the landmark (unique on the page). */
  id: string;
  heading: ReactNode;
  /** A list of links (a table of contents) is a nav; anything else a section. */
  as?: "section" | "nav";
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}

/**
 * A landmark named by the h2 at its top, so a screen reader announces the region by the words
 * readers see (and tests find it by role and that name).
 */
export function LabelledSection({
  id,
  heading,
  as: Tag = "section",
  className,
  headingClassName,
  children,
}: LabelledSectionProps) {
  return (
    <Tag aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </Tag>
  );
}

interface LabelledCardProps extends Omit<LabelledSectionProps, "as" | "headingClassName"> {
  /** "lg" sets the heading in the larger text size (text-lg). */
  headingSize?: "base" | "lg";
}

/**
 * A white card named by its bold heading (the share box under an article, the editor's history
 * panels, the profile's preview). The card's look is set here; `className` gives its place and
 * padding.
 */
export function LabelledCard({ headingSize = "base", className, ...section }: LabelledCardProps) {
  return (
    <LabelledSection
      {...section}
      className={cn(className, "rounded-card border border-slate-100 bg-white shadow-soft")}
      headingClassName={cn(headingSize === "lg" && "text-lg", "font-bold text-ink")}
    />
  );
}
