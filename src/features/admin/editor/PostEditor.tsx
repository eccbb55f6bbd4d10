import { RotateCcw, X } from "lucide-react";
import { useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent, type SyntheticEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { TextAreaField, TextField } from "../../../components/ui/TextField";
import { toast } from "../../../components/ui/toast-store";
import { adminCopy } from "../../../content/admin";
import type { UploadedImage, UploadOptions } from "../data/blog-images";
import { isSafeHttpUrl } from "../../../lib/format";
import { formatLagosDateTime, fromLagosInput, toLagosInput } from "../../../lib/lagos-time";
import type { PostInput, PostWithAuthor, Publication } from "../../../lib/posts";
import { MarkdownPostArticle } from "../../blog";
import { ContentTabs } from "./ContentTabs";
import { firstImage, ImageUploader, type DescribedImage, type PendingImage } from "./ImageUploader";
import { useLocalDraft } from "./local-draft";
import { PublishControls, type EditorAction, type EditorStage } from "./PublishControls";
import { useLeaveGuard } from "./use-leave-guard";

const copy = adminCopy.form;
export const EXCERPT_MAX = 300;

export const emptyPostInput: PostInput = { title: "", content: "", excerpt: "", category: "", imageUrl: "", imageAlt: "" };

/** What the editor keeps as it is typed: the post's fields and the schedule time (Lagos). */
interface EditorValues extends PostInput {
  scheduleAt: string;
}

interface PostEditorProps {
  /** The post as saved, or empty for a new post. */
  initial?: PostInput;
  /** Where the saved post stands; `new` when it does not exist yet. */
  stage?: EditorStage;
  /** Key of the unsaved work kept in this browser: the post's id, or null for a new post. */
  postId?: string | null;
  /** The author's name, shown in the preview. */
  authorName?: string | null;
  /** Sends the post; resolves true on success. On false the form stays as typed and re-enables. */
  onSave: (values: PostInput, publication: Publication) => Promise<boolean>;
  /** How images are uploaded (tests pass their own). */
  uploadImage?: (file: Blob, options: UploadOptions) => Promise<UploadedImage>;
}

/** Markdown for an image, with brackets in the alt text escaped. */
export function imageMarkdown(alt: string, url: string): string {
  return `![${alt.replace(/([[\]\\])/g, "\\$1")}](${url})`;
}

/** The content with an image's Markdown put in at `at` (the end when null), on a line of its own; and where the caret goes next. */
export function placeImage(content: string, at: number | null, image: DescribedImage): { content: string; caret: number } {
  const position = Math.min(at ?? content.length, content.length);
  const before = content.slice(0, position);
  const after = content.slice(position);
  const markdown = `${before && !before.endsWith("\n\n") ? (before.endsWith("\n") ? "\n" : "\n\n") : ""}${imageMarkdown(image.alt, image.url)}\n\n`;
  return { content: `${before}${markdown}${after.replace(/^\n+/, "")}`, caret: position + markdown.length };
}

function toPublication(action: EditorAction, at: Date | null): Publication {
  if (action === "schedule" && at) return { kind: "schedule", at };
  return { kind: action === "schedule" ? "publish" : action };
}

/**
 * The post editor, for new and existing posts: title, Markdown content with a preview drawn by the
 * public article component, excerpt, category and cover, then Save draft, Schedule or Publish. An
 * empty title or content shows 'Missing Fields' and sends nothing. Everything typed is kept in this
 * browser until it is saved, and leaving with unsaved changes asks first.
 */
export function PostEditor({ initial = emptyPostInput, stage = { kind: "new" }, postId = null, authorName = null, onSave, uploadImage }: PostEditorProps) {
  const [saved] = useState<EditorValues>(() => ({ ...initial, scheduleAt: stage.kind === "scheduled" ? toLagosInput(new Date(stage.at)) : "" }));
  const [values, setValues] = useState<EditorValues>(saved);
  const [busy, setBusy] = useState<EditorAction | null>(null);
  const [scheduleError, setScheduleError] = useState<string>();
  const local = useLocalDraft(`ascend:post-editor:${postId ?? "new"}`, values, saved);
  const caret = useRef<number | null>(null);
  const [offeredImage, setOfferedImage] = useState<{ file: File; nonce: number } | null>(null);
  const bodyImage = useRef<PendingImage>(null);
  const coverImage = useRef<PendingImage>(null);
  useLeaveGuard(local.dirty && busy === null, copy.leaveConfirm);

  const set = (field: keyof EditorValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const excerptTooLong = values.excerpt.trim().length > EXCERPT_MAX;

  async function run(action: EditorAction) {
    if (busy) return;
    if (!values.title.trim() || !values.content.trim()) {
      toast({ ...copy.missingFields, variant: "error" });
      return;
    }
    if (excerptTooLong) {
      toast({ title: copy.excerptLabel, description: copy.excerptTooLong(values.excerpt.trim().length), variant: "error" });
      return;
    }
    const at = action === "schedule" ? fromLagosInput(values.scheduleAt) : null;
    if (action === "schedule" && (!at || at.getTime() <= Date.now())) {
      setScheduleError(at ? copy.schedulePast : copy.scheduleMissing);
      return;
    }
    setScheduleError(undefined);
    setBusy(action);
    let succeeded = false;
    try {
      const input = await withPendingImages(values);
      if (!input) return;
      succeeded = await onSave(input, toPublication(action, at));
      if (succeeded) local.clear();
    } finally {
      // After a success the page navigates away; keep the buttons disabled until it does.
      if (!succeeded) setBusy(null);
    }
  }

  /**
   * Uploads any image that was chosen but not uploaded yet (with its progress bar), and returns the
   * post with them in it; null when one could not be uploaded, which its uploader then explains.
   * The uploaders also hand each image to the form as usual, so what is shown matches what is sent.
   */
  async function withPendingImages({ scheduleAt: _scheduleAt, ...input }: EditorValues): Promise<PostInput | null> {
    const caretAtSave = caret.current;
    const [body, cover] = await Promise.all([bodyImage.current?.uploadPending(), coverImage.current?.uploadPending()]);
    if (body?.status === "failed" || cover?.status === "failed") {
      toast({ ...copy.imageNotUploaded, variant: "error" });
      return null;
    }
    return {
      ...input,
      content: body?.status === "uploaded" ? placeImage(input.content, caretAtSave, body.image).content : input.content,
      ...(cover?.status === "uploaded" ? { imageUrl: cover.image.url, imageAlt: cover.image.alt } : {}),
    };
  }

  function rememberCaret(event: SyntheticEvent<HTMLTextAreaElement>) {
    caret.current = event.currentTarget.selectionStart;
  }

  /** Puts the uploaded image's Markdown where the caret was, on a line of its own. */
  function insertImage(image: DescribedImage) {
    setValues((current) => {
      const placed = placeImage(current.content, caret.current, image);
      caret.current = placed.caret;
      return { ...current, content: placed.content };
    });
  }

  function offerFile(event: ClipboardEvent<HTMLTextAreaElement> | DragEvent<HTMLTextAreaElement>, files: FileList) {
    const file = firstImage(files);
    if (!file) return;
    event.preventDefault();
    caret.current = event.currentTarget.selectionStart;
    setOfferedImage({ file, nonce: Date.now() });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(stage.kind === "published" ? "keep" : "publish");
  }

  function restore() {
    if (local.found) setValues({ ...local.found.values, scheduleAt: local.found.values.scheduleAt ?? "" });
    local.accept();
    toast({ title: copy.restored, variant: "success" });
  }

  const preview = (): PostWithAuthor => ({
    id: postId ?? "preview",
    title: values.title.trim() || copy.titleLabel,
    content: values.content,
    excerpt: values.excerpt.trim() || null,
    category: values.category.trim() || null,
    image_url: values.imageUrl.trim() || null,
    image_alt: values.imageAlt.trim() || null,
    slug: "preview",
    author_id: "",
    author: { full_name: authorName },
    status: "draft",
    published_at: fromLagosInput(values.scheduleAt)?.toISOString() ?? new Date().toISOString(),
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    category_slug: null,
    summary: "",
    reading_minutes: 1,
  });

  return (
    <form onSubmit={handleSubmit} className="space-y-6" aria-busy={busy !== null} noValidate>
      {local.found ? (
        <div role="status" className="flex flex-col gap-3 rounded-card border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm font-medium text-ink">
            <RotateCcw aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
            {copy.unsavedFound(formatLagosDateTime(local.found.savedAt))}
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={restore}>
              {copy.restore}
            </Button>
            <Button size="sm" variant="ghost" onClick={local.dismiss}>
              {copy.discard}
            </Button>
          </div>
        </div>
      ) : null}
      <TextField id="post-title" label={copy.titleLabel} name="title" type="text" required maxLength={200} value={values.title} onChange={set("title")} />
      <ContentTabs
        write={
          <TextAreaField
            id="post-content"
            label={copy.contentLabel}
            hint={copy.markdownHint}
            name="content"
            required
            rows={15}
            value={values.content}
            onChange={(event) => {
              set("content")(event);
              rememberCaret(event);
            }}
            onSelect={rememberCaret}
            onPaste={(event) => offerFile(event, event.clipboardData.files)}
            onDragOver={(event) => event.dataTransfer.types.includes("Files") && event.preventDefault()}
            onDrop={(event) => offerFile(event, event.dataTransfer.files)}
          />
        }
        preview={() => (values.content.trim() ? <MarkdownPostArticle post={preview()} /> : <p className="rounded-card border border-dashed border-slate-300 p-8 text-center text-ink-muted">{copy.previewEmpty}</p>)}
      />
      <ImageUploader ref={bodyImage} label={copy.bodyImageLabel} hint={copy.bodyImageHint} altRequired offered={offeredImage} onUploaded={insertImage} upload={uploadImage} />
      <TextAreaField
        id="post-excerpt"
        label={copy.excerptLabel}
        hint={excerptTooLong ? copy.excerptTooLong(values.excerpt.trim().length) : copy.excerptHint}
        name="excerpt"
        rows={3}
        value={values.excerpt}
        onChange={set("excerpt")}
        aria-invalid={excerptTooLong || undefined}
      />
      <div className="md:w-1/2 md:pr-3">
        <TextField id="post-category" label={copy.categoryLabel} name="category" type="text" placeholder={copy.categoryPlaceholder} value={values.category} onChange={set("category")} />
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_14rem] md:items-start">
        <div className="space-y-4">
          <ImageUploader
            ref={coverImage}
            label={copy.coverLabel}
            hint={copy.coverHint}
            altRequired={false}
            defaultAlt={values.title}
            onUploaded={(image) => setValues((current) => ({ ...current, imageUrl: image.url, imageAlt: image.alt }))}
            upload={uploadImage}
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
            onChange={set("imageUrl")}
          />
          {values.imageUrl.trim() ? (
            <TextField id="post-image-alt" label={copy.coverAltLabel} hint={copy.coverAltHint} name="image_alt" type="text" maxLength={300} value={values.imageAlt} onChange={set("imageAlt")} />
          ) : null}
        </div>
        {isSafeHttpUrl(values.imageUrl.trim()) ? (
          <figure className="relative md:mt-8">
            <img src={values.imageUrl.trim()} alt="" width={224} height={126} className="aspect-video w-full rounded-xl object-cover shadow-soft" />
            <button
              type="button"
              onClick={() => setValues((current) => ({ ...current, imageUrl: "", imageAlt: "" }))}
              className="absolute right-2 top-2 inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-ink shadow-soft hover:bg-white focus-ring"
            >
              <X aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">{copy.uploader.remove}</span>
            </button>
          </figure>
        ) : null}
      </div>
      <PublishControls
        stage={stage}
        busy={busy}
        scheduleAt={values.scheduleAt}
        onScheduleAtChange={(value) => setValues((current) => ({ ...current, scheduleAt: value }))}
        scheduleError={scheduleError}
        onAction={(action) => void run(action)}
      />
    </form>
  );
}
