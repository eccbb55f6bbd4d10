import { IntakeFormLink } from "../../components/ui/Button";

interface CtaPanelProps {
  title: string;
  description: string;
  /** The label of the intake-form link. */
  button: string;
  /** `lg` closes a page, with a section-sized heading (the portfolio); `md` closes an article (a case study). */
  size?: "md" | "lg";
  className?: string;
}

/**
 * The dark call-to-action panel: a heading, a line, and the accent link to the intake form.
 * The large heading has SectionHeading's classes, written here rather than imported so that a
 * case study does not load the Section module for one heading.
 */
export function CtaPanel({ title, description, button, size = "lg", className = "" }: CtaPanelProps) {
  const lg = size === "lg";
  return (
    <div
      className={`rounded-card bg-brand-950 px-6 text-center shadow-lift sm:px-12 ${lg ? "py-14" : "py-12"} ${className}`}
    >
      <div className={lg ? "mx-auto max-w-3xl" : undefined}>
        <h2
          className={`text-3xl font-extrabold tracking-tight text-white text-balance sm:text-4xl ${lg ? "md:text-5xl" : ""}`}
        >
          {title}
        </h2>
        <p className={`mt-4 text-lg text-brand-100 ${lg ? "text-pretty" : "mx-auto max-w-2xl"}`}>{description}</p>
      </div>
      <IntakeFormLink variant="accent" size="lg" className="mt-8">
        {button}
      </IntakeFormLink>
    </div>
  );
}
