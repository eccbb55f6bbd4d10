import { findService } from "../../../content/services";
import { ServiceDetail } from "../ServiceDetail";

const service = findService("crm-automation");

/** The crm-automation tab, loaded on demand. */
export default function CrmAutomationSection() {
  return service ? <ServiceDetail service={service} /> : null;
}
