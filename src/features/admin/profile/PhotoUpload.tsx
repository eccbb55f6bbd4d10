import { ImageUp } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "../../../components/ui/Button";
import { profileCopy as copy } from "../../../content/profile";
import { runDetached } from "../../../lib/detached";
import { ACCEPTED_IMAGE_TYPES } from "../../../lib/images";
import { avatarFolder, uploadBlogImage } from "../data/blog-images";
import { errorMessage } from "../error-message";
import { useSupabase } from "../supabase-context";
import { firstImage } from "../editor/ImageUploader";

type UploadState = { step: "idle" } | { step: "uploading"; percent: number } | { step: "failed"; message: string };

/**
 * A photo from the member's device: resized and uploaded with the editor's image code into the
 * blog-images bucket under avatars/<user id>/, then handed back as its public URL.
 */
export function PhotoUpload({ userId, onUploaded }: { userId: string; onUploaded: (url: string) => void }) {
  const supabase = useSupabase();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ step: "idle" });

  async function upload(file: File | null) {
    if (!file) return;
    setState({ step: "uploading", percent: 0 });
    try {
      const image = await uploadBlogImage(await supabase(), file, {
        folder: avatarFolder(userId),
        onProgress: (fraction) => setState({ step: "uploading", percent: Math.round(fraction * 100) }),
      });
      setState({ step: "idle" });
      onUploaded(image.url);
    } catch (error) {
      setState({ step: "failed", message: errorMessage(error) });
    } finally {
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="outline" size="sm" disabled={state.step === "uploading"} onClick={() => input.current?.click()}>
        <ImageUp aria-hidden="true" className="h-4 w-4" />
        {state.step === "uploading" ? copy.uploading(state.percent) : copy.photoUpload}
      </Button>
      {state.step === "failed" ? (
        <p role="alert" className="text-sm text-red-700">
          {copy.uploadFailed}: {state.message}
        </p>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => runDetached(upload(firstImage(event.target.files)), "Uploading a profile photo")}
      />
    </div>
  );
}
