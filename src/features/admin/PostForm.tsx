import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/Button";
import { TextAreaField, TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/toast-store";
import { adminCopy } from "../../content/blog";
import type { PostInput } from "../../lib/posts";

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
      <TextField id="post-title" label={copy.titleLabel} name="title" type="text" required value={values.title} onChange={update("title")} />
      <TextAreaField id="post-content" label={copy.contentLabel} name="content" required rows={15} value={values.content} onChange={update("content")} />
      <div className="grid gap-6 md:grid-cols-2">
        <TextField
          id="post-category"
          label={copy.categoryLabel}
          name="category"
          type="text"
          placeholder={copy.categoryPlaceholder}
          value={values.category}
          onChange={update("category")}
        />
        <TextField
          id="post-image-url"
          label={copy.imageUrlLabel}
          hint={copy.imageUrlHint}
          name="image_url"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.imageUrl}
          onChange={update("imageUrl")}
        />
      </div>
      <Button type="submit" disabled={busy} size="lg" className="w-full sm:w-auto">
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
