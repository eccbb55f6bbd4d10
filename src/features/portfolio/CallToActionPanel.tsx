import { IntakeFormLink } from "../../components/ui/Button";
import { SectionHeading } from "../../components/ui/Section";
import { cn } from "../../lib/cn";

interface CallToActionPanelProps {
  title: string;
  description: string;
  /** The label of the intake-form link. */
  button: string;
  /** `lg` closes a page with a section-sized heading (the portfolio); `md` closes an article (a case study). */
  size?: "md" | "lg";
  className?: string;
}

/** The dark closing panel: a heading, a line, and the accent link to the intake form. */
export function CallToActionPanel({ title, description, button, size = "lg", className }: CallToActionPanelProps) {
  return (
    <div className={cn("rounded-card bg-brand-950 px-6 text-center shadow-lift sm:px-12", size === "lg" ? "py-14" : "py-12", className)}>
      {size === "lg" ? (
        <SectionHeading title={title} description={description} tone="light" spacing="none" />
      ) : (
        <>
          <h2 className="text-3xl font-extrabold tracking-tight text-white text-balance sm:text-4xl">{title}</h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{description}</p>
        </>
      )}
      <IntakeFormLink variant="accent" size="lg" className="mt-8">
        {button}
      </IntakeFormLink>
    </div>
  );
}
