import { ImageUp } from "lucide-react";
import { useRef } from "react";
import { Button } from "../../../components/ui/Button";
import { profileCopy as copy } from "../../../content/profile";
import { runDetached } from "../../../lib/detached";
import { avatarFolder, uploadBlogImage } from "../data/blog-images";
import { useSupabase } from "../supabase-context";
import { HiddenImageInput } from "../editor/ImageUploader";
import { useUpload } from "../editor/use-image-upload";

/**
 * A photo from the member's device: resized and uploaded with the editor's image code into the
 * blog-images bucket under avatars/<user id>/, then handed back as its public URL.
 */
export function PhotoUpload({ userId, onUploaded }: { userId: string; onUploaded: (url: string) => void }) {
  const supabase = useSupabase();
  const input = useRef<HTMLInputElement>(null);
  const { state, run } = useUpload(async (file, onProgress) =>
    uploadBlogImage(await supabase(), file, { folder: avatarFolder(userId), onProgress }),
  );

  async function upload(file: File | null) {
    if (!file) return;
    const image = await run(file);
    if (input.current) input.current.value = "";
    if (image) onUploaded(image.url);
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="outline" size="sm" disabled={state.step === "uploading"} onClick={() => input.current?.click()}>
        <ImageUp aria-hidden="true" className="h-4 w-4" />
        {state.step === "uploading" ? copy.uploading(Math.round((state.progress ?? 0) * 100)) : copy.photoUpload}
      </Button>
      {state.step === "failed" ? (
        <p role="alert" className="text-sm text-red-700">
          {copy.uploadFailed}: {state.message}
        </p>
      ) : null}
      <HiddenImageInput inputRef={input} onFile={(file) => runDetached(upload(file), "Uploading a profile photo")} />
    </div>
  );
}
