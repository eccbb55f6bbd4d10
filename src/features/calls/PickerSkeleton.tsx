/**
 * Grey blocks of three days of times, the size of the real ones: the times' place in the picker
 * while they load (SlotPicker, whose heading and zone are there from the first paint), announced as
 * loading.
 */
export function TimesSkeleton({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="space-y-6 animate-pulse motion-reduce:animate-none">
        {[0, 1, 2].map((day) => (
          <div key={day}>
            <div className="h-5 w-40 rounded bg-slate-200" />
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

/**
 * The whole picker's place while its code loads (a page reached from another, before the form's
 * chunk arrives): blocks for its heading, then the times', enough to keep what follows it below the
 * first screen until they come.
 */
export function PickerSkeleton({ label }: { label: string }) {
  return (
    <div className="text-left">
      <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
        <div className="h-7 w-3/4 rounded-lg bg-slate-200" />
        <div className="mt-3 h-4 w-1/2 rounded bg-slate-100" />
      </div>
      <TimesSkeleton label={label} className="mt-8" />
    </div>
  );
}
