/** The look of a text input or textarea on a white form: one definition for every form of the site. */
export const textFieldClasses =
  "mt-2 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-ink placeholder:text-ink-soft focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";
