import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { Toaster } from "../../components/ui/Toaster";
import { categorySlug } from "../../lib/category";
import { NO_SEARCH_SOCIAL_FIELDS } from "../../lib/post-meta-testing";
import type { Post, PostWithAuthor } from "../../lib/posts";

/** Renders with the providers the app gives every page: the router and toasts. */
export function renderPage(ui: ReactElement, path = "/") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <Toaster />
    </MemoryRouter>,
  );
}

export function makePost(overrides: Partial<PostWithAuthor> = {}): PostWithAuthor {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    title: "Five signs your website is costing you leads",
    content: "Your website is your hardest-working salesperson.",
    category: "Web Design",
    image_url: null,
    image_alt: null,
    author_id: "00000000-0000-4000-8000-00000000000a",
    slug: "five-signs-1741176000000",
    created_at: "2025-03-05T12:00:00Z",
    updated_at: "2025-03-05T12:00:00Z",
    status: "published",
    published_at: "2025-03-05T12:00:00Z",
    excerpt: null,
    ...NO_SEARCH_SOCIAL_FIELDS,
    author: { full_name: "Ada Okafor", slug: "ada-okafor", bio: "Writes about websites that sell.", avatar_url: null },
    ...overrides,
    category_slug:
      overrides.category_slug ?? categorySlugOf(overrides.category === undefined ? "Web Design" : overrides.category),
    summary:
      overrides.summary ??
      (overrides.content ?? "Your website is your hardest-working salesperson.").replace(/\s+/g, " ").slice(0, 200),
    reading_minutes: overrides.reading_minutes ?? 1,
    tags: overrides.tags ?? [],
  };
}

function categorySlugOf(category: string | null): string | null {
  return category ? categorySlug(category) : null;
}

export function asPost(post: PostWithAuthor): Post {
  const { author: _author, ...rest } = post;
  return rest;
}
