import { Newspaper } from "lucide-react";
import { useState } from "react";
import { cn } from "../../lib/cn";
import { isSafeHttpUrl } from "../../lib/format";

interface PostImageProps {
  src: string | null;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Show the drawn fallback when there is no usable image (cards); otherwise render nothing. */
  fallback?: boolean;
  priority?: boolean;
}

/**
 * A post's cover image. Only absolute http(s) URLs are rendered; a missing, unsafe or broken image
 * shows a drawn fallback (or nothing, where the image is optional).
 */
export function PostImage({ src, alt, width, height, className, fallback = true, priority = false }: PostImageProps) {
  const [failed, setFailed] = useState(false);
  if (!isSafeHttpUrl(src) || failed) {
    return fallback ? <PostImageFallback className={className} /> : null;
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={cn("object-cover", className)}
    />
  );
}

/** Decorative stand-in: the brand gradient with a soft grid and a newspaper mark. */
export function PostImageFallback({ className }: { className?: string }) {
  return (
    <div
      data-testid="post-image-fallback"
      aria-hidden="true"
      className={cn("relative flex items-center justify-center overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950", className)}
    >
      <svg className="absolute inset-0 h-full w-full opacity-20" width="640" height="360" viewBox="0 0 640 360" preserveAspectRatio="xMidYMid slice">
        <defs>
          <pattern id="post-grid" width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M32 0H0V32" fill="none" stroke="white" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="640" height="360" fill="url(#post-grid)" />
        <circle cx="540" cy="60" r="90" fill="#fcd34d" opacity="0.5" />
      </svg>
      <span className="relative flex h-14 w-14 items-center justify-center rounded-2xl bg-white/15 text-white backdrop-blur">
        <Newspaper className="h-7 w-7" />
      </span>
    </div>
  );
}
