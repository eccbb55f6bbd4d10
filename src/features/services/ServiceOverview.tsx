import { ArrowRight } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { services, servicesPage, type ServiceId } from "../../content/services";
import { serviceIcons } from "./service-icons";
import { ServiceFeatures, ServiceHero } from "./ServiceFeatures";

/** The 'All Services' tab: every service with its hero and features, and a way into its details. */
export function ServiceOverview({ onViewDetails }: { onViewDetails: (id: ServiceId) => void }) {
  return (
    <div className="grid gap-20">
      {services.map((service) => {
        const Icon = serviceIcons[service.pricing.icon];
        return (
          <article key={service.id} aria-labelledby={`${service.id}-overview`} className="grid gap-2">
            <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-soft">
              <Icon aria-hidden="true" className="h-6 w-6" />
            </span>
            <div id={`${service.id}-overview`}>
              <ServiceHero service={service} />
            </div>
            <ServiceFeatures service={service} />
            <div className="mt-8">
              <Button
                onClick={() => onViewDetails(service.id)}
                aria-label={`${servicesPage.viewDetails}: ${service.name}`}
              >
                {servicesPage.viewDetails}
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Button>
            </div>
          </article>
        );
      })}
    </div>
  );
}
