import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newsletterCopy } from "../../content/newsletter";
import { dismissToast } from "../../components/ui/toast-store";
import * as markdown from "../../lib/markdown";
import { renderPostWith } from "../../lib/blog-data";
import type { AdjacentPost, RelatedPost } from "../../lib/posts";
import { BlogPostView } from "./BlogPostPage";
import { describePost } from "./post-page-meta";
import { makePost, renderPage } from "./testing";

// Parts of the page are their own chunks (the sidebar, what follows the article, the status views):
// load them once, then let each render take them up before its checks.
const lazyParts = () => Promise.all([import("./AfterArticle"), import("./BlogSidebar"), import("./BlogStatus")]);
beforeAll(lazyParts, 20_000);

/**
 * Until the page's lazy parts are in: the two islands beside a found post (each marks its wrapper
 * `data-hydrated` once its chunk has rendered), the status view (a status, an alert or the page's
 * heading) otherwise.
 */
async function settle(container: HTMLElement, state: ViewState) {
  const isFound = state.status === "ready" && state.data.status === "found";
  await waitFor(() => {
    if (isFound) expect(container.querySelectorAll("[data-hydrated]")).toHaveLength(2);
    else
      expect(
        within(container).queryByRole("status") ??
          within(container).queryByRole("alert") ??
          within(container).queryByRole("heading", { level: 1 }),
      ).not.toBeNull();
  });
}

afterEach(() => {
  act(() => dismissToast());
});

const recent = [
  { id: "r1", title: "Automating follow-up with a CRM", slug: "automating-1", published_at: "2025-02-10T09:00:00Z" },
  { id: "r2", title: "Facebook ads on a small budget", slug: "facebook-2", published_at: "2025-01-20T09:00:00Z" },
];

const categories = [
  { slug: "crm", name: "CRM", post_count: 2, updated_at: "2025-02-10T09:00:00Z" },
  { slug: "web-design", name: "Web Design", post_count: 1, updated_at: "2025-03-05T12:00:00Z" },
];

type ViewState = Parameters<typeof BlogPostView>[0]["state"];

/** What lies around the article: related posts and the neighbouring ones (none unless given). */
interface Around {
  related?: RelatedPost[];
  previous?: AdjacentPost | null;
  next?: AdjacentPost | null;
}

function found(
  post: ReturnType<typeof makePost>,
  { related = [], previous = null, next = null }: Around = {},
): ViewState {
  const body = renderPostWith(markdown, post);
  return {
    status: "ready",
    fromServer: true,
    data: {
      status: "found",
      post,
      body,
      meta: describePost(post, body),
      recentPosts: recent,
      categories,
      related,
      previous,
      next,
    },
  };
}

async function renderView(state: ViewState) {
  const rendered = renderPage(<BlogPostView state={state} path="/blog/test" onRetry={() => undefined} />);
  await settle(rendered.container, state);
  return rendered;
}

