import { Fragment, useId } from "react";
import type { TextFieldProps } from "../../../components/ui/Field";
import { postSeoCopy } from "../../../content/post-seo";
import { POST_FIELD_BOUNDS, SEARCH_DESCRIPTION_LIMIT, SEARCH_TITLE_LIMIT } from "../../../lib/post-meta";
import { SEARCH_SOCIAL_COLUMNS, type SearchSocialField } from "../data/posts";
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

type FieldKind = "title" | "description" | "address";

/** The six optional fields, in the order shown; the two read by Google have a counter against its limit. */
const FIELDS: { field: SearchSocialField; kind: FieldKind; limit?: number }[] = [
  { field: "seoTitle", kind: "title", limit: SEARCH_TITLE_LIMIT },
  { field: "seoDescription", kind: "description", limit: SEARCH_DESCRIPTION_LIMIT },
  { field: "canonicalUrl", kind: "address" },
  { field: "socialTitle", kind: "title" },
  { field: "socialDescription", kind: "description" },
  { field: "socialImageUrl", kind: "address" },
];

type CommonProps = Pick<TextFieldProps, "label" | "hint" | "describedBy" | "placeholder" | "onValueChange"> & {
  name: string;
  value: string;
};

/** The control of a kind of field: a one-line title, a three-row description, or a checked web address. */
function control(kind: FieldKind, props: CommonProps) {
  if (kind === "description") return <PostTextAreaField {...props} rows={3} maxLength={DESCRIPTION_MAX} />;
  if (kind === "title") return <PostTextField {...props} type="text" maxLength={TITLE_MAX} />;
  return (
    <PostTextField
      {...props}
      error={isBadAddress(props.value) ? copy.notWebAddress : undefined}
      type="url"
      inputMode="url"
      maxLength={ADDRESS_MAX}
      // A picture with no fallback (the card is drawn from the title) prompts for an address instead.
      placeholder={props.placeholder || "https://"}
    />
  );
}

/** The six optional fields of the editor's "Search and social" section. */
export function SearchSocialFields({ values, fallbacks, onChange }: SearchSocialFieldsProps) {
  const countId = useId();
  return (
    <>
      {FIELDS.map(({ field, kind, limit }) => {
        const text = values[field] ?? "";
        const counter = `${countId}-${field}`;
        const props: CommonProps = {
          label: copy.fields[field].label,
          hint: copy.fields[field].hint,
          describedBy: limit === undefined ? undefined : counter,
          name: SEARCH_SOCIAL_COLUMNS[field],
          placeholder: fallbacks[field],
          value: text,
          onValueChange: (value) => onChange({ [field]: value }),
        };
        if (limit === undefined) return <Fragment key={field}>{control(kind, props)}</Fragment>;
        return (
          <div key={field}>
            {control(kind, props)}
            <Counter id={counter} length={text.trim().length} limit={limit} />
          </div>
        );
      })}
    </>
  );
}
