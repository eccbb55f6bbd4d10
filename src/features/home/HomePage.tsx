import { lazyIsland } from "../../components/ui/Island";
import { Seo } from "../../components/ui/Seo";
import { homeSeo } from "../../content/home";
import { organizationJsonLd } from "../../content/seo";
import { HeroSection } from "./HeroSection";

// Everything after the hero hydrates when it comes near the screen (or at the first interaction).
const BelowTheFold = lazyIsland(
  () => import("./BelowTheFold").then((module) => module.default),
  "visible",
  "home-below-the-fold",
);

/** Home (/): hero tabs, logo strip, about, services, process, stats, testimonials (spec section 2). */
export default function HomePage() {
  return (
    <>
      <Seo title={homeSeo.title} description={homeSeo.description} path={homeSeo.path} jsonLd={organizationJsonLd()} />
      <HeroSection />
      <BelowTheFold />
    </>
  );
}
