/** What other features use of the blog: the article as readers see it (the editor's preview). */
export { PostArticle } from "./PostArticle";
