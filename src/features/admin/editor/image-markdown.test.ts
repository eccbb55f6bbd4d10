import { describe, expect, it } from "vitest";
import { imageMarkdown, placeImage } from "./image-markdown";

const image = { url: "https://cdn.example/a.webp", width: 800, height: 600, alt: "A chart" };

describe("imageMarkdown", () => {
  it("writes the Markdown of an image, escaping brackets in its alt text", () => {
    expect(imageMarkdown("A [bold] move", "https://cdn.example/a.webp")).toBe(
      "![A \\[bold\\] move](https://cdn.example/a.webp)",
    );
  });
});

describe("placeImage", () => {
  it("puts the image on a paragraph of its own where the caret is, and moves the caret after it", () => {
    const placed = placeImage("Before.After.", 7, image);
    expect(placed.content).toBe("Before.\n\n![A chart](https://cdn.example/a.webp)\n\nAfter.");
    expect(placed.content.slice(placed.caret)).toBe("After.");
  });

  it("appends at the end when no caret is known", () => {
    expect(placeImage("Text", null, image).content).toBe("Text\n\n![A chart](https://cdn.example/a.webp)\n\n");
  });
});
