import { lazy, Suspense, useEffect, useMemo } from "react";
import { useLocation, useRoutes, type RouteObject } from "react-router-dom";
import { Toaster } from "../components/ui/Toaster";
import { countPageView } from "../lib/traffic-count";
import { PageFallback } from "./PageFallback";
import { PublicLayout } from "./PublicLayout";
import { findRouteIn, isAdminPath, isApiPath, lazyPage, notFoundRoute, type PageRoute } from "./route-table";
import { ScrollToTop } from "./ScrollToTop";

// The footer's sign-up form is its own chunk: the prerendered form works as a plain HTML form until
// its code arrives, and keeping it out of the entry keeps the home page within its JavaScript budget.
const NewsletterForm = lazy(() =>
  import("../features/newsletter").then((module) => ({ default: module.NewsletterForm })),
);

const NotFound = lazyPage(notFoundRoute);
const notFound: RouteObject = { path: "*", element: <NotFound /> };

// The router is given the one route the table matched, with the not-found page behind it, not the
// whole table: its first match on a phone (flattening, ranking and compiling every pattern, the code's
// first run) was a third of the longest task of the blog's hydration (docs/performance.md, "The
// router given one route"). Each list is made once, so its element is the same on every render.
const routeLists = new Map<PageRoute, RouteObject[]>();
function routesFor(route: PageRoute | undefined): RouteObject[] {
  if (!route) return [notFound];
  let list = routeLists.get(route);
  if (!list) {
    const Page = lazyPage(route);
    list = [{ path: route.path, element: <Page /> }, notFound];
    routeLists.set(route, list);
  }
  return list;
}

function PageRoutes({ routes }: { routes: readonly PageRoute[] }) {
  const { pathname } = useLocation();
  return useRoutes(routesFor(findRouteIn(routes, pathname)));
}

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
        <PageRoutes routes={pageRoutes} />
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
