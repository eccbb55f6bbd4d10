import { CalendarDays, Clock, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "../../components/ui/Link";
import { blogCopy } from "../../content/blog";
import { cn } from "../../lib/cn";
import { formatLongDate } from "../../lib/format";
import { blogPostPath } from "../../lib/blog-paths";

/**
 * Where the line stands: `card` is one run with a dot between date and reading time (post cards);
 * `compact` spaces its items a little (related posts, search results); `article` spaces them widely
 * under an article's title.
 */
type PostMetaVariant = "card" | "compact" | "article";

// The element, its classes, and the gap between an item's icon and text. A card's items are not
// wrapped: icon, date, dot, icon and minutes are one run of flex items, which wraps on narrow cards.
const variants: Record<PostMetaVariant, readonly ["span" | "p" | "div", string, string | null]> = {
  card: ["span", "flex items-center gap-1.5 text-ink-soft", null],
  compact: ["p", "flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft", "gap-1.5"],
  article: ["div", "flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-ink-muted", "gap-2"],
};

/** One item of the line: an icon and what it stands for. */
function PostMetaItem({
  icon: Icon,
  variant,
  children,
}: {
  icon: LucideIcon;
  variant: PostMetaVariant;
  children: ReactNode;
}) {
  const gap = variants[variant][2];
  const item = (
    <>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {children}
    </>
  );
  return gap ? <span className={`flex items-center ${gap}`}>{item}</span> : item;
}

interface PostMetaLineProps {
  /** When the post was published (ISO); null for a post that is not out yet. */
  date: string | null;
  /** The reading time, when the line shows it. */
  minutes?: number;
  variant: PostMetaVariant;
  className?: string;
  /** Items before the date (the author, the category). */
  children?: ReactNode;
}

/** A post's date and reading time, with whatever stands before them. */
export function PostMetaLine({ date, minutes, variant, className, children }: PostMetaLineProps) {
  const [Tag, classes] = variants[variant];
  return (
    <Tag className={cn(classes, className)}>
      {children}
      <PostMetaItem icon={CalendarDays} variant={variant}>
        <time dateTime={date ?? undefined}>{formatLongDate(date ?? "")}</time>
      </PostMetaItem>
      {minutes === undefined ? null : (
        <>
          {variant === "card" ? <span aria-hidden="true">·</span> : null}
          <PostMetaItem icon={Clock} variant={variant}>
            {blogCopy.readingTime(minutes)}
          </PostMetaItem>
        </>
      )}
    </Tag>
  );
}

/** A post's category as the small capitals above its title (`sm` above an article's h1). */
export function CategoryLabel({
  category,
  size = "xs",
  as: Tag = "p",
}: {
  category: string;
  size?: "xs" | "sm";
  as?: "p" | "span";
}) {
  return (
    <Tag
      className={`${size === "sm" ? "text-sm" : "text-xs"} font-semibold uppercase tracking-[0.16em] text-brand-700`}
    >
      {category}
    </Tag>
  );
}

/** A post's title as the link to it, inside the card's heading. */
export function PostTitleLink({ slug, title }: { slug: string; title: string }) {
  return (
    <Link to={blogPostPath(slug)} className="rounded hover:text-brand-700 focus-ring">
      {title}
    </Link>
  );
}
