import { findService } from "../../../content/services";
import { ServiceDetail } from "../ServiceDetail";

const service = findService("web-development");

/** The web-development tab, loaded on demand. */
export default function WebDevelopmentSection() {
  return service ? <ServiceDetail service={service} /> : null;
}
