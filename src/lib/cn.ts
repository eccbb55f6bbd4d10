import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Deliberately not tailwind-merge (about 10 KB gzipped on every page): components
 * take variant props instead of letting callers override conflicting utilities, so a caller's
 * `className` only adds layout (margins, widths) that the component itself does not set.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
