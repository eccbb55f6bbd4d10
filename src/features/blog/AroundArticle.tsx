import { ArrowLeft, ArrowRight, Link2, Share2 } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Link } from "../../components/ui/Link";
import { BrandIcon } from "../../components/ui/BrandIcon";
import { shareGlyphs } from "../../components/ui/share-icons";
import { ExternalLink } from "../../components/ui/Button";
import { LabelledCard } from "../../components/ui/LabelledSection";
import { toast } from "../../components/ui/toast-store";
import { blogCopy } from "../../content/blog";
import { aroundArticleCopy } from "../../content/around-post";
import { shareNetworks } from "../../content/share";
import type { AdjacentPost, RelatedPost } from "../../lib/posts";
import { blogPostPath } from "../../lib/blog-paths";
import { CategoryLabel, PostMetaLine, PostTitleLink } from "./PostMeta";
import { runDetached } from "../../lib/detached";

const copy = aroundArticleCopy;

const roundButton =
  "inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-800 transition-colors hover:bg-brand-700 hover:text-white focus-ring focus-visible:ring-offset-2";

const noSubscription = () => () => {};

/** True in a browser that has a native share sheet; false on the server and during hydration. */
function useNativeShare(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => typeof navigator.share === "function",
    () => false,
  );
}

/** WhatsApp, LinkedIn, X and Facebook as plain links, copy link, and the device's share sheet where there is one. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const native = useNativeShare();

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: copy.linkCopied, description: copy.linkCopiedBody, variant: "success" });
    } catch {
      toast({ title: copy.copyFailed, description: url, variant: "error" });
    }
  }

  return (
    <LabelledCard id="share-heading" heading={copy.shareHeading} className="mt-10 p-6" headingSize="lg">
      <ul className="mt-4 flex flex-wrap gap-3">
        {shareNetworks.map((network) => (
          <li key={network.name}>
            <ExternalLink
              href={network.href(url, title)}
              aria-label={copy.shareOn(network.name)}
              className={roundButton}
            >
              <BrandIcon icon={shareGlyphs[network.icon]} className="h-5 w-5" />
            </ExternalLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => runDetached(copyLink(), "Copying the link")}
            className={`${roundButton} w-auto gap-2 px-4 text-sm font-semibold`}
          >
            <Link2 aria-hidden="true" className="h-4 w-4" />
            {copy.copyLink}
          </button>
        </li>
        {native ? (
          <li>
            <button
              type="button"
              onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
              className={`${roundButton} w-auto gap-2 px-4 text-sm font-semibold`}
            >
              <Share2 aria-hidden="true" className="h-4 w-4" />
              {copy.nativeShare}
            </button>
          </li>
        ) : null}
      </ul>
    </LabelledCard>
  );
}

/** The older and the newer article, side by side. */
export function PreviousNext({ previous, next }: { previous: AdjacentPost | null; next: AdjacentPost | null }) {
  if (!previous && !next) return null;
  const link =
    "group flex flex-col gap-1 rounded-card border border-slate-100 bg-white p-5 shadow-soft transition-shadow hover:shadow-lift focus-ring";
  return (
    <nav aria-label={`${copy.previous} / ${copy.next}`} className="mt-10 grid gap-4 sm:grid-cols-2">
      {previous ? (
        <Link to={blogPostPath(previous.slug)} rel="prev" className={link}>
          <span className="flex items-center gap-1 text-sm font-semibold text-brand-700">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {copy.previous}
          </span>
          <span className="font-bold text-ink group-hover:text-brand-700">{previous.title}</span>
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      {next ? (
        <Link to={blogPostPath(next.slug)} rel="next" className={`${link} sm:items-end sm:text-right`}>
          <span className="flex items-center gap-1 text-sm font-semibold text-brand-700">
            {copy.next}
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </span>
          <span className="font-bold text-ink group-hover:text-brand-700">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}

/** Up to three related posts: same category first, then shared words, then newest. */
export function RelatedPosts({ posts }: { posts: RelatedPost[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-10">
      <h2 id="related-heading" className="text-2xl font-extrabold tracking-tight text-ink">
        {copy.relatedHeading}
      </h2>
      <ul className="mt-5 grid gap-4 md:grid-cols-3">
        {posts.map((post) => (
          <li key={post.id} className="flex">
            <article className="flex flex-1 flex-col rounded-card border border-slate-100 bg-white p-5 shadow-soft">
              <CategoryLabel category={post.category || blogCopy.list.uncategorised} />
              <h3 className="mt-2 flex-1 font-bold text-ink text-balance">
                <PostTitleLink slug={post.slug} title={post.title} />
              </h3>
              <PostMetaLine
                date={post.published_at}
                minutes={post.reading_minutes}
                variant="compact"
                className="mt-3"
              />
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
