import { useState, type ReactNode } from "react";
import { cn } from "../../lib/cn";
import { isSafeHttpUrl } from "../../lib/format";
import { config } from "../../config";

interface PostImageProps {
  src: string | null;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /**
   * What to show when there is no usable image (cards pass PostImageFallback); nothing by default. A
   * prop rather than an import here: the article's cover needs no fallback, and the fallback's
   * drawing and icons stay out of a post's first script.
   */
  fallback?: ReactNode;
  priority?: boolean;
}

/**
 * A post's cover image. Only absolute http(s) URLs are rendered; a missing, unsafe or broken image
 * shows the given fallback (or nothing, where the image is optional).
 */
export function PostImage({ src, alt, width, height, className, fallback = null, priority = false }: PostImageProps) {
  const [failed, setFailed] = useState(false);
  if (!isSafeHttpUrl(src) || failed) return <>{fallback}</>;
  return (
    <img
      src={src.startsWith(`${config.siteUrl}/`) ? src.slice(config.siteUrl.length) : src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={cn("object-cover", className)}
    />
  );
}
