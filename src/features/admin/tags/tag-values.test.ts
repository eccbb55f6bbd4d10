import { describe, expect, it } from "vitest";
import { addTag, matchingTags, MAX_TAGS } from "./tag-values";

describe("addTag", () => {
  it("adds a trimmed tag, and ignores an empty one, one without a letter or digit, and a repeat in any case", () => {
    expect(addTag([], "  Web Design ")).toEqual(["Web Design"]);
    expect(addTag(["Web Design"], "web design")).toEqual(["Web Design"]);
    expect(addTag(["Web Design"], "WEB-DESIGN")).toEqual(["Web Design"]);
    expect(addTag(["SEO"], "   ")).toEqual(["SEO"]);
    expect(addTag(["SEO"], "!!!")).toEqual(["SEO"]);
  });

  it("keeps at most 10 tags of at most 40 characters", () => {
    const full = Array.from({ length: MAX_TAGS }, (_, i) => `Tag ${i}`);
    expect(addTag(full, "One more")).toBe(full);
    expect(addTag([], "x".repeat(50))).toEqual(["x".repeat(40)]);
  });
});

describe("matchingTags", () => {
  const inUse = [
    { name: "Web Design", slug: "web-design" },
    { name: "SEO", slug: "seo" },
    { name: "Design Systems", slug: "design-systems" },
  ];

  it("suggests the tags in use containing what is typed, leaving out the post's own", () => {
    expect(matchingTags(inUse, [], "design").map((tag) => tag.name)).toEqual(["Web Design", "Design Systems"]);
    expect(matchingTags(inUse, ["web design"], "design").map((tag) => tag.name)).toEqual(["Design Systems"]);
    expect(matchingTags(inUse, [], "").map((tag) => tag.name)).toEqual(["Web Design", "SEO", "Design Systems"]);
    expect(matchingTags(inUse, [], "", 1)).toHaveLength(1);
  });
});
