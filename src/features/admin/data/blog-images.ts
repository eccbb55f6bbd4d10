/**
 * Uploading the admin's images (posts' images, members' photos) to the blog-images bucket with storage-js, as the signed-in admin
 * (the bucket's policies let only admins write). storage-js sends the file with fetch, which
 * reports no upload progress, so this one call gets a fetch built on XMLHttpRequest, whose upload
 * events give the editor a real progress bar.
 */
import { StorageClient } from "@supabase/storage-js";
import { config } from "../../../config";
import { prepareImage, type PreparedImage } from "../../../lib/images";
import { resolveUrl, type AppSupabaseClient } from "../../../lib/supabase";

const BLOG_IMAGES_BUCKET = "blog-images";
const ONE_YEAR_SECONDS = "31536000";

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

export interface UploadOptions {
  /** Called with a fraction from 0 to 1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The folder in the bucket; by default the posts' folder of the month (`posts/<year>/<month>`). */
  folder?: string;
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const index = line.indexOf(":");
    if (index > 0) headers.append(line.slice(0, index).trim(), line.slice(index + 1).trim());
  }
  return headers;
}

/** A fetch over XMLHttpRequest that reports upload progress; `cancel` aborts it. */
function progressFetch(onProgress: (fraction: number) => void, cancel?: AbortSignal): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const url = input instanceof Request ? input.url : String(input);
      xhr.open(init.method ?? "GET", url);
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = "arraybuffer";
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () =>
        resolve(
          new Response(xhr.status === 204 ? null : (xhr.response as ArrayBuffer), {
            status: xhr.status,
            headers: headersOf(xhr),
          }),
        );
      xhr.onerror = () =>
        reject(new TypeError("The upload could not reach the server. Check the connection and try again."));
      xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
      for (const signal of [init.signal, cancel]) signal?.addEventListener("abort", () => xhr.abort(), { once: true });
      xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
    });
}

function extensionOf(type: string): string {
  return { "image/webp": "webp", "image/jpeg": "jpg", "image/png": "png", "image/avif": "avif" }[type] ?? "img";
}

/**
 * Where an image is stored: by month, with a random name and its size (the renderer reads it back).
 * The name is a whole UUID v4 (122 random bits): nobody can list the bucket, so an image uploaded
 * for a draft stays unfindable until its post links it, and a name that short could be guessed.
 */
function imagePath(image: Pick<PreparedImage, "width" | "height" | "type">, folder?: string, now = new Date()): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  return `${folder ?? `posts/${month}`}/${crypto.randomUUID()}-${image.width}x${image.height}.${extensionOf(image.type)}`;
}

/** The folder of a member's photos: `avatars/<user id>`, so that whose photo a file is can be read from its path. */
export function avatarFolder(userId: string): string {
  return `avatars/${userId}`;
}

/**
 * Resizes, encodes and uploads `file` as the admin signed in on `client`; resolves with its public
 * URL and size. Errors carry the server's message.
 */
export async function uploadBlogImage(
  client: AppSupabaseClient,
  file: Blob,
  { onProgress, signal, folder }: UploadOptions = {},
): Promise<UploadedImage> {
  const image = await prepareImage(file);
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error("You are not signed in.");
  const storage = new StorageClient(
    `${resolveUrl().replace(/\/+$/, "")}/storage/v1`,
    { apikey: config.supabaseAnonKey, Authorization: `Bearer ${data.session.access_token}` },
    progressFetch((fraction) => onProgress?.(fraction), signal),
  );
  const path = imagePath(image, folder);
  const bucket = storage.from(BLOG_IMAGES_BUCKET);
  const { error } = await bucket.upload(path, image.blob, {
    contentType: image.type,
    cacheControl: ONE_YEAR_SECONDS,
    upsert: false,
  });
  if (error) throw new Error(error.message);
  onProgress?.(1);
  return { url: bucket.getPublicUrl(path).data.publicUrl, width: image.width, height: image.height };
}
