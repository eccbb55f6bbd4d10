/**
 * The admin's reads and writes of posts, as the signed-in admin: drafts and scheduled posts
 * included (RLS lets only admins see and change them). Each takes the client it queries with, as the
 * other modules here do, and throws an Error carrying the server's message (and its code) when the
 * call fails. The columns are the blog's (lib/posts.ts), so the editor and the preview read a post
 * as its page shows it.
 */
import type { AppSupabaseClient } from "../../../lib/supabase";
import {
  fail,
  NO_ROWS,
  AUTHOR_COLUMNS,
  POST_COLUMNS,
  SUMMARY_COLUMNS,
  type Post,
  type PostSummary,
  type PostWithAuthor,
} from "../../../lib/posts";
import { createSlug } from "../../../lib/slug";

/** What the admin types into the post form. */
export interface PostInput {
  title: string;
  content: string;
  /** Optional: cards and the meta description use it instead of the start of the body. */
  excerpt: string;
  category: string;
  imageUrl: string;
  /** The cover's description for people who cannot see it; empty = the post's title. */
  imageAlt: string;
  /** Up to 10 tags (the database trims them and drops repeats); left as they are when absent. */
  tags?: string[];
  /**
   * The search and social fields (lib/post-meta.ts): blank falls back to the rules and is saved as
   * null; left as they are when absent.
   */
  seoTitle?: string;
  seoDescription?: string;
  canonicalUrl?: string;
  socialTitle?: string;
  socialDescription?: string;
  socialImageUrl?: string;
}

/** The search and social fields, as the editor names them and as the columns do. */
export const SEARCH_SOCIAL_COLUMNS = {
  seoTitle: "seo_title",
  seoDescription: "seo_description",
  canonicalUrl: "canonical_url",
  socialTitle: "social_title",
  socialDescription: "social_description",
  socialImageUrl: "social_image_url",
} as const;

export type SearchSocialField = keyof typeof SEARCH_SOCIAL_COLUMNS;
type SearchSocialColumn = (typeof SEARCH_SOCIAL_COLUMNS)[SearchSocialField];

const searchSocialFields = Object.keys(SEARCH_SOCIAL_COLUMNS) as SearchSocialField[];

