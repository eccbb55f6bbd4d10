import { lazy, Suspense, useEffect } from "react";
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
  if (isApiPath(pathname)) return null;

  const routes = (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        {pageRoutes.map((route) => {
          const Page = lazyPage(route);
          return <Route key={route.path} path={route.path} element={<Page />} />;
        })}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );

  return (
    <>
      <ScrollToTop />
      {isAdminPath(pathname) ? (
        routes
      ) : (
        <PublicLayout
          newsletter={
            <Suspense fallback={null}>
              <NewsletterForm variant="footer" />
            </Suspense>
          }
        >
          {routes}
        </PublicLayout>
      )}
      <Toaster />
    </>
  );
}
