import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { ServiceSectionKey } from "../../../content/services";

/** Each service's section is its own chunk, loaded the first time its tab opens. */
export const serviceSections: Record<ServiceSectionKey, LazyExoticComponent<ComponentType>> = {
  web: lazy(() => import("./WebDevelopmentSection")),
  crm: lazy(() => import("./CrmAutomationSection")),
  ads: lazy(() => import("./PaidAdsSection")),
};
