import { AppFrame } from "./AppFrame";
import { requestTimeRoutes } from "./blog-routes";

/**
 * The app as the blog function renders it: the same frame as App (same depth, so React's ids match
 * when the browser hydrates with App), with only the routes rendered at request time (the blog's and
 * /book), so its server bundle holds no other page.
 */
export function BlogApp() {
  return <AppFrame routes={requestTimeRoutes} />;
}
