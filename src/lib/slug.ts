/**
 * The spec's slug rule for new posts: lower-case the title, turn each space into a hyphen, drop
 * every character that is not a word character or a hyphen, then append a hyphen and the current
 * time in milliseconds (which keeps slugs unique when two posts share a title).
 */
export function createSlug(title: string, now: number = Date.now()): string {
  const base = title
    .toLowerCase()
    .replace(/ /g, "-")
    .replace(/[^\w-]/g, "");
  return `${base}-${now}`;
}
