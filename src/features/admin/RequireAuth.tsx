import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { adminCopy } from "../../content/blog";
import { useAuth } from "../auth";

/** 'Loading...' while the session is read; no user sends the visitor to /login, remembering where from. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <div role="status" aria-live="polite" className="flex min-h-screen items-center justify-center text-ink-muted">
        {adminCopy.loading}
      </div>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search } }} />;
  return <>{children}</>;
}
