import { useRef, useState, type RefObject } from "react";
import { toast } from "../../../components/ui/toast-store";
import { adminCopy } from "../../../content/admin";
import { fromLagosInput } from "../../../lib/lagos-time";
import { POST_TEXT_BOUNDS } from "../../../lib/post-meta";
import type { PostInput, Publication } from "../data/posts";
import { excerptOverflow, type EditorValues } from "./editor-values";
import { placeImage } from "./image-markdown";
import { ADDRESS_FIELDS, isBadAddress } from "./search-social";
import { postSeoCopy } from "../../../content/post-seo";
import type { PendingImage } from "./use-image-upload";
import type { EditorAction } from "./PublishControls";

const copy = adminCopy.form;

function toPublication(action: EditorAction, at: Date | null): Publication {
  if (action === "schedule" && at) return { kind: "schedule", at };
  return { kind: action === "schedule" ? "publish" : action };
}

interface PostSaveOptions {
  /** Sends the post; resolves true on success. */
  onSave: (values: PostInput, publication: Publication) => Promise<boolean>;
  /** After a success: forget the copy kept in this browser. */
  onSaved: () => void;
  /** Where the caret was in the content, where a body image still to upload goes. */
  caret: RefObject<number | null>;
}

/**
 * Saving the post as an action asks (draft, publish, schedule, keep): an empty title or content,
 * a long excerpt, a search or social address that is not a web address, or a schedule time not in
 * the future stop it with a message; any image chosen but not uploaded is uploaded first. `busy` is
 * the action under way; after a failure it clears and the form stays as typed, after a success it
 * stays set until the page navigates away.
 */
export function usePostSave({ onSave, onSaved, caret }: PostSaveOptions) {
  const [busy, setBusy] = useState<EditorAction | null>(null);
  const [scheduleError, setScheduleError] = useState<string>();
  const bodyImage = useRef<PendingImage>(null);
  const coverImage = useRef<PendingImage>(null);

  async function save(action: EditorAction, values: EditorValues) {
    if (busy) return;
    if (!values.title.trim() || !values.content.trim()) {
      toast({ ...copy.missingFields, variant: "error" });
      return;
    }
    // The fields stop at the bound, but a restored draft may be over it: the database would refuse
    // it; say which field. Counted as the database counts (characters, not UTF-16 units).
    const long = (["title", "category"] as const).find(
      (field) => Array.from(values[field]).length > POST_TEXT_BOUNDS[field],
    );
    if (long) {
      const label = long === "title" ? copy.titleLabel : copy.categoryLabel;
      toast({
        title: label,
        description: copy.tooLong(label, Array.from(values[long]).length, POST_TEXT_BOUNDS[long]),
        variant: "error",
      });
      return;
    }
    const overflow = excerptOverflow(values.excerpt);
    if (overflow !== null) {
      toast({ title: copy.excerptLabel, description: copy.excerptTooLong(overflow), variant: "error" });
      return;
    }
    // The database would refuse it; say which field, as the field itself does.
    const badAddress = ADDRESS_FIELDS.find((field) => isBadAddress(values[field]));
    if (badAddress) {
      toast({ title: postSeoCopy.fields[badAddress].label, description: postSeoCopy.notWebAddress, variant: "error" });
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
      if (succeeded) onSaved();
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

  return { busy, scheduleError, save, bodyImage, coverImage };
}
