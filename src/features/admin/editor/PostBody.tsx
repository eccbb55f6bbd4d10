import { useState } from "react";
import type { ClipboardEvent, DragEvent, ReactNode, Ref, RefObject, SyntheticEvent } from "react";
import { adminCopy } from "../../../content/admin";
import type { UploadedImage, UploadOptions } from "../data/blog-images";
import { ContentTabs } from "./ContentTabs";
import { firstImage, ImageUploader } from "./ImageUploader";
import type { DescribedImage, PendingImage } from "./use-image-upload";
import { PostTextAreaField } from "./PostField";

const copy = adminCopy.form;

interface PostBodyProps {
  content: string;
  onContentChange: (content: string) => void;
  /** Where the caret is in the content: where an uploaded image goes. */
  caret: RefObject<number | null>;
  /** The article as the public page draws it, for the Preview tab (called only while it is open). */
  preview: () => ReactNode;
  imageRef: Ref<PendingImage>;
  onImageUploaded: (image: DescribedImage) => void;
  upload?: (file: Blob, options: UploadOptions) => Promise<UploadedImage>;
}

/**
 * The post's Markdown, in Write and Preview tabs, and the uploader of images for it. An image pasted
 * or dropped on the content is handed to the uploader, which asks for its description first.
 */
export function PostBody({
  content,
  onContentChange,
  caret: caretRef,
  preview,
  imageRef,
  onImageUploaded,
  upload,
}: PostBodyProps) {
  const [offeredImage, setOfferedImage] = useState<{ file: File; nonce: number } | null>(null);

  function rememberCaret(event: SyntheticEvent<HTMLTextAreaElement>) {
    caretRef.current = event.currentTarget.selectionStart;
  }

  function offerFile(event: ClipboardEvent<HTMLTextAreaElement> | DragEvent<HTMLTextAreaElement>, files: FileList) {
    const file = firstImage(files);
    if (!file) return;
    event.preventDefault();
    caretRef.current = event.currentTarget.selectionStart;
    setOfferedImage({ file, nonce: Date.now() });
  }

  return (
    <>
      <ContentTabs
        write={
          <PostTextAreaField
            label={copy.contentLabel}
            hint={copy.markdownHint}
            name="content"
            required
            requiredMark={false}
            rows={15}
            value={content}
            onChange={(event) => {
              onContentChange(event.target.value);
              rememberCaret(event);
            }}
            onSelect={rememberCaret}
            onPaste={(event) => offerFile(event, event.clipboardData.files)}
            onDragOver={(event) => event.dataTransfer.types.includes("Files") && event.preventDefault()}
            onDrop={(event) => offerFile(event, event.dataTransfer.files)}
          />
        }
        preview={() =>
          content.trim() ? (
            preview()
          ) : (
            <p className="rounded-card border border-dashed border-slate-300 p-8 text-center text-ink-muted">
              {copy.previewEmpty}
            </p>
          )
        }
      />
      <ImageUploader
        ref={imageRef}
        label={copy.bodyImageLabel}
        hint={copy.bodyImageHint}
        altRequired
        offered={offeredImage}
        onUploaded={onImageUploaded}
        upload={upload}
      />
    </>
  );
}
