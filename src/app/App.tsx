import { LazyMotion, MotionConfig } from "framer-motion";
import { Suspense } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { Toaster } from "../components/ui/Toaster";
import { NewsletterForm } from "../features/newsletter";
import NotFoundPage from "../features/not-found/NotFoundPage";
import { PageFallback } from "./PageFallback";
import { PublicLayout } from "./PublicLayout";
import { isAdminPath, isApiPath, lazyPage, pageRoutes } from "./routes";
import { ScrollToTop } from "./ScrollToTop";

const loadMotionFeatures = () => import("./motion-features").then((module) => module.default);

/** Everything inside the router: shared by the browser entry and the prerender entry. */
export function App() {
  const { pathname } = useLocation();
  if (isApiPath(pathname)) return null;

  const routes = (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        {pageRoutes.map((route) => {
          const Page = lazyPage(route);
          return <Route key={route.path} path={route.path} element={<Page />} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );

  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadMotionFeatures} strict>
        <ScrollToTop />
        {isAdminPath(pathname) ? routes : <PublicLayout newsletter={<NewsletterForm variant="footer" />}>{routes}</PublicLayout>}
        <Toaster />
      </LazyMotion>
    </MotionConfig>
  );
}
