import { LabelledSection } from "../../components/ui/LabelledSection";
import { Seo } from "../../components/ui/Seo";
import { legalCopy, type LegalDocument } from "../../content/legal";

/** Anchor id of a numbered section, e.g. 'section-4'. */
function sectionId(index: number): string {
  return `section-${index + 1}`;
}

/** The shared layout of the Terms and Privacy pages: title, date, table of contents, sections. */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  return (
    <>
      <Seo title={doc.seoTitle} description={doc.description} path={doc.path} />
      <header className="bg-brand-950 px-4 py-14 text-white sm:px-6 md:py-20 lg:px-8">
        <div className="mx-auto max-w-5xl">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{doc.title}</h1>
          <p className="mt-4 text-brand-100">
            {legalCopy.lastUpdatedLabel} <time dateTime={doc.lastUpdatedIso}>{doc.lastUpdated}</time>
          </p>
        </div>
      </header>

      <div className="px-4 py-12 sm:px-6 md:py-16 lg:px-8">
        {/*
          Phones read the introduction before the contents: under the title it is the first screen's
          largest text (the contents' short lines alone were smaller than the consent choice, which
          then became the page's largest paint). Wide screens keep the contents beside it.
        */}
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[16rem_1fr] lg:gap-y-0">
          <p className="text-lg text-ink-muted text-pretty lg:col-start-2 lg:row-start-1">{doc.intro}</p>
          <LabelledSection
            as="nav"
            id="toc-heading"
            heading={legalCopy.contentsHeading}
            className="lg:sticky lg:top-28 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start"
            headingClassName="text-sm font-semibold uppercase tracking-[0.18em] text-brand-700"
          >
            {/* On phones the list stops short of the floating WhatsApp button's column, so no link sits under it. */}
            <ol className="mt-4 space-y-1 border-l-2 border-brand-100 pr-16 lg:pr-0">
              {doc.sections.map((section, index) => (
                <li key={section.title}>
                  <a
                    href={`#${sectionId(index)}`}
                    className="-ml-0.5 block w-fit border-l-2 border-transparent py-1.5 pl-4 text-sm text-ink-muted hover:border-brand-600 hover:text-brand-800 focus-ring"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </LabelledSection>

          <article className="min-w-0 lg:col-start-2 lg:row-start-2">
            <ol className="space-y-10 lg:mt-10">
              {doc.sections.map((section, index) => (
                <li key={section.title} id={sectionId(index)} className="scroll-mt-28">
                  <h2 className="text-2xl font-bold tracking-tight text-ink">
                    {index + 1}. {section.title}
                  </h2>
                  {section.paragraphs.map((paragraph) => (
                    <p key={paragraph} className="mt-3 leading-relaxed text-ink-muted">
                      {paragraph}
                    </p>
                  ))}
                </li>
              ))}
            </ol>
          </article>
        </div>
      </div>
    </>
  );
}
