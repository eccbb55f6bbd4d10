import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { BlogListView } from "./BlogListView";
import { asPost, makePost, renderPage } from "./testing";

describe("BlogListView", () => {
  it("says 'Loading posts...' while loading", () => {
    renderPage(<BlogListView state={{ status: "loading" }} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading posts...");
  });

  it("says 'No posts found.' when there are none", () => {
    renderPage(<BlogListView state={{ status: "ready", posts: [] }} />);
    expect(screen.getByText("No posts found.")).toBeInTheDocument();
  });

  it("says the posts could not be loaded, and offers a retry", async () => {
    const retry = vi.fn();
    renderPage(<BlogListView state={{ status: "error" }} onRetry={retry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("The posts could not be loaded.");
    expect(screen.queryByText("Loading posts...")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("shows a card per post: category, title, excerpt, date and Read More", () => {
    const long = makePost({ content: "b".repeat(130) });
    renderPage(<BlogListView state={{ status: "ready", posts: [asPost(long)] }} />);
    const card = screen.getByRole("article");
    expect(within(card).getByText("Web Design")).toBeInTheDocument();
    expect(within(card).getByRole("heading", { name: long.title })).toBeInTheDocument();
    expect(within(card).getByText(`${"b".repeat(120)}...`)).toBeInTheDocument();
    expect(within(card).getByText("March 5, 2025")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: /Read More/ })).toHaveAttribute("href", `/blog/${long.slug}`);
  });

  it("draws a fallback when a post has no image or an unsafe one, and renders http(s) images", () => {
    const posts = [
      makePost({ id: "1", slug: "one", image_url: null }),
      makePost({ id: "2", slug: "two", image_url: "javascript:alert(1)" }),
      makePost({ id: "3", slug: "three", image_url: "https://images.example.com/cover.png" }),
    ].map(asPost);
    const { container } = renderPage(<BlogListView state={{ status: "ready", posts }} />);
    expect(screen.getAllByTestId("post-image-fallback")).toHaveLength(2);
    const images = container.querySelectorAll("img");
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute("src", "https://images.example.com/cover.png");
    expect(images[0]).toHaveAttribute("width");
    expect(images[0]).toHaveAttribute("height");
  });

  it("renders user text as text, never as HTML", () => {
    const post = makePost({ title: "<img src=x onerror=alert(1)>", content: "<b>bold</b>" });
    const { container } = renderPage(<BlogListView state={{ status: "ready", posts: [asPost(post)] }} />);
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeInTheDocument();
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
  });
});
