import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/toast-store";
import { adminCopy } from "../../content/blog";
import type { PostInput } from "../../lib/posts";
import { textFieldClasses } from "../../components/ui/field-styles";

const copy = adminCopy.form;

export const emptyPostInput: PostInput = { title: "", content: "", category: "", imageUrl: "" };

interface PostFormProps {
  initial?: PostInput;
  submitLabel: string;
  busyLabel: string;
  /** Sends the post; resolves true on success. On false the form stays as typed and re-enables. */
  onSubmit: (values: PostInput) => Promise<boolean>;
}

/**
 * The post form, shared by create and edit. An empty title or content shows 'Missing Fields' and
 * sends nothing; the button is disabled while the post is being sent.
 */
export function PostForm({ initial = emptyPostInput, submitLabel, busyLabel, onSubmit }: PostFormProps) {
  const [values, setValues] = useState<PostInput>(initial);
  const [busy, setBusy] = useState(false);

  function update(field: keyof PostInput) {
    return (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!values.title.trim() || !values.content.trim()) {
      toast({ ...copy.missingFields, variant: "error" });
      return;
    }
    setBusy(true);
    let succeeded = false;
    try {
      succeeded = await onSubmit(values);
    } finally {
      // After a success the page navigates away; keep the button disabled until it does.
      if (!succeeded) setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-6" aria-busy={busy}>
      <div>
        <label htmlFor="post-title" className="font-semibold text-ink">
          {copy.titleLabel}
        </label>
        <input id="post-title" name="title" type="text" required value={values.title} onChange={update("title")} className={textFieldClasses} />
      </div>
      <div>
        <label htmlFor="post-content" className="font-semibold text-ink">
          {copy.contentLabel}
        </label>
        <textarea id="post-content" name="content" required rows={15} value={values.content} onChange={update("content")} className={textFieldClasses} />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <label htmlFor="post-category" className="font-semibold text-ink">
            {copy.categoryLabel}
          </label>
          <input
            id="post-category"
            name="category"
            type="text"
            placeholder={copy.categoryPlaceholder}
            value={values.category}
            onChange={update("category")}
            className={textFieldClasses}
          />
        </div>
        <div>
          <label htmlFor="post-image-url" className="font-semibold text-ink">
            {copy.imageUrlLabel}
          </label>
          <input
            id="post-image-url"
            name="image_url"
            type="url"
            inputMode="url"
            placeholder="https://"
            aria-describedby="post-image-url-hint"
            value={values.imageUrl}
            onChange={update("imageUrl")}
            className={textFieldClasses}
          />
          <p id="post-image-url-hint" className="mt-2 text-sm text-ink-soft">
            {copy.imageUrlHint}
          </p>
        </div>
      </div>
      <Button type="submit" disabled={busy} size="lg" className="w-full sm:w-auto">
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
