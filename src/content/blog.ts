/** Copy of the blog (spec section 2); the admin sign-in's is in account.ts, the admin area's in admin.ts. */

import { plural } from "../lib/plural";

const ARTICLES = { one: "article", other: "articles" };

export const blogCopy = {
  list: {
    seoTitle: "Blog: Insights & Updates",
    seoDescription:
      "Practical articles on web design, CRM automation and paid ads for growing businesses in Nigeria, from the Ascend Digital team.",
    eyebrow: "Blog",
    heading: "Insights & Updates",
    tagline: "Ideas, playbooks and lessons from building websites, automations and ad campaigns that grow businesses.",
    loading: "Loading posts...",
    empty: "No posts found.",
    errorTitle: "The posts could not be loaded.",
    errorBody: "Please check your connection and try again.",
    retry: "Try again",
    readMore: "Read More",
    uncategorised: "Article",
    pageTitle: (page: number) => `Blog: Insights & Updates, page ${page}`,
    categoryEyebrow: "Category",
    categoryTitle: (category: string) => `${category} articles`,
    categoryTagline: (category: string, count: number) =>
      `${count} ${plural(count, ARTICLES)} on ${category} from the Ascend Digital team.`,
    categoryDescription: (category: string) =>
      `Articles on ${category} for growing businesses in Nigeria: practical advice from the Ascend Digital team.`,
    categoriesLabel: "Browse by category",
    allCategories: "All articles",
    pageNotFound: "This page of the blog does not exist.",
    pageNotFoundBody: "There are fewer articles than that, or the category has moved.",
    feed: "RSS feed",
    feedTitle: "Ascend Digital blog",
  },
  unavailable: {
    title: "The blog is unavailable right now",
    body: "We could not reach the articles. Please try again in a minute.",
    retry: "Try again",
  },
  pagination: {
    label: "Pages",
    previous: "Previous",
    next: "Next",
    pageLabel: (page: number) => `Page ${page}`,
  },
  search: {
    label: "Search articles",
    placeholder: "Search articles...",
    button: "Search",
    seoTitle: "Search the blog",
    seoDescription: "Search the Ascend Digital blog: web design, CRM automation and paid ads for growing businesses.",
    eyebrow: "Search",
    heading: "Search the blog",
    results: (count: number) =>
      `${count} ${plural(count, { one: "article matches", other: "articles match" })} your search`,
    empty: "No articles match your search.",
    emptyHint: "Try fewer or different words, or browse a category:",
    prompt:
      "Type a few words: a topic, a question, a platform. Put a phrase in quotes, and a minus before a word to leave it out.",
    loading: "Searching...",
    limitedTitle: "Too many searches",
    limited: "This connection has searched many times in a short time. Please wait a minute, then search again.",
  },
  breadcrumbs: { home: "Home", blog: "Blog" },
  readingTime: (minutes: number) => `${minutes} min read`,
  post: {
    loading: "Loading post...",
    notFound: "Post not found",
    notFoundBody: "The article may have been moved or removed.",
    backToBlog: "Back to Blog",
    backToAll: "Back to all articles",
    tableOfContents: "On this page",
    by: "By",
  },
} as const;
