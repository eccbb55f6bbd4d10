import type { DescribedImage } from "./use-image-upload";

/** Markdown for an image, with brackets in the alt text escaped. */
export function imageMarkdown(alt: string, url: string): string {
  return `![${alt.replace(/([[\]\\])/g, "\\$1")}](${url})`;
}

/** The content with an image's Markdown put in at `at` (the end when null), on a line of its own; and where the caret goes next. */
export function placeImage(
  content: string,
  at: number | null,
  image: DescribedImage,
): { content: string; caret: number } {
  const position = Math.min(at ?? content.length, content.length);
  const before = content.slice(0, position);
  const after = content.slice(position);
  const markdown = `${before && !before.endsWith("\n\n") ? (before.endsWith("\n") ? "\n" : "\n\n") : ""}${imageMarkdown(image.alt, image.url)}\n\n`;
  return { content: `${before}${markdown}${after.replace(/^\n+/, "")}`, caret: position + markdown.length };
}
