import { cn } from "../../lib/cn";
import { isSafeHttpUrl } from "../../lib/format";

const sizes = { sm: "h-8 w-8 text-sm", md: "h-12 w-12 text-lg", lg: "h-24 w-24 text-3xl" } as const;
const pixels = { sm: 32, md: 48, lg: 96 } as const;

/**
 * An author's photo, or their initial on the brand colour when they have none. Decorative (`alt=""`,
 * `aria-hidden`): the name is always written beside it.
 */
export function AuthorAvatar({
  name,
  photo,
  size,
  className,
}: {
  name: string;
  photo: string | null | undefined;
  size: keyof typeof sizes;
  className?: string;
}) {
  const classes = cn("shrink-0 rounded-full", sizes[size], className);
  if (isSafeHttpUrl(photo)) {
    return (
      <img
        src={photo}
        alt=""
        width={pixels[size]}
        height={pixels[size]}
        loading="lazy"
        decoding="async"
        className={cn(classes, "bg-brand-50 object-cover")}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(classes, "flex items-center justify-center bg-brand-700 font-bold text-white")}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
