import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BlogListView } from "./BlogListView";
import { asPost, makePost, renderPage } from "./testing";

describe("BlogListView", () => {
  it("says 'No posts found.' when there are none", () => {
    renderPage(<BlogListView posts={[]} />);
    expect(screen.getByText("No posts found.")).toBeInTheDocument();
  });

  it("shows a card per post: category, title, excerpt of the summary, date and Read More", () => {
    const long = makePost({ content: "b".repeat(130) });
    renderPage(<BlogListView posts={[asPost(long)]} />);
    const card = screen.getByRole("article");
    expect(within(card).getByText("Web Design")).toBeInTheDocument();
    expect(within(card).getByRole("heading", { name: long.title })).toBeInTheDocument();
    expect(within(card).getByText(`${"b".repeat(120)}...`)).toBeInTheDocument();
    expect(within(card).getByText("March 5, 2025")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: /Read More/ })).toHaveAttribute("href", `/blog/${long.slug}`);
  });

  /** Element.animate, which jsdom lacks, recorded: the keyframes and timing each card asks for. */
  function recordAnimations() {
    const calls: { element: Element; keyframes: Keyframe[]; options: KeyframeAnimationOptions }[] = [];
    const animate = vi.fn(function (this: Element, keyframes: Keyframe[], options: KeyframeAnimationOptions) {
      calls.push({ element: this, keyframes, options });
      return { finished: new Promise(() => {}), cancel: () => {} } as unknown as Animation;
    });
    Object.defineProperty(Element.prototype, "animate", { value: animate, configurable: true, writable: true });
    return calls;
  }

  afterEach(() => {
    delete (Element.prototype as { animate?: unknown }).animate;
  });

  it("shows cards rendered on the server at once, without an entrance animation", () => {
    const calls = recordAnimations();
    const { container } = renderPage(<BlogListView posts={[asPost(makePost())]} />);
    expect(container.querySelector("article")?.getAttribute("style") ?? "").not.toContain("opacity: 0");
    expect(calls).toHaveLength(0);
  });

  it("lets cards that arrive after a navigation fade up, one after another", () => {
    const calls = recordAnimations();
    const posts = [makePost({ id: "1", slug: "one" }), makePost({ id: "2", slug: "two" })].map(asPost);
    const { container } = renderPage(<BlogListView posts={posts} animate />);
    const cards = [...container.querySelectorAll("article")];
    expect(calls.map((call) => call.element)).toEqual(cards);
    expect(calls[0]!.keyframes[0]).toMatchObject({ opacity: 0, transform: "translateY(24px)" });
    expect(calls[0]!.keyframes[1]).toMatchObject({ opacity: 1 });
    expect(calls.map((call) => call.options.delay)).toEqual([0, 100]);
    expect(calls[0]!.options.fill).toBe("both");
  });

  it("draws a fallback when a post has no image or an unsafe one, and renders http(s) images", () => {
    const posts = [
      makePost({ id: "1", slug: "one", image_url: null }),
      makePost({ id: "2", slug: "two", image_url: "javascript:alert(1)" }),
      makePost({ id: "3", slug: "three", image_url: "https://images.example.com/cover.png" }),
    ].map(asPost);
    const { container } = renderPage(<BlogListView posts={posts} />);
    expect(screen.getAllByTestId("post-image-fallback")).toHaveLength(2);
    const images = container.querySelectorAll("img");
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute("src", "https://images.example.com/cover.png");
    expect(images[0]).toHaveAttribute("width");
    expect(images[0]).toHaveAttribute("height");
  });

  it("renders user text as text, never as HTML", () => {
    const post = makePost({ title: "<img src=x onerror=alert(1)>", content: "<b>bold</b>" });
    const { container } = renderPage(<BlogListView posts={[asPost(post)]} />);
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeInTheDocument();
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
  });
});
