import { CircleCheck, Quote } from "lucide-react";
import { caseStudyText, type CaseStudy, type CaseStudyImage } from "../../../content/case-studies";
import { cn } from "../../../lib/cn";
import { metricIcons } from "./metric-icons";

export function CaseImage({
  image,
  className,
  eager = false,
}: {
  image: CaseStudyImage;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={cn("h-auto w-full rounded-card shadow-lift", className)}
    />
  );
}

export function KeyMetrics({ study, emphasis = false }: { study: CaseStudy; emphasis?: boolean }) {
  return (
    <section aria-labelledby="metrics-heading">
      <h2 id="metrics-heading" className="text-2xl font-extrabold tracking-tight text-ink">
        {caseStudyText.metrics}
      </h2>
      <ul
        className={cn(
          "mt-6 grid gap-4",
          study.keyMetrics.length > 2 ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-2",
        )}
      >
        {study.keyMetrics.map((metric) => {
          const Icon = metricIcons[metric.icon];
          return (
            <li
              key={metric.label}
              className={cn(
                "rounded-card p-6 shadow-soft",
                emphasis ? "bg-brand-950 text-white" : "border border-slate-100 bg-white",
              )}
            >
              <Icon aria-hidden="true" className={cn("h-6 w-6", emphasis ? "text-accent-300" : "text-brand-600")} />
              <p
                className={cn(
                  "mt-4 text-4xl font-extrabold tracking-tight",
                  emphasis ? "text-white" : "text-brand-800",
                )}
              >
                {metric.value}
              </p>
              <p className={cn("mt-1 text-sm font-medium", emphasis ? "text-brand-100" : "text-ink-muted")}>
                {metric.label}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Challenge, what we did, and the impact: the story every case study tells. */
export function Story({ study }: { study: CaseStudy }) {
  const parts = [
    { title: caseStudyText.challenge, text: study.challenge },
    { title: caseStudyText.intervention, text: study.intervention },
    { title: caseStudyText.impact, text: study.impact },
  ];
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {parts.map((part, index) => (
        <section key={part.title} className="rounded-card border border-slate-100 bg-white p-6 shadow-soft">
          <p className="text-sm font-bold text-brand-600" aria-hidden="true">
            0{index + 1}
          </p>
          <h2 className="mt-2 text-xl font-bold text-ink">{part.title}</h2>
          <p className="mt-3 leading-relaxed text-ink-muted">{part.text}</p>
        </section>
      ))}
    </div>
  );
}

export function Highlights({ study, title }: { study: CaseStudy; title: string }) {
  return (
    <section aria-labelledby="highlights-heading">
      <h2 id="highlights-heading" className="text-2xl font-extrabold tracking-tight text-ink">
        {title}
      </h2>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {study.highlights.map((highlight) => (
          <li key={highlight} className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-ink">
            <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            <span>{highlight}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Testimonial({ study }: { study: CaseStudy }) {
  if (!study.testimonial) return null;
  return (
    <figure className="rounded-card bg-gradient-to-br from-brand-700 to-brand-900 p-8 text-white shadow-lift sm:p-10">
      <Quote aria-hidden="true" className="h-8 w-8 text-accent-300" />
      <blockquote className="mt-4 text-xl font-semibold leading-relaxed text-balance sm:text-2xl">
        {study.testimonial.text}
      </blockquote>
      <figcaption className="mt-4 text-sm font-medium text-brand-100">{study.testimonial.author}</figcaption>
    </figure>
  );
}
