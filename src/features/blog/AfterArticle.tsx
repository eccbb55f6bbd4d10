import type { AdjacentPost, RelatedPost } from "../../lib/posts";
import { NewsletterForm } from "../newsletter";
import { PreviousNext, RelatedPosts, ShareButtons } from "./AroundArticle";

export interface AfterArticleProps {
  shareUrl: string;
  title: string;
  previous: AdjacentPost | null;
  next: AdjacentPost | null;
  related: RelatedPost[];
}

/**
 * What follows a post's body: share links, previous and next, related posts, the sign-up card. Its
 * own chunk (BlogPostPage loads it lazily): it sits below the article, so the server's markup of it
 * is shown as it is and hydrates when its code arrives, after the article is interactive.
 */
export default function AfterArticle({ shareUrl, title, previous, next, related }: AfterArticleProps) {
  return (
    <>
      <ShareButtons url={shareUrl} title={title} />
      <PreviousNext previous={previous} next={next} />
      <RelatedPosts posts={related} />
      <NewsletterForm variant="card" className="mt-10" />
    </>
  );
}
