/** Shown while a page's code loads on a client-side navigation. */
export function PageFallback() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status" aria-live="polite">
      <span
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none"
        aria-hidden="true"
      />
      <span className="sr-only">Loading page…</span>
    </div>
  );
}
