import { CircleCheck, Quote } from "lucide-react";
import { Section, SectionHeading } from "../../components/ui/Section";
import { about } from "../../content/home";
import { InitialsAvatar } from "./InitialsAvatar";

/** About the agency, and its founder's quote. */
export function AboutSection() {
  return (
    <Section belowFold aria-labelledby="about-heading">
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionHeading eyebrow={about.eyebrow} title={about.title} id="about-heading" align="left" spacing="none" />
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-5 text-lg leading-relaxed text-ink-muted text-pretty">
              {paragraph}
            </p>
          ))}
          <ul className="mt-8 grid gap-3">
            {about.highlights.map((item) => (
              <li key={item} className="flex items-center gap-3 font-medium text-ink">
                <CircleCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>

        <figure className="relative overflow-hidden rounded-card bg-brand-950 p-8 text-white shadow-lift sm:p-10">
          <div
            aria-hidden="true"
            className="absolute -right-20 -top-20 h-64 w-64 rounded-full bg-brand-700/60 blur-3xl"
          />
          <Quote aria-hidden="true" className="relative h-10 w-10 text-accent-400" />
          <blockquote className="relative mt-6 text-xl font-semibold leading-relaxed text-balance sm:text-2xl">
            <p>&ldquo;{about.quote}&rdquo;</p>
          </blockquote>
          <figcaption className="relative mt-8 flex items-center gap-4">
            <InitialsAvatar initials={about.founder.initials} tone="accent" className="h-14 w-14 text-lg" />
            <span>
              <span className="block font-bold">{about.founder.name}</span>
              <span className="block text-sm text-brand-200">{about.founder.role}</span>
            </span>
          </figcaption>
        </figure>
      </div>
    </Section>
  );
}