function optional(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

/** The fields given, as columns (blank: null). */
function searchSocialColumns(input: PostInput): Partial<Record<SearchSocialColumn, string | null>> {
  const columns: Partial<Record<SearchSocialColumn, string | null>> = {};
  for (const field of searchSocialFields) {
    const value = input[field];
    if (value !== undefined) columns[SEARCH_SOCIAL_COLUMNS[field]] = optional(value);
  }
  return columns;
}

type SearchSocialValues = Required<Pick<PostInput, SearchSocialField>>;

/** The search and social fields as the editor holds them, each read by `valueOf`: null or absent is blank. */
function searchSocialFrom(valueOf: (field: SearchSocialField) => string | null | undefined): SearchSocialValues {
  return Object.fromEntries(searchSocialFields.map((field) => [field, valueOf(field) ?? ""])) as SearchSocialValues;
}

/** A post's (or a revision's) search and social columns as the editor holds them: null is blank. */
export function searchSocialInput(row: Partial<Record<SearchSocialColumn, string | null>>): SearchSocialValues {
  return searchSocialFrom((field) => row[SEARCH_SOCIAL_COLUMNS[field]]);
}

/** The search and social fields of what the editor holds, each one absent (a draft kept before they existed) blank. */
export function searchSocialValues(input: Pick<PostInput, SearchSocialField>): SearchSocialValues {
  return searchSocialFrom((field) => input[field]);
}

/** The columns of a post, or of a revision, that the editor edits. */
type EditableRow = Pick<Post, "title" | "content" | "excerpt" | "category" | "image_url" | "image_alt"> &
  Partial<Pick<Post, "tags">> &
  Partial<Record<SearchSocialColumn, string | null>>;

/** A post's (or a revision's) fields as the editor holds them: null is blank; the tags when the row has them. */
export function editorInputOf(row: EditableRow): PostInput {
  return {
    title: row.title,
    content: row.content,
    excerpt: row.excerpt ?? "",
    category: row.category ?? "",
    imageUrl: row.image_url ?? "",
    imageAlt: row.image_alt ?? "",
    ...(row.tags === undefined ? {} : { tags: row.tags }),
    ...searchSocialInput(row),
  };
}

/** A post as the admin dashboard lists it: a card's columns, its author and where it stands. */
export type AdminPostSummary = PostSummary & Pick<Post, "author_id" | "status" | "created_at">;

/** Every post for the admin dashboard, newest first, without bodies. */
export async function listPostsForAdmin(client: AppSupabaseClient): Promise<AdminPostSummary[]> {
  const { data, error } = await client
    .from("posts")
    .select(`${SUMMARY_COLUMNS}, author_id, status, created_at`)
    .order("published_at", { ascending: false, nullsFirst: true })
    .order("created_at", { ascending: false });
  if (error) fail(error);
  return data ?? [];
}

/** One post by id (the admin's edit form), or null. */
export async function getPostById(client: AppSupabaseClient, id: string): Promise<Post | null> {
  const { data, error } = await client.from("posts").select(POST_COLUMNS).eq("id", id).single();
  if (error) {
    if (error.code === NO_ROWS) return null;
    fail(error);
  }
  return data;
}

/**
 * What saving does to a post's publication: keep it a draft, publish it now (the database stamps
 * the time), schedule it, or leave its state as it is (saving an edit of a published post).
 */
export type Publication = { kind: "draft" } | { kind: "publish" } | { kind: "schedule"; at: Date } | { kind: "keep" };

function publicationColumns(publication: Publication): {
  status?: "draft" | "published";
  published_at?: string | null;
} {
  switch (publication.kind) {
    case "draft":
      return { status: "draft", published_at: null };
    case "publish":
      return { status: "published", published_at: null };
    case "schedule":
      return { status: "published", published_at: publication.at.toISOString() };
    case "keep":
      return {};
  }
}

function contentColumns(input: PostInput) {
  return {
    title: input.title.trim(),
    content: input.content,
    excerpt: optional(input.excerpt),
    category: optional(input.category),
    image_url: optional(input.imageUrl),
    // A description belongs to its image: none is kept once the cover is removed.
    image_alt: optional(input.imageUrl) ? optional(input.imageAlt) : null,
    ...(input.tags ? { tags: input.tags } : {}),
    ...searchSocialColumns(input),
  };
}

/** Any post by id with its author, as the signed-in admin sees it (drafts included): the admin's preview. */
export async function getPostForPreview(client: AppSupabaseClient, id: string): Promise<PostWithAuthor | null> {
  const { data, error } = await client
    .from("posts")
    .select(`${POST_COLUMNS}, author:profiles(${AUTHOR_COLUMNS})`)
    .eq("id", id)
    .single();
  if (error) {
    if (error.code === NO_ROWS) return null;
    fail(error);
  }
  return data as PostWithAuthor;
}

/** Creates a post as `authorId` (the signed-in admin); the slug follows the spec's rule. */
export async function createPost(
  client: AppSupabaseClient,
  input: PostInput,
  authorId: string,
  publication: Publication = { kind: "publish" },
): Promise<Post> {
  const { data, error } = await client
    .from("posts")
    .insert({
      ...contentColumns(input),
      ...publicationColumns(publication),
      author_id: authorId,
      slug: createSlug(input.title.trim()),
    })
    .select(POST_COLUMNS)
    .single();
  if (error) fail(error);
  return data;
}

/**
 * Saves an edit. A post that has never been published takes a slug from its current title (nobody
 * links to it yet); once published, its slug stays, so links keep working (the database refuses
 * to change it).
 */
export async function updatePost(
  client: AppSupabaseClient,
  id: string,
  input: PostInput,
  publication: Publication = { kind: "keep" },
  current?: Pick<Post, "status" | "title">,
): Promise<Post> {
  const renamedDraft = current?.status === "draft" && current.title.trim() !== input.title.trim();
  const { data, error } = await client
    .from("posts")
    .update({
      ...contentColumns(input),
      ...publicationColumns(publication),
      ...(renamedDraft ? { slug: createSlug(input.title.trim()) } : {}),
    })
    .eq("id", id)
    .select(POST_COLUMNS)
    .single();
  if (error) {
    if (error.code === NO_ROWS) throw new Error("The post was not found, or you may not edit it.");
    fail(error);
  }
  return data;
}

/** Deletes a post; throws when nothing was deleted (unknown id, or not allowed by the policies). */
export async function deletePost(client: AppSupabaseClient, id: string): Promise<void> {
  const { data, error } = await client.from("posts").delete().eq("id", id).select("id");
  if (error) fail(error);
  if (!data || data.length === 0) throw new Error("The post was not found, or you may not delete it.");
}
