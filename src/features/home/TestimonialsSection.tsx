import { Star } from "lucide-react";
import { Section, SectionHeading } from "../../components/ui/Section";
import { TESTIMONIAL_RATING, testimonials, testimonialsSection, type Testimonial } from "../../content/testimonials";
import { cn } from "../../lib/cn";
import { usePlayInView } from "./use-play-in-view";

/**
 * 'What Our Clients Say': the six testimonials twice in one track that loops by -50%. It starts
 * when scrolled into view, pauses on hover or keyboard focus, and under reduced motion becomes a
 * static, horizontally scrollable row of the six (the copy is hidden).
 */
export function TestimonialsSection() {
  const [viewportRef, playing] = usePlayInView<HTMLDivElement>();

  return (
    <Section
      belowFold
      aria-labelledby="testimonials-heading"
      contained={false}
      bleed
      className="overflow-hidden bg-gradient-to-b from-white to-brand-50/60"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading {...testimonialsSection} id="testimonials-heading" />
      </div>
      <div
        ref={viewportRef}
        data-playing={playing ? "true" : "false"}
        // A keyboard stop: focus pauses the loop, and under reduced motion the strip scrolls sideways.
        tabIndex={0}
        role="region"
        aria-label={testimonialsSection.regionLabel}
        className="group relative overflow-hidden py-4 focus-ring focus-visible:ring-inset [mask-image:linear-gradient(to_right,transparent,black_6%,black_94%,transparent)] motion-reduce:overflow-x-auto motion-reduce:[mask-image:none]"
      >
        <div
          className={cn(
            "flex w-max animate-[marquee_70s_linear_infinite] group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused] motion-reduce:animate-none",
            !playing && "[animation-play-state:paused]",
          )}
        >
          <TestimonialList />
          <TestimonialList copy />
        </div>
      </div>
    </Section>
  );
}

function TestimonialList({ copy = false }: { copy?: boolean }) {
  return (
    <ul
      aria-hidden={copy ? true : undefined}
      className={cn("flex shrink-0 gap-6 pr-6", copy ? "motion-reduce:hidden" : "motion-reduce:pl-4")}
    >
      {testimonials.map((testimonial) => (
        <li key={testimonial.name} className="w-[19rem] shrink-0 sm:w-[24rem]">
          <TestimonialCard testimonial={testimonial} />
        </li>
      ))}
    </ul>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-card border border-slate-200 bg-white p-7 shadow-soft">
      <p
        role="img"
        aria-label={testimonialsSection.ratingLabel(TESTIMONIAL_RATING)}
        className="flex gap-1 text-accent-500"
      >
        {Array.from({ length: TESTIMONIAL_RATING }, (_, index) => (
          <Star key={index} aria-hidden="true" data-star="" className="h-5 w-5 fill-current" />
        ))}
      </p>
      <blockquote className="mt-5 flex-1 leading-relaxed text-ink">
        <p>&ldquo;{testimonial.text}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-4">
        <img
          src={testimonial.image}
          width={48}
          height={48}
          alt=""
          loading="lazy"
          decoding="async"
          className="h-12 w-12 rounded-full"
        />
        <span>
          <span className="block font-bold text-ink">{testimonial.name}</span>
          <span className="block text-sm text-ink-muted">{testimonial.company}</span>
        </span>
      </figcaption>
    </figure>
  );
}
