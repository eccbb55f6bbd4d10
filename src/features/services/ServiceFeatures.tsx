import { CircleCheck } from "lucide-react";
import type { Service } from "../../content/services";

/** The six features of a service, as a responsive grid of small cards. */
export function ServiceFeatures({ service }: { service: Service }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {service.features.map((feature) => (
        <li key={feature.title} className="rounded-card border border-slate-100 bg-white p-6 shadow-soft">
          <CircleCheck aria-hidden="true" className="h-6 w-6 text-brand-600" />
          <h3 className="mt-4 text-lg font-bold text-ink">{feature.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-ink-muted">{feature.description}</p>
        </li>
      ))}
    </ul>
  );
}

/** Title and subtitle of a service, with its icon. */
export function ServiceHero({ service, as: Heading = "h2" }: { service: Service; as?: "h2" | "h3" }) {
  return (
    <div className="mb-10 max-w-3xl">
      <p className="text-sm font-semibold uppercase tracking-[0.18em] text-brand-700">{service.name}</p>
      <Heading className="mt-2 text-2xl font-extrabold tracking-tight text-ink text-balance sm:text-4xl">
        {service.hero.title}
      </Heading>
      <p className="mt-4 text-lg text-ink-muted text-pretty">{service.hero.subtitle}</p>
    </div>
  );
}
