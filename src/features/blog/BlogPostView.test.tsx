import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { newsletterCopy } from "../../content/newsletter";
import { dismissToast } from "../../components/ui/toast-store";
import { BlogPostView } from "./BlogPostPage";
import { makePost, renderPage } from "./testing";

afterEach(() => {
  act(() => dismissToast());
});

const recent = [
  { id: "r1", title: "Automating follow-up with a CRM", slug: "automating-1", created_at: "2025-02-10T09:00:00Z" },
  { id: "r2", title: "Facebook ads on a small budget", slug: "facebook-2", created_at: "2025-01-20T09:00:00Z" },
];

function renderView(state: Parameters<typeof BlogPostView>[0]["state"], categories: string[] = ["CRM", "Web Design"]) {
  return renderPage(<BlogPostView state={state} recentPosts={recent} categories={categories} path="/blog/test" />);
}

describe("BlogPostView", () => {
  it("says 'Loading post...' while loading", () => {
    renderView({ status: "loading" });
    expect(screen.getByRole("status")).toHaveTextContent("Loading post...");
  });

  it("shows 'Post not found' with a way back to the blog", () => {
    renderView({ status: "not-found" });
    expect(screen.getByRole("heading", { level: 1, name: "Post not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  });

  it("shows category, title, author, long date and the content with its line breaks", async () => {
    const post = makePost({ content: "First line\nSecond line\n\nNew paragraph" });
    renderView({ status: "found", post });
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

  it("names the company as author when the author has no full name", () => {
    renderView({ status: "found", post: makePost({ author: { full_name: null } }) });
    expect(within(screen.getByRole("article")).getByText("Ascend Digital")).toBeInTheDocument();
  });

  it("does not render an image whose URL is not http(s), nor HTML in the content", () => {
    const post = makePost({ image_url: "javascript:alert(1)", content: "<script>alert(1)</script><b>x</b>" });
    renderView({ status: "found", post });
    const article = screen.getByRole("article");
    expect(article.querySelector("img")).toBeNull();
    expect(article.querySelector("b")).toBeNull();
    expect(within(article).getByText("<script>alert(1)</script><b>x</b>")).toBeInTheDocument();
  });

  it("has the sidebar: recent posts with dates, categories, follow us and search, each with its notice", async () => {
    const user = userEvent.setup();
    renderView({ status: "found", post: makePost() });
    const recentSection = screen.getByRole("region", { name: "Recent Posts" });
    expect(within(recentSection).getByRole("link", { name: recent[0]!.title })).toHaveAttribute("href", "/blog/automating-1");
    expect(within(recentSection).getByText("February 10, 2025")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "About The Author" })).toBeInTheDocument();

    await user.click(within(screen.getByRole("region", { name: "Categories" })).getByRole("button", { name: "CRM" }));
    expect(await screen.findByText("Filtering by CRM is coming soon!")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Instagram" }));
    expect(await screen.findByText("Social links coming soon!")).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search articles" }), "crm{Enter}");
    expect(await screen.findByText("Search is coming soon!")).toBeInTheDocument();
  });

  it("has the newsletter sign-up card below the article", () => {
    renderView({ status: "found", post: makePost() });
    const heading = screen.getByRole("heading", { level: 2, name: newsletterCopy.variants.card.heading });
    const card = heading.closest("section")!;
    expect(within(card).getByRole("textbox", { name: newsletterCopy.emailLabel })).toBeInTheDocument();
    expect(screen.getByRole("article").compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
