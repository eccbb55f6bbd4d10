import { X } from "lucide-react";
import type { Ref } from "react";
import { adminCopy } from "../../../content/admin";
import type { UploadedImage, UploadOptions } from "../data/blog-images";
import { isSafeHttpUrl } from "../../../lib/format";
import { ImageUploader } from "./ImageUploader";
import type { PendingImage } from "./use-image-upload";
import { PostTextField } from "./PostField";

const copy = adminCopy.form;

interface CoverFieldsProps {
  imageUrl: string;
  imageAlt: string;
  /** The post's title: the cover's description when none is given. */
  title: string;
  /** A change of the address, the description or both. */
  onChange: (cover: { imageUrl?: string; imageAlt?: string }) => void;
  imageRef: Ref<PendingImage>;
  upload?: (file: Blob, options: UploadOptions) => Promise<UploadedImage>;
}

/**
 * The cover image: uploaded here or given by its address, with its description once there is one,
 * and a thumbnail (with a button to remove it) while the address is a web address.
 */
export function CoverFields({ imageUrl, imageAlt, title, onChange, imageRef, upload }: CoverFieldsProps) {
  const url = imageUrl.trim();
  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_14rem] md:items-start">
      <div className="space-y-4">
        <ImageUploader
          ref={imageRef}
          label={copy.coverLabel}
          hint={copy.coverHint}
          altRequired={false}
          defaultAlt={title}
          onUploaded={(image) => onChange({ imageUrl: image.url, imageAlt: image.alt })}
          upload={upload}
        />
        <PostTextField
          label={copy.imageUrlLabel}
          hint={copy.imageUrlHint}
          name="image_url"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={imageUrl}
          onValueChange={(value) => onChange({ imageUrl: value })}
        />
        {url ? (
          <PostTextField
            label={copy.coverAltLabel}
            hint={copy.coverAltHint}
            name="image_alt"
            type="text"
            maxLength={300}
            value={imageAlt}
            onValueChange={(value) => onChange({ imageAlt: value })}
          />
        ) : null}
      </div>
      {isSafeHttpUrl(url) ? (
        <figure className="relative md:mt-8">
          <img
            src={url}
            alt=""
            width={224}
            height={126}
            className="aspect-video w-full rounded-xl object-cover shadow-soft"
          />
          <button
            type="button"
            onClick={() => onChange({ imageUrl: "", imageAlt: "" })}
            className="absolute right-2 top-2 inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-ink shadow-soft hover:bg-white focus-ring"
          >
            <X aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">{copy.uploader.remove}</span>
          </button>
        </figure>
      ) : null}
    </div>
  );
}
