import { Check, Sparkles } from "lucide-react";
import { IntakeFormLink } from "../../components/ui/Button";
import { servicesPage, type Service } from "../../content/services";
import { cn } from "../../lib/cn";
import { serviceIcons } from "./service-icons";

/** The pricing cards of one service; the recommended package is raised and badged. */
export function PricingPackages({ service }: { service: Service }) {
  const { pricing } = service;
  const Icon = serviceIcons[pricing.icon];
  const headingId = `${service.id}-pricing`;
  return (
    <section aria-labelledby={headingId} className="mt-16">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <span className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="h-6 w-6" />
        </span>
        <h3 id={headingId} className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
          {pricing.heading}
        </h3>
        <p className="mt-3 text-ink-muted">{pricing.subheading}</p>
      </div>
      <ul className="grid gap-6 lg:grid-cols-3 lg:items-stretch">
        {pricing.packages.map((pkg) => (
          <li key={pkg.name}>
            <article
              aria-label={pkg.name}
              className={cn(
                "relative flex h-full flex-col rounded-card border bg-white p-6 sm:p-8",
                pkg.recommended ? "border-brand-600 shadow-lift ring-1 ring-brand-600" : "border-slate-200 shadow-soft",
              )}
            >
              {pkg.recommended ? (
                <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 whitespace-nowrap rounded-full bg-accent-400 px-4 py-1 text-sm font-bold text-ink">
                  <Sparkles aria-hidden="true" className="h-4 w-4" />
                  {servicesPage.mostPopular}
                </p>
              ) : null}
              <h4 className="text-xl font-bold text-ink">{pkg.name}</h4>
              <p className="mt-2 text-sm text-ink-muted">{pkg.description}</p>
              <p className="mt-6 flex flex-wrap items-baseline gap-x-2">
                <span className="text-4xl font-extrabold tracking-tight text-brand-800">{pkg.price}</span>
                <span className="text-sm font-medium text-ink-soft">{pkg.period}</span>
              </p>
              <ul className="mt-6 grid flex-1 content-start gap-3 text-sm text-ink">
                {pkg.features.map((feature) => (
                  <li key={feature} className="flex gap-2.5">
                    <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
              <IntakeFormLink variant={pkg.recommended ? "primary" : "outline"} className="mt-8 w-full">
                {pkg.cta.text}
              </IntakeFormLink>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
