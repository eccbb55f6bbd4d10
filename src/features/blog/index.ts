/** What other features use of the blog: the article as readers see it (the editor's previews). */
export { MarkdownPostArticle } from "./MarkdownPostArticle";
