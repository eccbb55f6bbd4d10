import { useMemo } from "react";
import { postSeoCopy } from "../../../content/post-seo";
import type { EditorValues } from "./editor-values";
import { MetaPreviews } from "./MetaPreviews";
import { editorMeta, ownDescription, type PostPage } from "./search-social";
import { SearchSocialFields } from "./SearchSocialFields";

interface SearchSocialSectionProps {
  values: EditorValues;
  onChange: (patch: Partial<EditorValues>) => void;
  /** The post's page once it has one (null: a new post). */
  page: PostPage | null;
  /** Whether the page is live (published), so its drawn card can be shown. */
  live: boolean;
}

/**
 * The editor's "Search and social" section: six optional fields whose placeholders are their
 * fallbacks, and previews of the result and link cards, all from the rules the served page uses.
 */
export function SearchSocialSection({ values, onChange, page, live }: SearchSocialSectionProps) {
  // The body's first lines are the description's last fallback: read again only when they change.
  const description = useMemo(() => ownDescription(values.excerpt, values.content), [values.excerpt, values.content]);
  const { meta, fallbacks } = editorMeta(values, page, description);
  return (
    // min-w-0: a fieldset is as wide as its content by default, and a long address would widen the page.
    <fieldset className="min-w-0 space-y-6 rounded-card border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-bold text-ink">{postSeoCopy.heading}</legend>
      <p className="-mt-2 text-sm text-ink-muted">{postSeoCopy.intro}</p>
      <SearchSocialFields values={values} fallbacks={fallbacks} onChange={onChange} />
      <MetaPreviews meta={meta} live={live} saved={page !== null} />
    </fieldset>
  );
}
