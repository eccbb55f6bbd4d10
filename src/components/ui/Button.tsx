import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "./Link";
import { config } from "../../config";
import { cn } from "../../lib/cn";

export type ButtonVariant = "primary" | "accent" | "outline" | "ghost" | "light" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors duration-200 focus-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 shadow-soft",
  accent: "bg-accent-400 text-ink hover:bg-accent-500 shadow-soft",
  outline: "border-2 border-brand-700 text-brand-700 hover:bg-brand-50",
  ghost: "text-brand-700 hover:bg-brand-50",
  light: "bg-white text-brand-800 hover:bg-brand-50 shadow-soft",
  danger: "bg-red-700 text-white hover:bg-red-800 shadow-soft",
};

const sizes: Record<ButtonSize, string> = {
  sm: "px-4 py-2 text-sm",
  md: "px-6 py-3 text-base",
  lg: "px-8 py-4 text-lg",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...rest
}: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...rest} />;
}

export function ButtonLink({ variant, size, className, ...rest }: StyleProps & LinkProps) {
  return <Link className={buttonClasses(variant, size, className)} {...rest} />;
}

type ExternalProps = StyleProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> & { children: ReactNode };

/** A link that opens in a new tab without giving the new page a handle on this one. */
export function ExternalLink({
  className,
  children,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel">) {
  return (
    <a target="_blank" rel="noopener noreferrer" className={className} {...rest}>
      {children}
    </a>
  );
}

/** Said after the visible label of a link that opens a new tab, for screen-reader users. */
export function NewTabNote() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}

/**
 * Every 'Get Started' and package call to action: the external intake form, in a new tab.
 * The visible label is followed by a screen-reader hint that it opens a new tab.
 */
export function IntakeFormLink({
  variant = "primary",
  size,
  className,
  children,
  ...rest
}: Omit<ExternalProps, "href">) {
  return (
    <ExternalLink href={config.intakeFormUrl} className={buttonClasses(variant, size, className)} {...rest}>
      {children}
      <NewTabNote />
    </ExternalLink>
  );
}
