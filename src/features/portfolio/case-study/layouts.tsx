import { ExternalLink as ExternalIcon } from "lucide-react";
import { ExternalLink, NewTabNote } from "../../../components/ui/Button";
import { caseStudyText, type CaseStudy } from "../../../content/case-studies";
import { CaseStudyShell } from "./CaseStudyShell";
import { CaseImage, Highlights, KeyMetrics, Story, Testimonial } from "./parts";

/** Web design: story, screenshots, solution highlights and a link to the live site. */
export function WebCaseStudy({ study }: { study: CaseStudy }) {
  return (
    <CaseStudyShell study={study}>
      <Story study={study} />
      {study.screenshots?.length ? (
        <section aria-labelledby="screenshots-heading">
          <h2 id="screenshots-heading" className="text-2xl font-extrabold tracking-tight text-ink">
            {caseStudyText.screenshots}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {study.screenshots.map((shot) => (
              <li key={shot.src}>
                <figure>
                  <CaseImage image={shot} />
                  <figcaption className="mt-3 text-sm text-ink-muted">{shot.alt}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Highlights study={study} title={caseStudyText.solutionHighlights} />
      {study.livePreviewUrl ? (
        <p>
          <ExternalLink
            href={study.livePreviewUrl}
            className="inline-flex items-center gap-2 rounded-full border-2 border-brand-700 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50 focus-ring"
          >
            {caseStudyText.livePreview}
            <ExternalIcon aria-hidden="true" className="h-4 w-4" />
            <NewTabNote />
          </ExternalLink>
        </p>
      ) : null}
      <KeyMetrics study={study} />
      <Testimonial study={study} />
    </CaseStudyShell>
  );
}

/** Paid ads: the campaign's figures lead, then the story and what made it work. */
export function AdsCaseStudy({ study }: { study: CaseStudy }) {
  const facts = study.duration ? (
    <div>
      <dt className="font-semibold uppercase tracking-[0.14em] text-ink-soft">{caseStudyText.duration}</dt>
      <dd className="mt-1 font-semibold text-ink">{study.duration}</dd>
    </div>
  ) : null;
  return (
    <CaseStudyShell study={study} facts={facts}>
      <KeyMetrics study={study} emphasis />
      <Story study={study} />
      <Highlights study={study} title={caseStudyText.strategyHighlights} />
      <Testimonial study={study} />
    </CaseStudyShell>
  );
}

/** The generic CRM layout shared by the four CRM studies. */
export function CrmCaseStudy({ study }: { study: CaseStudy }) {
  return (
    <CaseStudyShell study={study}>
      <Story study={study} />
      <Testimonial study={study} />
      <KeyMetrics study={study} />
      <Highlights study={study} title={caseStudyText.strategyHighlights} />
    </CaseStudyShell>
  );
}
