import { adminCopy } from "../../../content/admin";
import { fromLagosInput } from "../../../lib/lagos-time";
import type { PostWithAuthor } from "../../../lib/posts";
import type { PostInput } from "../data/posts";

const EXCERPT_MAX = 300;

export const emptyPostInput: PostInput = {
  title: "",
  content: "",
  excerpt: "",
  category: "",
  imageUrl: "",
  imageAlt: "",
  tags: [],
  seoTitle: "",
  seoDescription: "",
  canonicalUrl: "",
  socialTitle: "",
  socialDescription: "",
  socialImageUrl: "",
};

/** What the editor keeps as it is typed: the post's fields and the schedule time (Lagos). */
export interface EditorValues extends PostInput {
  scheduleAt: string;
}

/** The length of an excerpt over the limit, or null when it fits. */
export function excerptOverflow(excerpt: string): number | null {
  const length = excerpt.trim().length;
  return length > EXCERPT_MAX ? length : null;
}

/** The post as the preview draws it: what is typed, with the title's label standing in for an empty title. */
export function previewPost(values: EditorValues, postId: string | null, authorName: string | null): PostWithAuthor {
  const now = new Date().toISOString();
  return {
    id: postId ?? "preview",
    title: values.title.trim() || adminCopy.form.titleLabel,
    content: values.content,
    excerpt: values.excerpt.trim() || null,
    category: values.category.trim() || null,
    image_url: values.imageUrl.trim() || null,
    image_alt: values.imageAlt.trim() || null,
    slug: "preview",
    author_id: "",
    author: { full_name: authorName, slug: null, bio: null, avatar_url: null },
    status: "draft",
    published_at: fromLagosInput(values.scheduleAt)?.toISOString() ?? now,
    created_at: now,
    updated_at: now,
    category_slug: null,
    summary: "",
    reading_minutes: 1,
    tags: values.tags ?? [],
    seo_title: values.seoTitle?.trim() || null,
    seo_description: values.seoDescription?.trim() || null,
    canonical_url: values.canonicalUrl?.trim() || null,
    social_title: values.socialTitle?.trim() || null,
    social_description: values.socialDescription?.trim() || null,
    social_image_url: values.socialImageUrl?.trim() || null,
  };
}
