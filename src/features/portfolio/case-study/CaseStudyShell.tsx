import type { ReactNode } from "react";
import { BackLink } from "../../../components/ui/BackLink";
import { Seo } from "../../../components/ui/Seo";
import { caseStudyText, type CaseStudy } from "../../../content/case-studies";
import { site } from "../../../content/site";
import { CtaPanel } from "../CtaPanel";
import { CaseImage } from "./parts";

/** What every case study shares: SEO, back link, title block, hero image and the closing CTA. */
export function CaseStudyShell({
  study,
  facts,
  children,
}: {
  study: CaseStudy;
  facts?: ReactNode;
  children: ReactNode;
}) {
  const { cta } = caseStudyText;
  return (
    <article>
      <Seo
        title={`${study.title} | ${site.name}`}
        description={study.summary}
        path={`/portfolio/${study.slug}`}
        type="article"
      />
      <header className="bg-gradient-to-b from-brand-50 to-white px-4 pb-12 pt-10 sm:px-6 md:pt-14 lg:px-8">
        <div className="mx-auto max-w-6xl">
          <BackLink
            to="/portfolio"
            className="inline-flex items-center gap-2 rounded-full py-2 text-sm font-semibold text-brand-700 hover:text-brand-900 focus-ring"
          >
            {caseStudyText.backToPortfolio}
          </BackLink>
          <div className="mt-8 grid items-center gap-10 lg:grid-cols-2">
            <div>
              <dl className="flex flex-wrap gap-x-8 gap-y-3 text-sm">
                <div>
                  <dt className="font-semibold uppercase tracking-[0.14em] text-ink-soft">{caseStudyText.client}</dt>
                  <dd className="mt-1 font-semibold text-ink">{study.client}</dd>
                </div>
                <div>
                  <dt className="font-semibold uppercase tracking-[0.14em] text-ink-soft">{caseStudyText.category}</dt>
                  <dd className="mt-1 font-semibold text-ink">{study.category}</dd>
                </div>
                {facts}
              </dl>
              <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink text-balance sm:text-5xl">
                {study.title}
              </h1>
              <p className="mt-5 text-lg text-ink-muted text-pretty">{study.summary}</p>
            </div>
            <CaseImage image={study.heroImage} eager />
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-16 px-4 py-16 sm:px-6 lg:px-8">{children}</div>
      <section className="px-4 pb-20 sm:px-6 lg:px-8">
        <CtaPanel {...cta} size="md" className="mx-auto max-w-6xl" />
      </section>
    </article>
  );
}
