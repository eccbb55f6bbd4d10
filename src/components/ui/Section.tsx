import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn";

interface SectionProps extends HTMLAttributes<HTMLElement> {
  /** Constrain the inner content to the site's reading width. */
  contained?: boolean;
  /** Edge to edge: no horizontal padding (for full-width strips such as carousels). */
  bleed?: boolean;
  /** A band that never starts on the first screen: its style and layout wait until it is near (index.css). */
  belowFold?: boolean;
  children: ReactNode;
}

/** A page band with consistent vertical rhythm and horizontal padding. */
export function Section({
  contained = true,
  bleed = false,
  belowFold = false,
  className,
  children,
  ...rest
}: SectionProps) {
  return (
    <section
      className={cn("py-16 md:py-24", !bleed && "px-4 sm:px-6 lg:px-8", belowFold && "skip-offscreen", className)}
      {...rest}
    >
      {contained ? <div className="mx-auto max-w-7xl">{children}</div> : children}
    </section>
  );
}

interface SectionHeadingProps {
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: "left" | "center";
  /** Heading level: pages have one h1, sections use h2. */
  as?: "h1" | "h2";
  id?: string;
  className?: string;
  tone?: "dark" | "light";
  /** Space below the heading block: "md" before content, "none" when the heading stands alone. */
  spacing?: "none" | "sm" | "md";
}

const headingSpacing = { none: "", sm: "mb-8", md: "mb-12" } as const;

/**
 * A section's eyebrow, title and description. A content block that holds those three passes them as
 * they are (`<SectionHeading {...processSection} id="process-heading" />`); its other fields are
 * not read, and the props written after the spread set the layout.
 */
export function SectionHeading({
  eyebrow,
  title,
  description,
  align = "center",
  as: Tag = "h2",
  id,
  className,
  tone = "dark",
  spacing = "md",
}: SectionHeadingProps) {
  return (
    <div
      className={cn(
        "max-w-3xl",
        headingSpacing[spacing],
        align === "center" ? "mx-auto text-center" : "text-left",
        className,
      )}
    >
      {eyebrow ? (
        <p
          className={cn(
            "mb-3 text-sm font-semibold uppercase tracking-[0.18em]",
            tone === "dark" ? "text-brand-700" : "text-accent-300",
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <Tag
        id={id}
        className={cn(
          "text-3xl font-extrabold tracking-tight text-balance sm:text-4xl md:text-5xl",
          tone === "dark" ? "text-ink" : "text-white",
        )}
      >
        {title}
      </Tag>
      {description ? (
        <p className={cn("mt-4 text-lg text-pretty", tone === "dark" ? "text-ink-muted" : "text-brand-100")}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
