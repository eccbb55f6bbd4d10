import { TextAreaField, TextField } from "../../../components/ui/Field";
import { adminCopy } from "../../../content/admin";
import { excerptOverflow } from "./editor-values";

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
      <TextAreaField
        id="post-excerpt"
        label={copy.excerptLabel}
        labelSize="md"
        hint={overflow === null ? copy.excerptHint : undefined}
        error={overflow === null ? undefined : copy.excerptTooLong(overflow)}
        name="excerpt"
        rows={3}
        value={excerpt}
        onValueChange={onExcerptChange}
      />
      <div className="md:w-1/2 md:pr-3">
        <TextField
          id="post-category"
          label={copy.categoryLabel}
          labelSize="md"
          name="category"
          type="text"
          placeholder={copy.categoryPlaceholder}
          value={category}
          onValueChange={onCategoryChange}
        />
      </div>
    </>
  );
}
