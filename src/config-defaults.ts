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

/**
 * The local Supabase's public anon key, signed with the fixed local JWT secret like Supabase's own
 * local keys. It is used only when no hosted Supabase URL is configured (the dev and preview servers
 * then serve the local backend at the same origin), and grants nothing beyond what the RLS policies
 * allow an anonymous visitor. Shared by the browser config, the server functions and supabase/local,
 * so that no copy can drift; free of `import.meta.env`, so plain Node can import it.
 */
export const LOCAL_SUPABASE_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1sb2NhbCIsInJvbGUiOiJhbm9uIiwiaWF0IjoxNzY3MjI1NjAwLCJleHAiOjIwODI3NTg0MDB9.QaEhCxdQJ20c-uvtqQ5gMetS3XdQ5WSrsZxVz20rbgM";
