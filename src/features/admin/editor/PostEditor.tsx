import { useRef, useState, type FormEvent } from "react";
import { toast } from "../../../components/ui/toast-store";
import { adminCopy } from "../../../content/admin";
import type { UploadedImage, UploadOptions } from "../data/blog-images";
import { toLagosInput } from "../../../lib/lagos-time";
import { POST_TEXT_BOUNDS } from "../../../lib/post-meta";
import type { PostInput, Publication } from "../data/posts";
import { MarkdownPostArticle } from "../../blog";
import { CoverFields } from "./CoverFields";
import { emptyPostInput, previewPost, type EditorValues } from "./editor-values";
import { placeImage } from "./image-markdown";
import type { DescribedImage } from "./use-image-upload";
import { localDraftKey, useLocalDraft } from "./local-draft";
import { PostBody } from "./PostBody";
import { PostDetailsFields } from "./PostDetailsFields";
import { FeaturedToggle } from "../tags/FeaturedToggle";
import { TagInput } from "../tags/TagInput";
import type { TagCount } from "../../../lib/posts";
import { PublishControls, type EditorStage } from "./PublishControls";
import { RestoreDraftPrompt } from "./RestoreDraftPrompt";
import { useLeaveGuard } from "./use-leave-guard";
import { AutosaveStatus } from "./AutosaveStatus";
import { useServerAutosave } from "./use-server-autosave";
import { usePostSave } from "./use-post-save";
import { runDetached } from "../../../lib/detached";
import { PostTextField } from "./PostField";
import { SearchSocialSection } from "./SearchSocialSection";
import type { PostPage } from "./search-social";

const copy = adminCopy.form;

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
  /** Whether the member may publish and schedule; false (a Contributor) saves drafts only. */
  publishes?: boolean;
  /** Sends what is typed as the member's autosave revision (an existing post); absent: no autosave. */
  autosave?: (values: PostInput) => Promise<string>;
  /** Whether the member may feature a post on /blog (Owner, Administrators, Editors): a saved post only. */
  features?: boolean;
  /** The tags already used, suggested in the tag input. */
  tagsInUse?: TagCount[];
  /** The post's page once saved (its slug and last save), for the search and social previews. */
  page?: PostPage | null;
}

/**
 * The post editor, for new and existing posts: title, Markdown content with a preview drawn by the
 * public article component, excerpt, category and cover, then Save draft, Schedule or Publish. An
 * empty title or content shows 'Missing Fields' and sends nothing. Everything typed is kept in this
 * browser until it is saved, and leaving with unsaved changes asks first.
 */
export function PostEditor({
  initial = emptyPostInput,
  stage = { kind: "new" },
  postId = null,
  authorName = null,
  onSave,
  uploadImage,
  publishes = true,
  autosave,
  features = false,
  tagsInUse,
  page = null,
}: PostEditorProps) {
  const [saved] = useState<EditorValues>(() => ({
    ...initial,
    scheduleAt: stage.kind === "scheduled" ? toLagosInput(new Date(stage.at)) : "",
  }));
  const [values, setValues] = useState<EditorValues>(saved);
  const local = useLocalDraft(localDraftKey(postId), values, saved);
  const caret = useRef<number | null>(null);
  const { busy, scheduleError, save, bodyImage, coverImage } = usePostSave({ onSave, onSaved: local.clear, caret });
  useLeaveGuard(local.dirty && busy === null, copy.leaveConfirm);
  const autosaved = useServerAutosave(autosave, values, saved);

  const update = (patch: Partial<EditorValues>) => setValues((current) => ({ ...current, ...patch }));

  /** Puts the uploaded image's Markdown where the caret was, on a line of its own. */
  function insertImage(image: DescribedImage) {
    setValues((current) => {
      const placed = placeImage(current.content, caret.current, image);
      caret.current = placed.caret;
      return { ...current, content: placed.content };
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const action = !publishes ? "draft" : stage.kind === "published" ? "keep" : "publish";
    runDetached(save(action, values), "Saving the post");
  }

  function restore() {
    // A draft kept before a field existed lacks it: the field starts empty.
    if (local.found)
      setValues({ ...emptyPostInput, ...local.found.values, scheduleAt: local.found.values.scheduleAt ?? "" });
    local.accept();
    toast({ title: copy.restored, variant: "success" });
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-6" aria-busy={busy !== null} noValidate>
      {local.found ? (
        <RestoreDraftPrompt savedAt={local.found.savedAt} onRestore={restore} onDiscard={local.dismiss} />
      ) : null}
      <PostTextField
        label={copy.titleLabel}
        name="title"
        type="text"
        required
        requiredMark={false}
        maxLength={POST_TEXT_BOUNDS.title}
        value={values.title}
        onValueChange={(title) => update({ title })}
      />
      <PostBody
        content={values.content}
        onContentChange={(content) => update({ content })}
        caret={caret}
        preview={() => <MarkdownPostArticle post={previewPost(values, postId, authorName)} />}
        imageRef={bodyImage}
        onImageUploaded={insertImage}
        upload={uploadImage}
      />
      <PostDetailsFields
        excerpt={values.excerpt}
        category={values.category}
        onExcerptChange={(excerpt) => update({ excerpt })}
        onCategoryChange={(category) => update({ category })}
      />
      <TagInput tags={values.tags ?? []} onChange={(tags) => update({ tags })} inUse={tagsInUse} />
      <CoverFields
        imageUrl={values.imageUrl}
        imageAlt={values.imageAlt}
        title={values.title}
        onChange={update}
        imageRef={coverImage}
        upload={uploadImage}
      />
      <SearchSocialSection values={values} onChange={update} page={page} live={stage.kind === "published"} />
      {features && postId ? <FeaturedToggle postId={postId} published={stage.kind === "published"} /> : null}
      <PublishControls
        stage={stage}
        busy={busy}
        scheduleAt={values.scheduleAt}
        onScheduleAtChange={(scheduleAt) => update({ scheduleAt })}
        scheduleError={scheduleError}
        onAction={(action) => runDetached(save(action, values), "Saving the post")}
        publishes={publishes}
      />
      {autosave ? <AutosaveStatus state={autosaved} /> : null}
    </form>
  );
}
