import { ImageUp } from "lucide-react";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from "react";
import { Button } from "../../../components/ui/Button";
import { TextField } from "../../../components/ui/Field";
import { adminCopy } from "../../../content/admin";
import { uploadBlogImage } from "../data/blog-images";
import { useSupabase } from "../supabase-context";
import { ACCEPTED_IMAGE_TYPES } from "../../../lib/images";
import { cn } from "../../../lib/cn";
import { ChosenImage } from "./ChosenImage";
import { useImageUpload, type DescribedImage, type PendingImage, type Upload } from "./use-image-upload";
import { runDetached } from "../../../lib/detached";

const copy = adminCopy.form.uploader;

interface ImageUploaderProps {
  label: string;
  hint?: string;
  /** In-body images need a description; a cover's defaults to the post title. */
  altRequired: boolean;
  defaultAlt?: string;
  /** A file pasted or dropped elsewhere (the content field), handed to this uploader. */
  offered?: { file: File; nonce: number } | null;
  onUploaded: (image: DescribedImage) => void;
  /** How to upload (tests pass their own). */
  upload?: Upload;
  /** Lets the form upload a chosen image before it saves, so that nothing chosen is lost. */
  ref?: Ref<PendingImage>;
}

export function firstImage(files: FileList | null | undefined): File | null {
  return [...(files ?? [])].find((file) => file.type.startsWith("image/")) ?? null;
}

/**
 * The file chooser behind an image button (the editor's and the profile photo's): the button is what
 * a person uses and reads, so the input is out of sight, of the tab order and of the accessibility tree.
 */
export function HiddenImageInput({
  inputRef,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File | null) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={ACCEPTED_IMAGE_TYPES.join(",")}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => onFile(firstImage(event.target.files))}
    />
  );
}

/**
 * Picks an image (button, drag and drop, or paste), asks for its alt text, uploads it with a
 * progress bar, and hands back its public URL. A failure shows the server's message and keeps the
 * chosen file and the alt text for a retry; the form around it is never touched.
 */
export function ImageUploader({
  label,
  hint,
  altRequired,
  defaultAlt = "",
  offered,
  onUploaded,
  upload: givenUpload,
  ref,
}: ImageUploaderProps) {
  const supabase = useSupabase();
  const upload: Upload = givenUpload ?? (async (file, options) => uploadBlogImage(await supabase(), file, options));
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const { state, alt, altError, changeAlt, choose, start, cancel } = useImageUpload({
    altRequired,
    defaultAlt,
    onUploaded,
    upload,
    ref,
    fileInput: input,
    altInput,
  });

  useEffect(() => {
    if (offered) choose(offered.file);
    // A new offer (its nonce) is the event; the file alone may repeat.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offered?.nonce]);

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="font-semibold text-ink">
        {label}
      </p>
      {hint ? <p className="mt-1 text-sm text-ink-soft">{hint}</p> : null}
      <DropZone onFile={choose}>
        {state.step === "idle" ? (
          <ChooseImage onChoose={() => input.current?.click()} />
        ) : (
          <ChosenImage
            state={state}
            altField={
              <AltField
                id={`${id}-alt`}
                inputRef={altInput}
                required={altRequired}
                missing={altError}
                value={alt}
                placeholder={altRequired ? "" : defaultAlt}
                disabled={state.step === "uploading"}
                onValueChange={changeAlt}
                onEnter={() => {
                  if (state.step !== "uploading") runDetached(start(state.file), "Uploading the image");
                }}
              />
            }
            onUpload={() => runDetached(start(state.file), "Uploading the image")}
            onChooseAnother={() => input.current?.click()}
            onCancel={cancel}
          />
        )}
        <p className="mt-2 text-xs text-ink-soft">{copy.formats}</p>
        <HiddenImageInput inputRef={input} onFile={choose} />
      </DropZone>
    </div>
  );
}

/** The dashed box that takes an image dropped on it or pasted into it, and shows when one is dragged over. */
function DropZone({ onFile, children }: { onFile: (file: File | null) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    onFile(firstImage(event.dataTransfer.files));
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    const file = firstImage(event.clipboardData.files);
    if (file) {
      event.preventDefault();
      onFile(file);
    }
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      onPaste={onPaste}
      className={cn(
        "mt-2 rounded-2xl border-2 border-dashed p-4 transition-colors",
        dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-white",
      )}
    >
      {children}
    </div>
  );
}

/** Before a file is chosen: the button that opens the file picker, and the drop hint. */
function ChooseImage({ onChoose }: { onChoose: () => void }) {
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
      <Button variant="outline" size="sm" onClick={onChoose}>
        <ImageUp aria-hidden="true" className="h-4 w-4" />
        {copy.choose}
      </Button>
      <span className="text-sm text-ink-muted">{copy.dropHint}</span>
    </div>
  );
}

interface AltFieldProps {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  required: boolean;
  /** Upload was asked for without the description it needs. */
  missing: boolean;
  value: string;
  placeholder: string;
  disabled: boolean;
  onValueChange: (value: string) => void;
  /** Enter in the field: upload, as the Upload button does. */
  onEnter: () => void;
}

/** The chosen image's description (its alt text). */
function AltField({ missing, onEnter, ...field }: AltFieldProps) {
  return (
    <TextField
      {...field}
      label={copy.altLabel}
      hint={missing ? undefined : copy.altHint}
      error={missing ? copy.altMissing : undefined}
      type="text"
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          onEnter();
        }
      }}
    />
  );
}
