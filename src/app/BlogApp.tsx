import { AppFrame } from "./AppFrame";
import { blogRoutes } from "./blog-routes";

/**
 * The app as the blog function renders it: the same frame as App (same depth, so React's ids match
 * when the browser hydrates with App), with only the blog's routes, so its server bundle holds no
 * other page.
 */
export function BlogApp() {
  return <AppFrame routes={blogRoutes} />;
}
