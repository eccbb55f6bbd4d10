/**
 * Images the admin adds to a post, made ready for the web in the browser before uploading: scaled
 * to at most 1600 px wide (never up) and encoded as WebP with the browser's own encoder (canvas),
 * which every current browser has, so no encoder library is shipped. When the browser cannot
 * encode WebP, or the WebP is larger than an original that fits, the original is kept.
 */
const MAX_IMAGE_WIDTH = 1600;
/** The blog-images bucket's limit (supabase/migrations/20261122120000_blog_images_bucket.sql). */
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
const WEBP_QUALITY = 0.82;

export interface PreparedImage {
  blob: Blob;
  width: number;
  height: number;
  type: string;
}

/** A problem with the chosen file, in words for the admin. */
class ImageError extends Error {}

const imageMessages = {
  notImage: "Choose an image file: JPEG, PNG, WebP or AVIF.",
  unreadable: "This image could not be read. Try saving it again as JPEG or PNG.",
  tooLarge: "This image is larger than 5 MB even after resizing. Choose a smaller one.",
} as const;

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: "image/webp", quality: WEBP_QUALITY }).catch(() => null);
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/webp", WEBP_QUALITY));
}

export async function prepareImage(file: Blob): Promise<PreparedImage> {
  if (!file.type.startsWith("image/")) throw new ImageError(imageMessages.notImage);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ImageError(imageMessages.unreadable);
  }
  try {
    const scale = Math.min(1, MAX_IMAGE_WIDTH / bitmap.width);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const webp = await encode(bitmap, width, height);
    const originalFits =
      scale === 1 && (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) && file.size <= MAX_UPLOAD_BYTES;
    const useOriginal = originalFits && (!webp || webp.type !== "image/webp" || webp.size >= file.size);
    const result: PreparedImage =
      useOriginal || !webp || webp.type !== "image/webp"
        ? { blob: file, width: bitmap.width, height: bitmap.height, type: file.type }
        : { blob: webp, width, height, type: "image/webp" };
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(result.type))
      throw new ImageError(imageMessages.notImage);
    if (result.blob.size > MAX_UPLOAD_BYTES) throw new ImageError(imageMessages.tooLarge);
    return result;
  } finally {
    bitmap.close();
  }
}
