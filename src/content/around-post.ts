/**
 * Copy of what stands beside and below a post (spec section 2): the sidebar, and the share links,
 * previous and next and related posts after the article. Apart from blog.ts, which every blog
 * page's first screen loads: these parts' code and copy load when they come near the screen.
 */

import { plural } from "../lib/plural";

export const blogSidebarCopy = {
  aboutHeading: "About The Author",
  /** The card's text when the post's author has no name to show: the company stands in. */
  companyBio:
    "Ascend Digital is an Abuja-based agency that builds fast websites, automates CRM follow-up and runs Google and Facebook ad campaigns for growing businesses.",
  recentHeading: "Recent Posts",
  recentEmpty: "No other posts yet.",
  categoriesHeading: "Categories",
  categoriesEmpty: "No categories yet.",
  /** Read after the visible count of a category link: 'Web Design 2 articles'. */
  categoryCountSuffix: (count: number) => ` ${plural(count, { one: "article", other: "articles" })}`,
  followHeading: "Follow Us",
  followLabel: (network: string) => `${network} (opens in a new tab)`,
} as const;

export const aroundArticleCopy = {
  relatedHeading: "Keep reading",
  previous: "Previous article",
  next: "Next article",
  shareHeading: "Share this article",
  shareOn: (network: string) => `Share on ${network}`,
  copyLink: "Copy link",
  linkCopied: "Link copied",
  linkCopiedBody: "The article's address is on your clipboard.",
  copyFailed: "Could not copy the link",
  nativeShare: "Share...",
} as const;
