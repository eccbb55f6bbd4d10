import { adminCopy } from "../../../content/admin";
import { POST_TEXT_BOUNDS } from "../../../lib/post-meta";
import { excerptOverflow } from "./editor-values";
import { PostTextAreaField, PostTextField } from "./PostField";

const copy = adminCopy.form;

interface PostDetailsFieldsProps {
  excerpt: string;
  category: string;
  onExcerptChange: (excerpt: string) => void;
  onCategoryChange: (category: string) => void;
}

/** How the post shows on cards and in link previews: its excerpt (at most 300 characters) and category. */
export function PostDetailsFields({ excerpt, category, onExcerptChange, onCategoryChange }: PostDetailsFieldsProps) {
  const overflow = excerptOverflow(excerpt);
  return (
    <>
      <PostTextAreaField
        label={copy.excerptLabel}
        hint={overflow === null ? copy.excerptHint : undefined}
        error={overflow === null ? undefined : copy.excerptTooLong(overflow)}
        name="excerpt"
        rows={3}
        value={excerpt}
        onValueChange={onExcerptChange}
      />
      <div className="md:w-1/2 md:pr-3">
        <PostTextField
          label={copy.categoryLabel}
          name="category"
          type="text"
          placeholder={copy.categoryPlaceholder}
          maxLength={POST_TEXT_BOUNDS.category}
          value={category}
          onValueChange={onCategoryChange}
        />
      </div>
    </>
  );
}
