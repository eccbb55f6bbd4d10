import { ListTree } from "lucide-react";
import { blogCopy } from "../../content/blog";
import type { Heading } from "../../lib/markdown";

/**
 * The post's body: HTML from the Markdown renderer (src/lib/markdown.ts), which escapes every raw
 * tag and drops unsafe URLs before anything reaches this element. The same string is produced on
 * the server and in the browser, so hydration adopts it as it is.
 */
export function PostBody({ html }: { html: string }) {
  return <div className="post-body mt-8" data-testid="post-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Headings a post needs before it gets a table of contents. */
const TOC_MIN_HEADINGS = 4;

/** 'On this page': in-page links to the post's sections, for posts with more than three headings. */
export function TableOfContents({ headings }: { headings: Heading[] }) {
  if (headings.length < TOC_MIN_HEADINGS) return null;
  const top = Math.min(...headings.map((heading) => heading.level));
  return (
    <nav aria-labelledby="toc-heading" className="mt-8 rounded-2xl border border-brand-100 bg-brand-50/50 p-5">
      <h2
        id="toc-heading"
        className="flex items-center gap-2 text-sm font-bold uppercase tracking-[0.14em] text-brand-800"
      >
        <ListTree aria-hidden="true" className="h-4 w-4" />
        {blogCopy.post.tableOfContents}
      </h2>
      <ol className="mt-3 space-y-1.5">
        {headings.map((heading) => (
          <li key={heading.id} style={{ paddingLeft: `${(heading.level - top) * 1}rem` }}>
            <a
              href={`#${heading.id}`}
              className="rounded text-brand-700 hover:text-brand-900 hover:underline focus-ring"
            >
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
