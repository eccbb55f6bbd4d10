/**
 * The defaults of the public settings, in a module free of `import.meta.env` so that the server
 * functions (compiled by Vercel, not Vite) read the same values: they take `process.env.VITE_*`
 * first, as config.ts takes `import.meta.env.VITE_*`.
 */
export const CONFIG_DEFAULTS = {
  siteUrl: "https://ascenddigital.ng",
  intakeFormUrl: "https://forms.ascenddigital.ng/start",
  contactEmail: "hello@ascenddigital.ng",
  contactPhone: "+234 809 555 0142",
  /** International format, digits only, as wa.me expects. */
  whatsappNumber: "2348095550142",
} as const;

/** `https://wa.me/{number}` with a prefilled message; digits only in the number, as wa.me requires. */
export function whatsappHref(number: string, message: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(message)}`;
}
