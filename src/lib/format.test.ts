import { describe, expect, it } from "vitest";
import { excerpt, formatLongDate, isSafeHttpUrl, metaDescription } from "./format";
import { createSlug } from "./slug";

describe("excerpt", () => {
  it("cuts content to 120 characters and adds an ellipsis", () => {
    const text = "a".repeat(150);
    expect(excerpt(text)).toBe(`${"a".repeat(120)}...`);
  });
  it("leaves short content whole", () => {
    expect(excerpt("Short and sweet.")).toBe("Short and sweet.");
  });
});

describe("formatLongDate", () => {
  it("writes a long US date", () => {
    expect(formatLongDate("2025-03-05T12:00:00Z")).toBe("March 5, 2025");
    expect(formatLongDate(new Date(Date.UTC(2026, 11, 31, 9)))).toBe("December 31, 2026");
  });
  it("names the day in UTC, the zone of the server's render, whatever the reader's zone", () => {
    expect(formatLongDate("2025-03-05T23:30:00Z")).toBe("March 5, 2025");
    expect(formatLongDate("2025-03-06T00:30:00+01:00")).toBe("March 5, 2025");
  });
  it("gives nothing for an unreadable value", () => {
    expect(formatLongDate("not a date")).toBe("");
  });
});

describe("metaDescription", () => {
  it("takes the first 160 characters on one line", () => {
    const content = `First line\nsecond line ${"x".repeat(200)}`;
    const description = metaDescription(content);
    expect(description).toHaveLength(160);
    expect(description.startsWith("First line second line")).toBe(true);
  });
});

describe("isSafeHttpUrl", () => {
  it("accepts http and https only", () => {
    expect(isSafeHttpUrl("https://example.com/a.png")).toBe(true);
    expect(isSafeHttpUrl("http://example.com/a.png")).toBe(true);
    expect(isSafeHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isSafeHttpUrl("data:image/png;base64,AAAA")).toBe(false);
    expect(isSafeHttpUrl("/relative.png")).toBe(false);
    expect(isSafeHttpUrl(null)).toBe(false);
  });
});

describe("createSlug", () => {
  it("lower-cases, turns spaces into hyphens, drops other characters and appends the timestamp", () => {
    expect(createSlug("Why Your Site Needs SEO: 5 Tips!", 1741176000000)).toBe(
      "why-your-site-needs-seo-5-tips-1741176000000",
    );
  });
  it("keeps underscores and hyphens, which are word characters or allowed", () => {
    expect(createSlug("CRM_Setup - Part 2", 42)).toBe("crm_setup---part-2-42");
  });
});
