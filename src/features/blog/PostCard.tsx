import { ArrowRight } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { Link } from "../../components/ui/Link";
import { blogCopy } from "../../content/blog";
import { tagsCopy } from "../../content/tags";
import { animateOnce, canAnimate } from "../../lib/animation";
import { excerpt } from "../../lib/format";
import type { PostSummary } from "../../lib/posts";
import { blogPostPath } from "../../lib/blog-paths";
import { PostImage } from "./PostImage";
import { PostImageFallback } from "./PostImageFallback";
import { CategoryLabel, PostMetaLine, PostTitleLink } from "./PostMeta";

/** The card's cover, image or drawn fallback alike. */
const COVER = "aspect-video w-full";

/** Milliseconds between the entrance of one card and the next. */
const CARD_STAGGER_MS = 100;
const ENTERING = { opacity: 0, transform: "translateY(24px)" };

/**
 * A card that arrived after a navigation fades up, in a stagger with the others (the Web Animations
 * API, src/lib/animation.ts: the blog's lists load no animation library); a card the server rendered
 * is still.
 */
function useEntrance(animate: boolean, index: number) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!animate || !canAnimate(element)) return;
    return animateOnce(element, ENTERING, { durationMs: 400, delayMs: index * CARD_STAGGER_MS, easing: "ease-out" });
    // Runs when the card mounts: a card entering is one that was not there before.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}

/**
 * A post's card in a list; `featured`, the post leading /blog: across the whole list, its cover
 * beside the text from laptop widths, with a larger title and a 'Featured' label.
 */
export function PostCard({
  post,
  index,
  animate = false,
  featured = false,
}: {
  post: PostSummary;
  index: number;
  animate?: boolean;
  featured?: boolean;
}) {
  const href = blogPostPath(post.slug);
  const ref = useEntrance(animate, index);
  return (
    <article
      ref={ref}
      className={`flex flex-col overflow-hidden rounded-card border border-slate-100 bg-white shadow-soft transition-shadow hover:shadow-lift${featured ? " w-full lg:flex-row" : ""}`}
    >
      <PostImage
        src={post.image_url}
        alt=""
        width={featured ? 1200 : 640}
        height={featured ? 675 : 360}
        priority={featured}
        className={featured ? `${COVER} lg:w-3/5` : COVER}
        fallback={<PostImageFallback category={post.category} className={COVER} />}
      />
      <div className={`flex flex-1 flex-col p-6${featured ? " sm:p-8" : ""}`}>
        {featured ? (
          <p className="mb-3 self-start rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
            {tagsCopy.featured}
          </p>
        ) : null}
        <CategoryLabel category={post.category || blogCopy.list.uncategorised} />
        <h2 className={`mt-2 font-bold text-ink text-balance ${featured ? "text-2xl sm:text-3xl" : "text-xl"}`}>
          <PostTitleLink slug={post.slug} title={post.title} />
        </h2>
        <p className="mt-3 flex-1 text-ink-muted break-words">{excerpt(post.summary)}</p>
        <div className="mt-6 flex items-center justify-between gap-4 border-t border-slate-100 pt-4 text-sm">
          <PostMetaLine date={post.published_at} minutes={post.reading_minutes} variant="card" />
          <Link
            to={href}
            className="inline-flex items-center gap-1 rounded font-semibold text-brand-700 hover:text-brand-900 focus-ring"
          >
            {blogCopy.list.readMore}
            {/* Visible text stays 'Read More'; the title makes the link's name descriptive. */}
            <span className="sr-only">: {post.title}</span>
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      </div>
    </article>
  );
}
