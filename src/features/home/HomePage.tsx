import { lazy, Suspense } from "react";
import { Seo } from "../../components/ui/Seo";
import { homeSeo } from "../../content/home";
import { organizationJsonLd } from "../../content/seo";
import { HeroSection } from "./HeroSection";

const BelowTheFold = lazy(() => import("./BelowTheFold"));

/** Home (/): hero tabs, logo strip, about, services, process, stats, testimonials (spec section 2). */
export default function HomePage() {
  return (
    <>
      <Seo title={homeSeo.title} description={homeSeo.description} path={homeSeo.path} jsonLd={organizationJsonLd()} />
      <HeroSection />
      <Suspense fallback={null}>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
