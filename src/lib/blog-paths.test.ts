import { describe, expect, it } from "vitest";
import { blogAuthorPath, blogDataKey, blogListPath, blogTagPath, canonicalRedirect, matchBlogPath } from "./blog-paths";

describe("blog paths", () => {
  it("tells list pages, category pages and posts apart", () => {
    expect(matchBlogPath("/blog")).toEqual({ kind: "list", page: 1, categorySlug: null });
    expect(matchBlogPath("/blog/")).toEqual({ kind: "list", page: 1, categorySlug: null });
    expect(matchBlogPath("/blog/page/7")).toEqual({ kind: "list", page: 7, categorySlug: null });
    expect(matchBlogPath("/blog/category/web-design")).toEqual({ kind: "list", page: 1, categorySlug: "web-design" });
    expect(matchBlogPath("/blog/category/web-design/page/2")).toEqual({
      kind: "list",
      page: 2,
      categorySlug: "web-design",
    });
    expect(matchBlogPath("/blog/why-speed-matters-1741176000000")).toEqual({
      kind: "post",
      slug: "why-speed-matters-1741176000000",
    });
    expect(matchBlogPath("/blog/caf%C3%A9")).toEqual({ kind: "post", slug: "café" });
  });

  it("refuses what is no page: page 0, non-numbers, extra segments, broken escapes", () => {
    for (const path of [
      "/blog/page/0",
      "/blog/page/x",
      "/blog/page/01",
      "/blog/page",
      "/blog/category",
      "/blog/a/b",
      "/blog/category/x/page/0",
      "/blog/%E0%A4%A",
      "/about",
    ]) {
      expect(matchBlogPath(path), path).toBeNull();
    }
  });

  it("builds canonical paths, and redirects the other spellings of a page to them", () => {
    expect(blogListPath(1)).toBe("/blog");
    expect(blogListPath(3, "paid ads")).toBe("/blog/category/paid%20ads/page/3");
    const redirect = (path: string, query = "") =>
      canonicalRedirect(matchBlogPath(path)!, path, new URLSearchParams(query));
    expect(redirect("/blog")).toBeNull();
    expect(redirect("/blog/page/2")).toBeNull();
    expect(redirect("/blog/page/1")).toBe("/blog");
    expect(redirect("/blog", "page=3")).toBe("/blog/page/3");
    expect(redirect("/blog", "page=zero")).toBe("/blog");
    expect(redirect("/blog/category/crm/page/1")).toBe("/blog/category/crm");
    expect(redirect("/blog/", "")).toBeNull();
    expect(redirect("/blog/some-post")).toBeNull();
  });

  it("keys each page's data by what it shows", () => {
    expect(blogDataKey({ kind: "list", page: 2, categorySlug: "crm" })).toBe("blog-list:crm:2");
    expect(blogDataKey({ kind: "post", slug: "x" })).toBe("blog-post:x");
  });
});

describe("author pages", () => {
  it("reads /blog/author/{slug}[/page/{n}], builds its canonical path, and redirects page 1 to it", () => {
    expect(matchBlogPath("/blog/author/ada-obi")).toEqual({ kind: "author", slug: "ada-obi", page: 1 });
    expect(matchBlogPath("/blog/author/ada-obi/page/3")).toEqual({ kind: "author", slug: "ada-obi", page: 3 });
    expect(matchBlogPath("/blog/author/ada-obi/page/0")).toBeNull();
    expect(matchBlogPath("/blog/author/ada-obi/posts")).toBeNull();
    expect(matchBlogPath("/blog/author/%E0%A4%A")).toBeNull();
    // A post may still be called 'author'.
    expect(matchBlogPath("/blog/author")).toEqual({ kind: "post", slug: "author" });
    expect(blogAuthorPath("ada-obi")).toBe("/blog/author/ada-obi");
    expect(blogAuthorPath("ada-obi", 2)).toBe("/blog/author/ada-obi/page/2");
    const first = matchBlogPath("/blog/author/ada-obi/page/1")!;
    expect(canonicalRedirect(first, "/blog/author/ada-obi/page/1", new URLSearchParams())).toBe("/blog/author/ada-obi");
    expect(canonicalRedirect(first, "/blog/author/ada-obi", new URLSearchParams("page=2"))).toBe(
      "/blog/author/ada-obi/page/2",
    );
    expect(blogDataKey({ kind: "author", slug: "ada-obi", page: 2 })).toBe("blog-author:ada-obi:2");
  });
});

describe("tag pages", () => {
  it("reads /blog/tag/{slug}[/page/{n}], builds its canonical path, and redirects page 1 to it", () => {
    expect(matchBlogPath("/blog/tag/web-design")).toEqual({ kind: "tag", slug: "web-design", page: 1 });
    expect(matchBlogPath("/blog/tag/web-design/page/2")).toEqual({ kind: "tag", slug: "web-design", page: 2 });
    expect(matchBlogPath("/blog/tag/web-design/page/0")).toBeNull();
    expect(matchBlogPath("/blog/tag/web-design/posts")).toBeNull();
    // A post may still be called 'tag'.
    expect(matchBlogPath("/blog/tag")).toEqual({ kind: "post", slug: "tag" });
    expect(blogTagPath("web-design")).toBe("/blog/tag/web-design");
    expect(blogTagPath("web-design", 3)).toBe("/blog/tag/web-design/page/3");
    const first = matchBlogPath("/blog/tag/seo/page/1")!;
    expect(canonicalRedirect(first, "/blog/tag/seo/page/1", new URLSearchParams())).toBe("/blog/tag/seo");
    expect(canonicalRedirect(first, "/blog/tag/seo", new URLSearchParams("page=2"))).toBe("/blog/tag/seo/page/2");
    expect(canonicalRedirect(first, "/blog/tag/seo", new URLSearchParams())).toBeNull();
    expect(blogDataKey({ kind: "tag", slug: "seo", page: 2 })).toBe("blog-tag:seo:2");
  });
});

describe("hostile input", () => {
  const search = (query: string) => matchBlogPath("/blog/search", new URLSearchParams(query));

  it("keeps a search query free of control characters and at most 200 characters", () => {
    expect(search("q=%00")).toEqual({ kind: "search", query: "", page: 1 });
    expect(search("q=web%00design%1F%0Atips%7F")).toEqual({ kind: "search", query: "web design tips", page: 1 });
    expect(search("q=%E0%A4%A")).toMatchObject({ kind: "search" });
    expect((search(`q=${"a".repeat(10_240)}`) as { query: string }).query).toHaveLength(200);
  });

  it("reads any page number that is not one as the first page of a search", () => {
    for (const page of ["-1", "0", "1e9", "abc", "9999999", ""])
      expect(search(`q=crm&page=${page}`), page).toMatchObject({ page: 1 });
    expect(search("q=crm&page=2")).toMatchObject({ page: 2 });
  });

  it("names no page with a slug or category that holds control characters, bad encoding or 201+ characters", () => {
    for (const path of [
      "/blog/%00",
      "/blog/a%00b",
      "/blog/%E0%A4%A",
      "/blog/%",
      `/blog/${"s".repeat(201)}`,
      "/blog/category/%00",
      "/blog/category/%ZZ/page/2",
    ]) {
      expect(matchBlogPath(path), path).toBeNull();
    }
    expect(matchBlogPath(`/blog/${"s".repeat(200)}`)).toMatchObject({ kind: "post" });
    expect(matchBlogPath("/blog/%F0%9F%98%80-emoji's (post)")).toEqual({ kind: "post", slug: "😀-emoji's (post)" });
  });
});
