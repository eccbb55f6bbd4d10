import { ImageUp, LoaderCircle } from "lucide-react";
import { useEffect, useId, useImperativeHandle, useRef, useState, type ClipboardEvent, type DragEvent, type Ref } from "react";
import { Button } from "../../../components/ui/Button";
import { adminCopy } from "../../../content/admin";
import { uploadBlogImage, type UploadedImage, type UploadOptions } from "../data/blog-images";
import { ACCEPTED_IMAGE_TYPES } from "../../../lib/images";
import { cn } from "../../../lib/cn";

const copy = adminCopy.form.uploader;

type Upload = (file: Blob, options: UploadOptions) => Promise<UploadedImage>;
export type DescribedImage = UploadedImage & { alt: string };

/** What the form asks an uploader before saving: is a chosen image still waiting to be uploaded? */
export interface PendingImage {
  /**
   * Uploads a chosen image that was not uploaded yet (or waits for the upload under way), with the
   * same progress and messages as the Upload button. `none`: nothing was waiting. `failed`: the
   * image is still not uploaded (no alt text, or the upload failed) and the uploader says why.
   */
  uploadPending: () => Promise<{ status: "none" } | { status: "uploaded"; image: DescribedImage } | { status: "failed" }>;
}
type State =
  | { step: "idle" }
  | { step: "chosen"; file: File }
  | { step: "uploading"; file: File; progress: number | null }
  | { step: "failed"; file: File; message: string };

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
 * Picks an image (button, drag and drop, or paste), asks for its alt text, uploads it with a
 * progress bar, and hands back its public URL. A failure shows the server's message and keeps the
 * chosen file and the alt text for a retry; the form around it is never touched.
 */
export function ImageUploader({ label, hint, altRequired, defaultAlt = "", offered, onUploaded, upload = uploadBlogImage, ref }: ImageUploaderProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: "idle" });
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inFlight = useRef<Promise<DescribedImage | null> | null>(null);

  useImperativeHandle(ref, () => ({
    async uploadPending() {
      const image = inFlight.current ? await inFlight.current : state.step === "chosen" || state.step === "failed" ? await start(state.file) : undefined;
      if (image === undefined) return { status: "none" };
      return image ? { status: "uploaded", image } : { status: "failed" };
    },
  }));

  useEffect(() => {
    if (offered) choose(offered.file);
    // A new offer (its nonce) is the event; the file alone may repeat.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offered?.nonce]);

  function choose(file: File | null) {
    if (!file) return;
    setState({ step: "chosen", file });
    setAltError(false);
    window.setTimeout(() => altInput.current?.focus(), 0);
  }

  /** Uploads the chosen file; resolves with the image, or null when it was not uploaded (the uploader says why). */
  function start(file: File): Promise<DescribedImage | null> {
    const description = alt.trim() || (altRequired ? "" : defaultAlt.trim());
    if (!description && altRequired) {
      setAltError(true);
      altInput.current?.focus();
      return Promise.resolve(null);
    }
    setState({ step: "uploading", file, progress: null });
    const attempt = uploadAndHandBack(file, description);
    inFlight.current = attempt;
    void attempt.then(() => {
      if (inFlight.current === attempt) inFlight.current = null;
    });
    return attempt;
  }

  async function uploadAndHandBack(file: File, description: string): Promise<DescribedImage | null> {
    try {
      const image = await upload(file, { onProgress: (progress) => setState((current) => (current.step === "uploading" ? { ...current, progress } : current)) });
      const described = { ...image, alt: description };
      onUploaded(described);
      setState({ step: "idle" });
      setAlt("");
      if (input.current) input.current.value = "";
      return described;
    } catch (error) {
      setState({ step: "failed", file, message: error instanceof Error && error.message ? error.message : String(error) });
      return null;
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose(firstImage(event.dataTransfer.files));
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    const file = firstImage(event.clipboardData.files);
    if (file) {
      event.preventDefault();
      choose(file);
    }
  }

  const busy = state.step === "uploading";
  const percent = state.step === "uploading" && state.progress !== null ? Math.round(state.progress * 100) : null;

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="font-semibold text-ink">
        {label}
      </p>
      {hint ? <p className="mt-1 text-sm text-ink-soft">{hint}</p> : null}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onPaste={onPaste}
        className={cn("mt-2 rounded-2xl border-2 border-dashed p-4 transition-colors", dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-white")}
      >
        {state.step === "idle" ? (
          <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
            <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
              <ImageUp aria-hidden="true" className="h-4 w-4" />
              {copy.choose}
            </Button>
            <span className="text-sm text-ink-muted">{copy.dropHint}</span>
          </div>
        ) : (
          <div className="space-y-3">
            <p className="truncate text-sm font-medium text-ink">
              {state.file.name || "image"} · {(state.file.size / 1024).toFixed(0)} KB
            </p>
            <div>
              <label htmlFor={`${id}-alt`} className="text-sm font-semibold text-ink">
                {copy.altLabel}
                {altRequired ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
              </label>
              <input
                ref={altInput}
                id={`${id}-alt`}
                type="text"
                value={alt}
                required={altRequired}
                placeholder={altRequired ? "" : defaultAlt}
                disabled={busy}
                onChange={(event) => {
                  setAlt(event.target.value);
                  setAltError(false);
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    if (!busy) void start(state.file);
                  }
                }}
                aria-invalid={altError || undefined}
                aria-describedby={`${id}-alt-hint`}
                className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-ink focus-visible:border-brand-500 focus-ring"
              />
              <p id={`${id}-alt-hint`} className={cn("mt-1 text-sm", altError ? "font-medium text-red-700" : "text-ink-soft")}>
                {altError ? copy.altMissing : copy.altHint}
              </p>
            </div>
            {state.step === "uploading" ? (
              <div className="space-y-1">
                <progress
                  value={state.progress ?? undefined}
                  max={1}
                  aria-label={percent === null ? copy.preparing : copy.uploading(percent)}
                  className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
                />
                <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
                  <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
                  {percent === null ? copy.preparing : copy.uploading(percent)}
                </p>
              </div>
            ) : null}
            {state.step === "failed" ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {copy.failed}: {state.message}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void start(state.file)} disabled={busy}>
                {state.step === "failed" ? copy.retry : copy.upload}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => (state.step === "failed" ? input.current?.click() : setState({ step: "idle" }))} disabled={busy}>
                {state.step === "failed" ? copy.chooseAnother : copy.cancel}
              </Button>
            </div>
          </div>
        )}
        <p className="mt-2 text-xs text-ink-soft">{copy.formats}</p>
        <input ref={input} type="file" accept={ACCEPTED_IMAGE_TYPES.join(",")} className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(event) => choose(firstImage(event.target.files))} />
      </div>
    </div>
  );
}
