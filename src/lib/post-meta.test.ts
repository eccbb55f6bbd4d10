import { describe, expect, it } from "vitest";
import { config } from "../config";
import {
  isCanonicalElsewhere,
  postMeta,
  SEARCH_DESCRIPTION_LIMIT,
  SEARCH_TITLE_LIMIT,
  truncateForDisplay,
  type PostMetaFields,
} from "./post-meta";
import { NO_SEARCH_SOCIAL_FIELDS } from "./post-meta-testing";

const copy = { siteName: "Ascend Digital", cardAlt: (title: string) => `Card: ${title}` };
const UPDATED = "2026-11-20T10:00:00.000Z";
const VERSION = Date.parse(UPDATED).toString(36);

const post = (fields: Partial<PostMetaFields> = {}): PostMetaFields => ({
  title: "Stop losing leads",
  slug: "stop-losing-leads",
  updated_at: UPDATED,
  image_url: null,
  ...NO_SEARCH_SOCIAL_FIELDS,
  ...fields,
});
const own = `${config.siteUrl}/blog/stop-losing-leads`;

describe("postMeta's fallbacks (today's behaviour)", () => {
  const meta = postMeta(post(), "The excerpt.", copy);

  it("titles the page '<title> | <site>' and describes it with the loader's description", () => {
    expect(meta.title).toBe("Stop losing leads | Ascend Digital");
    expect(meta.description).toBe("The excerpt.");
  });

  it("names the post's own absolute URL as canonical", () => {
    expect(meta.canonical).toBe(own);
    expect(meta.url).toBe(own);
  });

  it("gives the link card the search title and description", () => {
    expect(meta.socialTitle).toBe(meta.title);
    expect(meta.socialDescription).toBe("The excerpt.");
  });

  it("draws a 1200x630 card for a post with no image, versioned by its last change", () => {
    expect(meta.image).toEqual({
      url: `${config.siteUrl}/blog/stop-losing-leads/card.png?v=${VERSION}`,
      size: { width: 1200, height: 630 },
      alt: "Card: Stop losing leads",
      drawn: true,
    });
    const later = postMeta(post({ updated_at: "2026-11-21T10:00:00.000Z" }), "", copy);
    expect(later.image.url).not.toBe(meta.image.url);
  });

  it("encodes the slug in the card's path", () => {
    expect(postMeta(post({ slug: "ọjà ẹ̀kọ́" }), "", copy).image.url).toContain(
      `/blog/${encodeURIComponent("ọjà ẹ̀kọ́")}/card.png?v=`,
    );
  });

  it("shares the cover when there is one, with its size when its name carries it", () => {
    const cover = "https://cdn.example.com/blog/cover-1600x900.webp";
    expect(postMeta(post({ image_url: cover }), "", copy).image).toEqual({
      url: cover,
      size: { width: 1600, height: 900 },
      alt: "Stop losing leads",
      drawn: false,
    });
    const unsized = postMeta(post({ image_url: "https://cdn.example.com/cover.jpg" }), "", copy).image;
    expect(unsized).toEqual({ url: "https://cdn.example.com/cover.jpg", alt: "Stop losing leads", drawn: false });
  });
});

describe("postMeta's fields", () => {
  const full = post({
    seo_title: "Search title",
    seo_description: "Search description",
    canonical_url: "https://medium.com/@ascend/leads",
    social_title: "Social title",
    social_description: "Social description",
    social_image_url: "https://cdn.example.com/share-1200x630.png",
    image_url: "https://cdn.example.com/cover-1600x900.webp",
  });

  it("uses each field when set", () => {
    expect(postMeta(full, "The excerpt.", copy)).toEqual({
      title: "Search title",
      description: "Search description",
      canonical: "https://medium.com/@ascend/leads",
      url: own,
      socialTitle: "Social title",
      socialDescription: "Social description",
      image: {
        url: "https://cdn.example.com/share-1200x630.png",
        size: { width: 1200, height: 630 },
        alt: "Stop losing leads",
        drawn: false,
      },
    });
  });

  it("gives the social title and description the search ones when only those are set", () => {
    const meta = postMeta(post({ seo_title: "Search title", seo_description: "Search description" }), "x", copy);
    expect(meta.socialTitle).toBe("Search title");
    expect(meta.socialDescription).toBe("Search description");
  });

  it("trims the fields", () => {
    const meta = postMeta(
      post({ seo_title: "  Search title \n", social_image_url: " https://a.example/x.png " }),
      "",
      copy,
    );
    expect(meta.title).toBe("Search title");
    expect(meta.image.url).toBe("https://a.example/x.png");
  });

  it("treats blank and whitespace fields as unset", () => {
    const blank = post({
      seo_title: "   ",
      seo_description: "\n\t",
      canonical_url: " ",
      social_title: "",
      social_description: "  ",
      social_image_url: "   ",
    });
    expect(postMeta(blank, "The excerpt.", copy)).toEqual(postMeta(post(), "The excerpt.", copy));
  });

  it("ignores addresses that are not http(s)", () => {
    for (const unsafe of ["javascript:alert(1)", "data:image/png;base64,AAAA", "/relative.png", "ftp://a.example/x"]) {
      const meta = postMeta(post({ canonical_url: unsafe, social_image_url: unsafe, image_url: unsafe }), "", copy);
      expect(meta.canonical).toBe(own);
      expect(meta.image.drawn).toBe(true);
    }
  });

  it("falls back from an unsafe social image to the cover", () => {
    const cover = "https://cdn.example.com/cover.jpg";
    expect(postMeta(post({ social_image_url: "javascript:x", image_url: cover }), "", copy).image.url).toBe(cover);
  });

  it("tells whether the canonical URL is another page", () => {
    expect(isCanonicalElsewhere(full)).toBe(true);
    expect(isCanonicalElsewhere(post())).toBe(false);
    expect(isCanonicalElsewhere(post({ canonical_url: "javascript:x" }))).toBe(false);
    const own = `${config.siteUrl}/blog/${post().slug}`;
    expect(isCanonicalElsewhere(post({ canonical_url: own }))).toBe(false);
    expect(isCanonicalElsewhere(post({ canonical_url: `${own}/` }))).toBe(false);
  });
});

describe("truncateForDisplay", () => {
  it("leaves text within the limit as it is (whitespace folded)", () => {
    expect(truncateForDisplay("  Short   title ", SEARCH_TITLE_LIMIT)).toBe("Short title");
    const exact = "x".repeat(SEARCH_DESCRIPTION_LIMIT);
    expect(truncateForDisplay(exact, SEARCH_DESCRIPTION_LIMIT)).toBe(exact);
  });

  it("cuts at a word before the limit, with an ellipsis", () => {
    const long = "How a Lagos clinic stopped losing leads in its WhatsApp inbox and doubled its bookings";
    const cut = truncateForDisplay(long, SEARCH_TITLE_LIMIT);
    expect(cut.length).toBeLessThanOrEqual(SEARCH_TITLE_LIMIT);
    expect(cut).toBe("How a Lagos clinic stopped losing leads in its WhatsApp…");
  });

  it("cuts one long word where it must", () => {
    expect(truncateForDisplay("a".repeat(100), 10)).toBe(`${"a".repeat(9)}…`);
  });
});
