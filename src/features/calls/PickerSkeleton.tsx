/**
 * The picker's place while its code or the free times load: grey blocks of the final layout's size,
 * three days of times (the picker lists the days ahead), enough to keep what follows it
 * below the first screen until they come.
 */
export function PickerSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="text-left">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
        <div className="h-7 w-3/4 rounded-lg bg-slate-200" />
        <div className="mt-3 h-4 w-1/2 rounded bg-slate-100" />
        {[0, 1, 2].map((day) => (
          <div key={day} className="mt-8">
            <div className="h-4 w-40 rounded bg-slate-200" />
            <div className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
              {Array.from({ length: 6 }, (_, slot) => (
                <div key={slot} className="h-12 rounded-xl bg-slate-100" />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
