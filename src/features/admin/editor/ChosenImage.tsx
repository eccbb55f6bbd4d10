import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/Button";
import { adminCopy } from "../../../content/admin";
import type { UploadState } from "./use-image-upload";

const copy = adminCopy.form.uploader;

interface ChosenImageProps {
  state: Exclude<UploadState, { step: "idle" }>;
  /** The description of the image, asked for before it is uploaded. */
  altField: ReactNode;
  onUpload: () => void;
  onChooseAnother: () => void;
  onCancel: () => void;
}

/** The chosen file, its description, the upload's progress or failure, and Upload (or Try again) and Cancel (or Choose another). */
export function ChosenImage({ state, altField, onUpload, onChooseAnother, onCancel }: ChosenImageProps) {
  const busy = state.step === "uploading";
  const failed = state.step === "failed";
  return (
    <div className="space-y-3">
      <p className="truncate text-sm font-medium text-ink">
        {state.file.name || "image"} · {(state.file.size / 1024).toFixed(0)} KB
      </p>
      {altField}
      {state.step === "uploading" ? <UploadProgress progress={state.progress} /> : null}
      {state.step === "failed" ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {copy.failed}: {state.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onUpload} disabled={busy}>
          {failed ? copy.retry : copy.upload}
        </Button>
        <Button size="sm" variant="ghost" onClick={failed ? onChooseAnother : onCancel} disabled={busy}>
          {failed ? copy.chooseAnother : copy.cancel}
        </Button>
      </div>
    </div>
  );
}

/** The upload's progress bar and its words (null: not measurable yet, shown as preparing). */
function UploadProgress({ progress }: { progress: number | null }) {
  const text = progress === null ? copy.preparing : copy.uploading(Math.round(progress * 100));
  return (
    <div className="space-y-1">
      <progress
        value={progress ?? undefined}
        max={1}
        aria-label={text}
        className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
      />
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
        {text}
      </p>
    </div>
  );
}
