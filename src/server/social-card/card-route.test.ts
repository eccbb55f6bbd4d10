import { describe, expect, it } from "vitest";
import { blogPostPath, socialCardPath } from "../../lib/blog-paths";
import { matchSocialCardPath } from "./card-route";

describe("matchSocialCardPath", () => {
  it("names the page whose card a path is", () => {
    expect(matchSocialCardPath("/blog/card.png")).toEqual({ kind: "list", categorySlug: null });
    expect(matchSocialCardPath("/blog/category/web-design/card.png")).toEqual({
      kind: "list",
      categorySlug: "web-design",
    });
    expect(matchSocialCardPath("/blog/tag/seo/card.png")).toEqual({ kind: "tag", slug: "seo" });
    expect(matchSocialCardPath("/blog/author/ada-obi/card.png")).toEqual({ kind: "author", slug: "ada-obi" });
    expect(matchSocialCardPath("/blog/some-post/card.png")).toEqual({ kind: "post", slug: "some-post" });
    expect(matchSocialCardPath(socialCardPath(blogPostPath("ọjà ẹ̀rọ")))).toEqual({ kind: "post", slug: "ọjà ẹ̀rọ" });
  });

  it("is null for what has no card: other pages, a later page, a search, other files", () => {
    for (const path of [
      "/blog",
      "/blog/some-post",
      "/blog/page/2/card.png",
      "/blog/category/web-design/page/2/card.png",
      "/blog/search/card.png",
      "/blog/a/b/card.png",
      "/card.png",
      "/blog/some-post/card.jpg",
    ])
      expect(matchSocialCardPath(path), path).toBeNull();
  });
});
