/** What other features use of the not-found page: a page that finds nothing renders it. */
export { default as NotFoundPage } from "./NotFoundPage";
