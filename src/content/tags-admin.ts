/** Copy of the editor's tags and featured-post controls (the public tag pages' copy is in tags.ts). */

export const tagsAdminCopy = {
  label: "Tags",
  hint: "Type a tag and press Enter or a comma. Up to 10 tags, 40 characters each.",
  placeholder: "Add a tag",
  full: "A post has at most 10 tags.",
  remove: (tag: string) => `Remove tag ${tag}`,
  suggestions: "Tags already used",
  /** The count beside a suggestion. */
  used: (count: number) => `${count} ${count === 1 ? "post" : "posts"}`,
  featureLabel: "Feature this post on /blog",
  featureHint: "The featured post leads the blog's first page in a larger card. Only one post is featured at a time.",
  /** When another post is featured now. */
  replaces: (title: string) => `Featuring this post replaces "${title}" as the featured post.`,
  featureOnlyPublished: "It shows on /blog once the post is published.",
  featured: "This post is now featured on /blog.",
  unfeatured: "This post is no longer featured.",
  featureFailed: "Could not change the featured post. Try again.",
} as const;
