/**
 * The pixel size an uploaded image's file name carries (`...-1600x900.webp`, as the editor names
 * uploads), so pages can reserve its space and link previews can announce it; null when the name
 * says nothing.
 */
export function imageSizeFromUrl(url: string | null | undefined): { width: number; height: number } | null {
  if (!url) return null;
  const match = /-(\d{1,5})x(\d{1,5})\.[a-z0-9]+(?:[?#].*)?$/i.exec(url);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}
