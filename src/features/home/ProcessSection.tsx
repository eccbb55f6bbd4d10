import { Section, SectionHeading } from "../../components/ui/Section";
import { processSection, processSteps, type ProcessStep } from "../../content/home";
import { useRevealOnView } from "../../lib/use-reveal";
import { homeIcons } from "./home-icons";

const hidden = { opacity: 0, transform: "translateY(24px)" };

/** 'How It Works': four steps that fade up once, in a stagger, when scrolled into view. */
export function ProcessSection() {
  return (
    <Section belowFold aria-labelledby="process-heading">
      <SectionHeading {...processSection} id="process-heading" />
      <ol className="relative grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        <span
          aria-hidden="true"
          className="absolute left-[12%] right-[12%] top-10 hidden h-0.5 bg-gradient-to-r from-brand-100 via-brand-300 to-accent-400 lg:block"
        />
        {processSteps.map((step, index) => (
          <StepCard key={step.title} step={step} index={index} />
        ))}
      </ol>
    </Section>
  );
}

function StepCard({ step, index }: { step: ProcessStep; index: number }) {
  const { ref, style } = useRevealOnView<HTMLLIElement>(hidden, {
    durationMs: 500,
    delayMs: index * 100,
    easing: "ease-out",
  });
  const Icon = homeIcons[step.icon];
  return (
    <li
      ref={ref}
      style={style}
      className="relative rounded-card border border-slate-200 bg-white p-6 text-center shadow-soft"
    >
      <span className="relative mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-brand-700 text-white ring-8 ring-brand-50">
        <Icon aria-hidden="true" className="h-8 w-8" />
        <span
          aria-hidden="true"
          className="absolute -right-1 -top-1 flex h-7 w-7 items-center justify-center rounded-full bg-accent-400 text-sm font-extrabold text-brand-950"
        >
          {index + 1}
        </span>
      </span>
      <p className="mt-5 text-xs font-semibold uppercase tracking-[0.18em] text-brand-700">
        {processSection.stepLabel(index)}
      </p>
      <h3 className="mt-1 text-lg font-bold text-ink">{step.title}</h3>
      <p className="mt-2 leading-relaxed text-ink-muted">{step.description}</p>
    </li>
  );
}
