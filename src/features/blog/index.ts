/** What other features use of the blog: the article as readers see it (the editor's previews). */
export { MarkdownPostArticle } from "./MarkdownPostArticle";
/** An author's photo or initial, for the profile screen's preview of the byline. */
export { AuthorAvatar } from "./AuthorAvatar";
