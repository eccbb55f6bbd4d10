import { useMemo } from "react";
import { readingMinutes, renderMarkdown } from "../../lib/markdown";
import type { PostWithAuthor } from "../../lib/posts";
import { PostArticle } from "./PostArticle";
import { tagsCopy } from "../../content/tags";

/** A post rendered from its Markdown as it stands, for the admin's editor preview and draft preview. */
export function MarkdownPostArticle({ post }: { post: PostWithAuthor }) {
  const body = useMemo(
    () => ({
      ...renderMarkdown(post.content, { names: post.tags, label: tagsCopy.postTags }),
      minutes: readingMinutes(post.content),
    }),
    [post.content, post.tags],
  );
  return <PostArticle post={post} body={body} />;
}
