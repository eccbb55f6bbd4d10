import type { Service } from "../../content/services";
import { PricingPackages } from "./PricingPackages";
import { ServiceFeatures, ServiceHero } from "./ServiceFeatures";

/** A single service's tab: hero, features and its pricing packages. */
export function ServiceDetail({ service }: { service: Service }) {
  return (
    <div>
      <ServiceHero service={service} />
      <ServiceFeatures service={service} />
      <PricingPackages service={service} />
    </div>
  );
}
