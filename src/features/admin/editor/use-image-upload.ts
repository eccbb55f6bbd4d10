import { useImperativeHandle, useRef, useState, type Ref, type RefObject } from "react";
import type { UploadedImage, UploadOptions } from "../data/blog-images";
import { errorMessage } from "../error-message";
import { runDetached } from "../../../lib/detached";

export type Upload = (file: Blob, options: UploadOptions) => Promise<UploadedImage>;
export type DescribedImage = UploadedImage & { alt: string };

/** What the form asks an uploader before saving: is a chosen image still waiting to be uploaded? */
export interface PendingImage {
  /**
   * Uploads a chosen image that was not uploaded yet (or waits for the upload under way), with the
   * same progress and messages as the Upload button. `none`: nothing was waiting. `failed`: the
   * image is still not uploaded (no alt text, or the upload failed) and the uploader says why.
   */
  uploadPending: () => Promise<
    { status: "none" } | { status: "uploaded"; image: DescribedImage } | { status: "failed" }
  >;
}

/** Where an uploader is: nothing chosen, a file chosen, uploading it, or failed to. */
export type UploadState =
  | { step: "idle" }
  | { step: "chosen"; file: File }
  | { step: "uploading"; file: File; progress: number | null }
  | { step: "failed"; file: File; message: string };

/**
 * One upload's steps, for every uploader of the admin (the editor's images, the profile's photo):
 * uploading with its progress (a fraction, null until known), then idle again, or failed with the
 * reason and the file kept for a retry. `run` resolves with what `upload` gave, or null on failure.
 */
export function useUpload<T>(upload: (file: File, onProgress: (fraction: number) => void) => Promise<T>) {
  const [state, setState] = useState<UploadState>({ step: "idle" });
  async function run(file: File): Promise<T | null> {
    setState({ step: "uploading", file, progress: null });
    try {
      const result = await upload(file, (progress) =>
        setState((current) => (current.step === "uploading" ? { ...current, progress } : current)),
      );
      setState({ step: "idle" });
      return result;
    } catch (error) {
      setState({ step: "failed", file, message: errorMessage(error) });
      return null;
    }
  }
  return { state, setState, run };
}

interface ImageUploadOptions {
  altRequired: boolean;
  defaultAlt: string;
  onUploaded: (image: DescribedImage) => void;
  upload: Upload;
  ref?: Ref<PendingImage>;
  /** The file input, emptied after an upload. */
  fileInput: RefObject<HTMLInputElement | null>;
  /** The description's input, focused when a file is chosen and when its description is missing. */
  altInput: RefObject<HTMLInputElement | null>;
}

/**
 * An uploader's steps: a file chosen, its description, the upload with its progress, and a failure
 * that keeps the file and the description for a retry. Also answers the form's `uploadPending`.
 */
export function useImageUpload({
  altRequired,
  defaultAlt,
  onUploaded,
  upload,
  ref,
  fileInput,
  altInput,
}: ImageUploadOptions) {
  const { state, setState, run } = useUpload((file, onProgress) => upload(file, { onProgress }));
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState(false);
  const inFlight = useRef<Promise<DescribedImage | null> | null>(null);

  useImperativeHandle(ref, () => ({
    async uploadPending() {
      const image = inFlight.current
        ? await inFlight.current
        : state.step === "chosen" || state.step === "failed"
          ? await start(state.file)
          : undefined;
      if (image === undefined) return { status: "none" };
      return image ? { status: "uploaded", image } : { status: "failed" };
    },
  }));

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
    const attempt = uploadAndHandBack(file, description);
    inFlight.current = attempt;
    runDetached(
      attempt.then(() => {
        if (inFlight.current === attempt) inFlight.current = null;
      }),
      "Uploading the image",
    );
    return attempt;
  }

  async function uploadAndHandBack(file: File, description: string): Promise<DescribedImage | null> {
    const image = await run(file);
    if (!image) return null;
    const described = { ...image, alt: description };
    onUploaded(described);
    setAlt("");
    if (fileInput.current) fileInput.current.value = "";
    return described;
  }

  function changeAlt(value: string) {
    setAlt(value);
    setAltError(false);
  }

  return { state, alt, altError, changeAlt, choose, start, cancel: () => setState({ step: "idle" }) };
}