describe("BlogPostView", () => {
  it("says 'Loading post...' while loading", async () => {
    await renderView({ status: "loading" });
    expect(screen.getByRole("status")).toHaveTextContent("Loading post...");
  });

  it("says the blog is unavailable, and offers a retry, when the backend cannot be reached", async () => {
    let retried = 0;
    const state: ViewState = { status: "ready", fromServer: true, data: { status: "unavailable" } };
    const { container } = renderPage(<BlogPostView state={state} path="/blog/test" onRetry={() => (retried += 1)} />);
    await settle(container, state);
    expect(screen.getByRole("alert")).toHaveTextContent("The blog is unavailable right now");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retried).toBe(1);
  });

  it("shows 'Post not found' with a way back to the blog", async () => {
    await renderView({ status: "ready", fromServer: true, data: { status: "not-found" } });
    expect(screen.getByRole("heading", { level: 1, name: "Post not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  });

  it("shows category, title, author, long date and the content with its line breaks", async () => {
    const post = makePost({ content: "First line\nSecond line\n\nNew paragraph" });
    await renderView(found(post));
    expect(screen.getByRole("heading", { level: 1, name: post.title })).toBeInTheDocument();
    const article = screen.getByRole("article");
    expect(within(article).getByText("Web Design")).toBeInTheDocument();
    expect(within(article).getByText("Ada Okafor")).toBeInTheDocument();
    expect(within(article).getByText("March 5, 2025")).toBeInTheDocument();
    const body = screen.getByTestId("post-body");
    const paragraphs = body.querySelectorAll("p");
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.querySelectorAll("br")).toHaveLength(1);
    expect(paragraphs[1]).toHaveTextContent("New paragraph");
    expect(screen.getByRole("link", { name: "Back to all articles" })).toHaveAttribute("href", "/blog");
    await waitFor(() => expect(document.title).toBe(`${post.title} | Ascend Digital`));
  });

  it("shows the author's photo and name, linking to their page, and their bio in the About The Author card", async () => {
    await renderView(
      found(
        makePost({
          author: {
            full_name: "Ada Okafor",
            slug: "ada-okafor",
            bio: "Writes about websites that sell.",
            avatar_url: "https://cdn.example.com/ada.webp",
          },
        }),
      ),
    );
    const article = screen.getByRole("article");
    expect(within(article).getByRole("link", { name: "Ada Okafor" })).toHaveAttribute(
      "href",
      "/blog/author/ada-okafor",
    );
    expect(article.querySelector('img[src="https://cdn.example.com/ada.webp"]')).toHaveAttribute("alt", "");
    const card = screen.getByRole("region", { name: "About The Author" });
    expect(within(card).getByText("Writes about websites that sell.")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "All articles by Ada Okafor" })).toHaveAttribute(
      "href",
      "/blog/author/ada-okafor",
    );
  });

  it("names the company as author when the author has no full name", async () => {
    await renderView(found(makePost({ author: { full_name: null, slug: null, bio: null, avatar_url: null } })));
    expect(within(screen.getByRole("article")).getByText("Ascend Digital")).toBeInTheDocument();
  });

  it("describes the cover with its alt text, else with the post's title", async () => {
    const described = await renderView(
      found(makePost({ image_url: "https://example.com/cover.webp", image_alt: "A laptop showing a shop's site" })),
    );
    expect(
      within(screen.getByRole("article")).getByRole("img", { name: "A laptop showing a shop's site" }),
    ).toBeInTheDocument();
    described.unmount();
    await renderView(found(makePost({ image_url: "https://example.com/cover.webp", image_alt: null })));
    expect(
      within(screen.getByRole("article")).getByRole("img", { name: "Five signs your website is costing you leads" }),
    ).toBeInTheDocument();
  });

  it("does not render an image whose URL is not http(s), nor HTML in the content", async () => {
    const post = makePost({ image_url: "javascript:alert(1)", content: "<script>alert(1)</script><b>x</b>" });
    await renderView(found(post));
    const article = screen.getByRole("article");
    expect(article.querySelector("img")).toBeNull();
    expect(within(article).queryByTestId("post-image-fallback"), "the article draws no stand-in cover").toBeNull();
    expect(article.querySelector("b")).toBeNull();
    expect(within(article).getByText("<script>alert(1)</script><b>x</b>")).toBeInTheDocument();
  });

  it("has the sidebar: recent posts with dates, category links, search, and the agency's profiles", async () => {
    const user = userEvent.setup();
    await renderView(found(makePost()));
    const recentSection = screen.getByRole("region", { name: "Recent Posts" });
    expect(within(recentSection).getByRole("link", { name: recent[0]!.title })).toHaveAttribute(
      "href",
      "/blog/automating-1",
    );
    expect(within(recentSection).getByText("February 10, 2025")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "About The Author" })).toBeInTheDocument();

    const categoryLinks = within(screen.getByRole("region", { name: "Categories" })).getAllByRole("link");
    expect(categoryLinks.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["CRM 2 articles", "/blog/category/crm"],
      ["Web Design 1 article", "/blog/category/web-design"],
    ]);
    expect(
      within(screen.getByRole("region", { name: "Categories" })).getByRole("link", { name: /^CRM 2\s?articles$/ }),
    ).toBeInTheDocument();

    const follow = within(screen.getByRole("region", { name: "Follow Us" })).getAllByRole("link");
    expect(follow.map((link) => link.getAttribute("aria-label"))).toEqual([
      "Facebook (opens in a new tab)",
      "Instagram (opens in a new tab)",
      "LinkedIn (opens in a new tab)",
      "GitHub (opens in a new tab)",
    ]);
    for (const link of follow) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
      expect(link.getAttribute("href")).toMatch(/^https:\/\//);
    }

    const search = screen.getByRole("search");
    expect(search).toHaveAttribute("action", "/blog/search");
    expect(search).toHaveAttribute("method", "get");
    await user.type(within(search).getByRole("searchbox", { name: "Search articles" }), "crm");
    expect(within(search).getByRole("searchbox")).toHaveAttribute("name", "q");
  });

  it("offers sharing, the neighbouring articles and related posts under the article", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const post = makePost();
    await renderView(
      found(post, {
        related: [
          {
            id: "r9",
            slug: "related-one",
            title: "A related one",
            category: "Web Design",
            image_url: null,
            published_at: "2025-01-01T09:00:00Z",
            summary: "x",
            reading_minutes: 4,
          },
        ],
        previous: { slug: "older-one", title: "An older one" },
        next: { slug: "newer-one", title: "A newer one" },
      }),
    );
    const share = screen.getByRole("region", { name: "Share this article" });
    const url = `https://ascenddigital.ng/blog/${post.slug}`;
    expect(within(share).getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute(
      "href",
      `https://wa.me/?text=${encodeURIComponent(`${post.title} ${url}`)}`,
    );
    expect(within(share).getByRole("link", { name: "Share on LinkedIn" })).toHaveAttribute(
      "href",
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    );
    expect(within(share).getByRole("link", { name: "Share on X" }).getAttribute("href")).toContain(
      `url=${encodeURIComponent(url)}`,
    );
    expect(within(share).getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    for (const link of within(share).getAllByRole("link")) expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await user.click(within(share).getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText("Link copied")).toBeInTheDocument();

    expect(screen.getByRole("link", { name: /Previous article\s*An older one/ })).toHaveAttribute(
      "href",
      "/blog/older-one",
    );
    expect(screen.getByRole("link", { name: /Next article\s*A newer one/ })).toHaveAttribute("href", "/blog/newer-one");
    const related = screen.getByRole("region", { name: "Keep reading" });
    expect(within(related).getByRole("link", { name: "A related one" })).toHaveAttribute("href", "/blog/related-one");
    expect(within(related).getByText("4 min read")).toBeInTheDocument();
  });

  it("has the newsletter sign-up card below the article", async () => {
    await renderView(found(makePost()));
    const heading = screen.getByRole("heading", { level: 2, name: newsletterCopy.variants.card.heading });
    const card = heading.closest("section")!;
    expect(within(card).getByRole("textbox", { name: newsletterCopy.emailLabel })).toBeInTheDocument();
    expect(screen.getByRole("article").compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
