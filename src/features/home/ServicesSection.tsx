import { ArrowRight } from "lucide-react";
import { Link } from "../../components/ui/Link";
import { Section, SectionHeading } from "../../components/ui/Section";
import { serviceCards, servicesSection } from "../../content/home";
import { cn } from "../../lib/cn";
import { homeIcons } from "./home-icons";

/** Three service cards, each linking to its tab on the services page. */
export function ServicesSection() {
  return (
    <Section belowFold aria-labelledby="services-heading" className="bg-slate-50">
      <SectionHeading {...servicesSection} id="services-heading" />
      <ul className="grid gap-6 md:grid-cols-3">
        {serviceCards.map((card) => {
          const Icon = homeIcons[card.icon];
          return (
            <li key={card.id}>
              <Link
                to={`/services#${card.id}`}
                className="group flex h-full flex-col rounded-card border border-slate-200 bg-white p-7 shadow-soft transition duration-300 hover:-translate-y-1 hover:border-brand-200 hover:shadow-lift focus-ring motion-reduce:transition-none motion-reduce:hover:translate-y-0"
              >
                <span className={cn("inline-flex h-14 w-14 items-center justify-center rounded-2xl", card.color)}>
                  <Icon aria-hidden="true" className="h-7 w-7" />
                </span>
                <h3 className="mt-6 text-xl font-bold text-ink">{card.title}</h3>
                <p className="mt-3 flex-1 leading-relaxed text-ink-muted">{card.description}</p>
                <span className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700">
                  {servicesSection.linkLabel}
                  <ArrowRight
                    aria-hidden="true"
                    className="h-4 w-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
                  />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
