/** The badge colours of an outbox row's status: an ad conversion event or a lead message alike. */
export const OUTBOX_BADGE = {
  delivered: "bg-emerald-50 text-emerald-800",
  waiting: "bg-amber-50 text-amber-900",
  skipped: "bg-slate-100 text-slate-700",
  failed: "bg-red-50 text-red-800",
} as const;
