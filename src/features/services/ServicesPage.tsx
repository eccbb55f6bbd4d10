import { m } from "framer-motion";
import { Suspense, useRef } from "react";
import { IntakeFormLink } from "../../components/ui/Button";
import { PresenceSwitch } from "../../components/ui/PresenceSwitch";
import { Section, SectionHeading } from "../../components/ui/Section";
import { Seo } from "../../components/ui/Seo";
import { findService, servicesPage } from "../../content/services";
import { site } from "../../content/site";
import { useChangedSinceMount } from "../../lib/use-changed";
import { serviceSections } from "./sections";
import { ServiceOverview } from "./ServiceOverview";
import { SERVICES_PANEL_ID, ServiceTabs, tabId } from "./ServiceTabs";
import { useServiceTab } from "./use-service-tab";
import { MotionScope } from "../../components/ui/MotionScope";

function SectionLoading() {
  return (
    <p role="status" className="py-24 text-center text-lg font-semibold text-ink-muted">
      {servicesPage.loading}
    </p>
  );
}

export default function ServicesPage() {
  const areaRef = useRef<HTMLDivElement>(null);
  const { active, select } = useServiceTab(areaRef);
  const service = active === "all" ? undefined : findService(active);
  const switched = useChangedSinceMount(active);
  const Section_ = service ? serviceSections[service.section] : null;

  return (
    <MotionScope>
      <Seo {...servicesPage.seo} />
      <div className="bg-gradient-to-b from-brand-50 to-white px-4 pt-16 sm:px-6 md:pt-24 lg:px-8">
        <SectionHeading {...servicesPage} as="h1" spacing="none" />
        <div className="mt-8 flex justify-center">
          <IntakeFormLink variant="accent">{site.getStarted}</IntakeFormLink>
        </div>
      </div>
      <Section className="pt-12 md:pt-16">
        <div ref={areaRef} id="services-area" className="scroll-mt-24">
          <ServiceTabs active={active} onSelect={select} />
          <div
            id={SERVICES_PANEL_ID}
            role="tabpanel"
            aria-labelledby={tabId(active)}
            tabIndex={0}
            className="mt-12 rounded-card focus-ring"
          >
            <PresenceSwitch>
              <m.div
                key={active}
                initial={switched ? { opacity: 0, y: 16 } : false}
                animate={{ opacity: 1, y: 0 }}
                exit={{ opacity: 0, y: -16 }}
                transition={{ duration: 0.25 }}
              >
                {Section_ ? (
                  <Suspense fallback={<SectionLoading />}>
                    <Section_ />
                  </Suspense>
                ) : (
                  <ServiceOverview onViewDetails={select} />
                )}
              </m.div>
            </PresenceSwitch>
          </div>
        </div>
      </Section>
    </MotionScope>
  );
}
