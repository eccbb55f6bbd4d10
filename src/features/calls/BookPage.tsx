import { CalendarCheck } from "lucide-react";
import { Seo } from "../../components/ui/Seo";
import { bookCopy } from "../../content/booking";
import { NoScriptBooking } from "./NoScriptBooking";

// The form and the picker are in the page's own chunk, which the browser loads before hydrating
// (main.tsx). The server renders them at request time (the details, the picker's heading and zone,
// and the first day's times: src/server/blog.ts). As a chunk of their own behind a Suspense boundary,
// they hydrated in a pass after the page's, once hydration had reached the boundary and their code
// had come in three steps (the form, its imports, theirs): the first free time hydrated 266-316 ms
// after the page at the low-tier phone's 9x, and a first tap on it before that waited while React
// hydrated the form in the click (its handler 121.6 ms, the tap 408 ms: docs/performance.md,
// "`/book`'s first tap, hydrated in time"). tests/e2e/calls.spec.ts holds it to the page's pass.
import BookForm from "./BookForm";

/**
 * /book: a discovery call for someone who has not sent the contact form. Rendered at request time
 * with its free times (lib/calls/book-times.ts); the form needs script.
 */
export default function BookPage() {
  return (
    <>
      <Seo title={bookCopy.seo.title} description={bookCopy.seo.description} path="/book" />
      <section className="relative overflow-hidden bg-brand-950 px-4 pb-28 pt-16 text-white sm:px-6 md:pt-24 lg:px-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-brand-600/40 blur-3xl"
        />
        <div className="relative mx-auto max-w-4xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold text-accent-300">
            <CalendarCheck aria-hidden="true" className="h-4 w-4" />
            {bookCopy.eyebrow}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{bookCopy.heading}</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100 text-pretty">{bookCopy.intro}</p>
        </div>
      </section>
      <div className="px-4 pb-16 sm:px-6 md:pb-24 lg:px-8">
        <div className="relative z-10 mx-auto -mt-16 max-w-4xl rounded-card bg-white p-5 shadow-lift sm:p-8">
          <NoScriptBooking message={bookCopy.noScript} page="/book" />
          {/* The form in the server's page too, the first day's times in it (or, when the server could
              not have them, their skeleton), so that the footer is below the first screen before the
              times arrive rather than pushed down by them (CLS 0.17 at 390 px, 0.15 at 1440 without
              either). One form from the first paint to the times:
              rendered after hydration instead, it replaced a skeleton twice, each a frame of style,
              layout and paint. Not shown without script (index.html), where NoScriptBooking says how
              to reach us. */}
          <div className="needs-script">
            <BookForm />
          </div>
        </div>
      </div>
    </>
  );
}
