/**
 * The editor's view of a post's search and social meta: what the served page will carry, from what
 * is typed now and the same rules (lib/post-meta.ts), and the fallback of each field, shown as its
 * placeholder.
 */
import { config } from "../../../config";
import { adminCopy } from "../../../content/admin";
import { postMetaCopy } from "../../../content/post-meta";
import { postSeoCopy } from "../../../content/post-seo";
import { metaDescription } from "../../../lib/format";
import { markdownToPlainText } from "../../../lib/markdown";
import { postMeta, type PostMeta, type PostMetaFields } from "../../../lib/post-meta";
import type { Post } from "../../../lib/posts";
import type { SearchSocialField } from "../data/posts";
import type { EditorValues } from "./editor-values";

/** The post's page, once it has one: its slug and last save (the drawn card's URL names both). */
export type PostPage = Pick<Post, "slug" | "updated_at">;

/** What the database accepts as an address (20261128100000_post_search_social.sql): http(s), a dotted host. */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i;

/** Whether a typed address would be refused: blank is fine (the fallback applies). */
export function isBadAddress(value: string | undefined): boolean {
  const trimmed = value?.trim() ?? "";
  return trimmed !== "" && !WEB_ADDRESS.test(trimmed);
}

/** The address fields, checked as typed and before a save. */
export const ADDRESS_FIELDS = ["canonicalUrl", "socialImageUrl"] as const satisfies readonly SearchSocialField[];

function fieldsOf(values: EditorValues, page: PostPage | null): PostMetaFields {
  return {
    title: values.title.trim() || adminCopy.form.titleLabel,
    slug: page?.slug ?? "",
    updated_at: page?.updated_at ?? "",
    image_url: values.imageUrl.trim() || null,
    seo_title: values.seoTitle ?? null,
    seo_description: values.seoDescription ?? null,
    canonical_url: values.canonicalUrl ?? null,
    social_title: values.socialTitle ?? null,
    social_description: values.socialDescription ?? null,
    social_image_url: values.socialImageUrl ?? null,
  };
}

export interface EditorMeta {
  /** What the page will carry, as typed. */
  meta: PostMeta;
  /** Each field's fallback: what the page carries while the field is empty. */
  fallbacks: Record<SearchSocialField, string>;
}

/**
 * The meta as the page will carry it, and the fallbacks. `description` is the post's own (the
 * excerpt, or the body's first lines), as the loader makes it.
 */
export function editorMeta(values: EditorValues, page: PostPage | null, description: string): EditorMeta {
  const fields = fieldsOf(values, page);
  const meta = postMeta(fields, description, postMetaCopy);
  const unset = postMeta(
    { ...fields, seo_title: null, seo_description: null, canonical_url: null, social_image_url: null },
    description,
    postMetaCopy,
  );
  return {
    meta,
    fallbacks: {
      seoTitle: unset.title,
      seoDescription: unset.description,
      // A post not saved yet has no address of its own to show.
      canonicalUrl: page ? unset.canonical : postSeoCopy.ownAddress,
      socialTitle: meta.title,
      socialDescription: meta.description,
      socialImageUrl: unset.image.drawn ? "" : unset.image.url,
    },
  };
}

/** The post's own description, as the loader makes it (lib/blog-data.ts renderPostWith). */
export function ownDescription(excerpt: string, content: string): string {
  return metaDescription(excerpt.trim() || markdownToPlainText(content));
}

/** An image address as the editor loads it: the drawn card from this origin (the site's may not be this one). */
export function previewSource(url: string, drawn: boolean): string {
  if (!drawn || !url.startsWith(config.siteUrl)) return url;
  return url.slice(config.siteUrl.length);
}
