import { Suspense, useMemo, useRef } from "react";
import { IntakeFormLink } from "../../components/ui/Button";
import { Section, SectionHeading } from "../../components/ui/Section";
import { Seo } from "../../components/ui/Seo";
import { findService, servicesPage } from "../../content/services";
import { site } from "../../content/site";
import { useSwapTransition, type SwapPart } from "../../lib/use-swap-transition";
import { serviceSections } from "./sections";
import { ServiceOverview } from "./ServiceOverview";
import { SERVICES_PANEL_ID, ServiceTabs, tabId } from "./ServiceTabs";
import { useServiceTab, type ServiceTabId } from "./use-service-tab";

function SectionLoading() {
  return (
    <p role="status" className="py-24 text-center text-lg font-semibold text-ink-muted">
      {servicesPage.loading}
    </p>
  );
}

const swapTiming = { durationMs: 250, easing: "ease-out" };

/**
 * The services page: the tabs, and under them the chosen service's section (or the overview of all
 * three). A switch made by the visitor fades the old section out and up, then the new one in from
 * below, with the Web Animations API (src/lib/use-swap-transition.ts, as the home page's hero does):
 * no animation library is loaded. The tab itself shows the choice at once. A tab chosen by the
 * address's hash as the page arrives is shown at once, without the animation.
 */
export default function ServicesPage() {
  const areaRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const { active, select, chosenByVisitor } = useServiceTab(areaRef);
  const parts: SwapPart[] = [
    {
      ref: contentRef,
      enterFrom: { opacity: 0, transform: "translateY(16px)" },
      exitTo: { opacity: 0, transform: "translateY(-16px)" },
    },
  ];
  const shown: ServiceTabId = useSwapTransition(active, parts, swapTiming, chosenByVisitor);
  const service = shown === "all" ? undefined : findService(shown);
  const Section_ = service ? serviceSections[service.section] : null;
  // The content under the tabs, made again only when the section shown changes. A tab's click renders
  // this page (its state and the hash) while the old section stays until the swap's exit has run, and
  // rendering the overview or section again then held the click's sync update.
  const content = useMemo(
    () => (
      <div ref={contentRef} key={shown}>
        {Section_ ? (
          <Suspense fallback={<SectionLoading />}>
            <Section_ />
          </Suspense>
        ) : (
          <ServiceOverview onViewDetails={select} />
        )}
      </div>
    ),
    [shown, Section_, select],
  );

  return (
    <>
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
            {content}
          </div>
        </div>
      </Section>
    </>
  );
}
