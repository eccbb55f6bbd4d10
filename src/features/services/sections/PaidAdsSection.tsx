import { findService } from "../../../content/services";
import { ServiceDetail } from "../ServiceDetail";

const service = findService("paid-ads");

/** The paid-ads tab, loaded on demand. */
export default function PaidAdsSection() {
  return service ? <ServiceDetail service={service} /> : null;
}
