import { lazy, Suspense, useEffect, useMemo } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { Toaster } from "../components/ui/Toaster";
import { countPageView } from "../lib/traffic-count";
import { PageFallback } from "./PageFallback";
import { PublicLayout } from "./PublicLayout";
import { isAdminPath, isApiPath, lazyPage, notFoundRoute, type PageRoute } from "./route-table";
import { ScrollToTop } from "./ScrollToTop";

// The footer's sign-up form is its own chunk: the prerendered form works as a plain HTML form until
// its code arrives, and keeping it out of the entry keeps the home page within its JavaScript budget.
const NewsletterForm = lazy(() =>
  import("../features/newsletter").then((module) => ({ default: module.NewsletterForm })),
);

const NotFound = lazyPage(notFoundRoute);

// The same element on every render, as the route table's below, so that PublicLayout (memoized) is
// skipped when only the location changes.
const newsletter = (
  <Suspense fallback={null}>
    <NewsletterForm variant="footer" />
  </Suspense>
);

/**
 * Everything inside the router, for a given route table: the full one (App.tsx) in the browser and
 * the prerender, the blog's alone (BlogApp.tsx) in the blog function. Both render the same tree for
 * a blog path, so a page rendered by either hydrates in the browser.
 */
export function AppFrame({ routes: pageRoutes }: { routes: readonly PageRoute[] }) {
  const { pathname } = useLocation();
  // The traffic count: one page view per path, from an effect, so never in the prerender or on the
  // server (src/lib/traffic-count.ts).
  useEffect(() => countPageView(pathname), [pathname]);
  // Made once per route table. AppFrame re-renders on every change of the location, a tab's hash
  // included; new elements here rendered the layout and the page again from the top in the click's
  // sync update. With the same elements React skips them, and what reads the location (the page, the
  // navbar's links) renders on its own (docs/performance.md, "A services tab's click").
  const routes = useMemo(
    () => (
      <Suspense fallback={<PageFallback />}>
        <Routes>
          {pageRoutes.map((route) => {
            const Page = lazyPage(route);
            return <Route key={route.path} path={route.path} element={<Page />} />;
          })}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    ),
    [pageRoutes],
  );
  if (isApiPath(pathname)) return null;

  return (
    <>
      <ScrollToTop />
      {isAdminPath(pathname) ? routes : <PublicLayout newsletter={newsletter}>{routes}</PublicLayout>}
      <Toaster />
    </>
  );
}
