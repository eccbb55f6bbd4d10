import type { SearchResult } from "../../lib/posts";
import { CategoryLabel, PostMetaLine, PostTitleLink } from "./PostMeta";
import { Snippet } from "./Snippet";

function ResultItem({ result }: { result: SearchResult }) {
  return (
    <li>
      <article className="rounded-card border border-slate-100 bg-white p-6 shadow-soft">
        <PostMetaLine date={result.published_at} variant="compact">
          {result.category ? <CategoryLabel category={result.category} as="span" /> : null}
        </PostMetaLine>
        <h2 className="mt-2 text-xl font-bold text-ink text-balance">
          <PostTitleLink slug={result.slug} title={result.title} />
        </h2>
        <p className="mt-2 text-ink-muted break-words">
          <Snippet text={result.snippet} />
        </p>
      </article>
    </li>
  );
}

/** A page of search results, each with its highlighted snippet. */
export function SearchResults({ results }: { results: SearchResult[] }) {
  return (
    <ol className="mt-5 space-y-4">
      {results.map((result) => (
        <ResultItem key={result.id} result={result} />
      ))}
    </ol>
  );
}
