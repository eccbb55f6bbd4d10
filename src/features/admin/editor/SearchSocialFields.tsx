import { useId } from "react";
import { postSeoCopy } from "../../../content/post-seo";
import { POST_FIELD_BOUNDS, SEARCH_DESCRIPTION_LIMIT, SEARCH_TITLE_LIMIT } from "../../../lib/post-meta";
import type { SearchSocialField } from "../data/posts";
import type { EditorValues } from "./editor-values";
import { PostTextAreaField, PostTextField } from "./PostField";
import { isBadAddress } from "./search-social";

const copy = postSeoCopy;

// The database's bounds (the counters only advise: Google's limits are shorter).
const { title: TITLE_MAX, description: DESCRIPTION_MAX, address: ADDRESS_MAX } = POST_FIELD_BOUNDS;

interface SearchSocialFieldsProps {
  values: EditorValues;
  /** Each field's fallback, shown as its placeholder. */
  fallbacks: Record<SearchSocialField, string>;
  onChange: (patch: Partial<EditorValues>) => void;
}

/**
 * Characters typed against Google's display limit: the count under the field, and past the limit
 * a polite note (the post still saves; the database's own bound is far longer), announced once as
 * it appears rather than at every keystroke.
 */
function Counter({ id, length, limit }: { id: string; length: number; limit: number }) {
  const over = length - limit;
  return (
    <span id={id} className="mt-1 block text-sm">
      <span className={over > 0 ? "font-semibold text-amber-800" : "text-ink-muted"}>{copy.count(length, limit)}</span>
      <span aria-live="polite" className="block text-amber-800">
        {over > 0 ? copy.overLimit(over) : null}
      </span>
    </span>
  );
}

/** The six optional fields of the editor's "Search and social" section. */
export function SearchSocialFields({ values, fallbacks, onChange }: SearchSocialFieldsProps) {
  const titleCount = useId();
  const descriptionCount = useId();
  const text = (field: SearchSocialField) => values[field] ?? "";
  const change = (field: SearchSocialField) => (value: string) => onChange({ [field]: value });
  const addressError = (field: SearchSocialField) => (isBadAddress(values[field]) ? copy.notWebAddress : undefined);
  return (
    <>
      <div>
        <PostTextField
          label={copy.fields.seoTitle.label}
          hint={copy.fields.seoTitle.hint}
          describedBy={titleCount}
          name="seo_title"
          type="text"
          maxLength={TITLE_MAX}
          placeholder={fallbacks.seoTitle}
          value={text("seoTitle")}
          onValueChange={change("seoTitle")}
        />
        <Counter id={titleCount} length={text("seoTitle").trim().length} limit={SEARCH_TITLE_LIMIT} />
      </div>
      <div>
        <PostTextAreaField
          label={copy.fields.seoDescription.label}
          hint={copy.fields.seoDescription.hint}
          describedBy={descriptionCount}
          name="seo_description"
          rows={3}
          maxLength={DESCRIPTION_MAX}
          placeholder={fallbacks.seoDescription}
          value={text("seoDescription")}
          onValueChange={change("seoDescription")}
        />
        <Counter id={descriptionCount} length={text("seoDescription").trim().length} limit={SEARCH_DESCRIPTION_LIMIT} />
      </div>
      <PostTextField
        label={copy.fields.canonicalUrl.label}
        hint={copy.fields.canonicalUrl.hint}
        error={addressError("canonicalUrl")}
        name="canonical_url"
        type="url"
        inputMode="url"
        maxLength={ADDRESS_MAX}
        placeholder={fallbacks.canonicalUrl}
        value={text("canonicalUrl")}
        onValueChange={change("canonicalUrl")}
      />
      <PostTextField
        label={copy.fields.socialTitle.label}
        hint={copy.fields.socialTitle.hint}
        name="social_title"
        type="text"
        maxLength={TITLE_MAX}
        placeholder={fallbacks.socialTitle}
        value={text("socialTitle")}
        onValueChange={change("socialTitle")}
      />
      <PostTextAreaField
        label={copy.fields.socialDescription.label}
        hint={copy.fields.socialDescription.hint}
        name="social_description"
        rows={3}
        maxLength={DESCRIPTION_MAX}
        placeholder={fallbacks.socialDescription}
        value={text("socialDescription")}
        onValueChange={change("socialDescription")}
      />
      <PostTextField
        label={copy.fields.socialImageUrl.label}
        hint={copy.fields.socialImageUrl.hint}
        error={addressError("socialImageUrl")}
        name="social_image_url"
        type="url"
        inputMode="url"
        maxLength={ADDRESS_MAX}
        placeholder={fallbacks.socialImageUrl || "https://"}
        value={text("socialImageUrl")}
        onValueChange={change("socialImageUrl")}
      />
    </>
  );
}
