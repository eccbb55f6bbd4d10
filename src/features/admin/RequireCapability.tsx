import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Navigate, useLocation } from "react-router-dom";
import { rolesCopy } from "../../content/roles";
import { AdminSeo } from "./AdminPageHeader";
import { useMember } from "./member";
import { rolesWith, type Capability } from "./roles";

const copy = rolesCopy.noAccess;

/**
 * A screen for the roles with `capability`: anyone else, who can only have come by its address (the
 * navigation does not offer it), is told which roles may open it; one sent here by the sign-in page
 * goes to the dashboard. The database refuses them its
 * rows either way; this says why the screen would be empty.
 */
export function RequireCapability({ capability, children }: { capability: Capability; children: ReactNode }) {
  const member = useMember();
  const { pathname, state } = useLocation();
  if (member.can[capability]) return <>{children}</>;
  // Straight from the sign-in page (its default is Create Post): the dashboard, which every role has.
  if ((state as { afterLogin?: unknown } | null)?.afterLogin === true) return <Navigate to="/admin" replace />;
  const allowed = rolesCopy.list(rolesWith(capability).map((role) => rolesCopy.names[role]));
  return (
    <div className="mx-auto max-w-lg rounded-card border border-slate-100 bg-white p-6 shadow-soft sm:p-8">
      <AdminSeo title={copy.seoTitle} path={pathname} />
      <ShieldAlert aria-hidden="true" className="h-10 w-10 text-brand-700" />
      <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{copy.heading}</h1>
      <p className="mt-4 text-ink-muted">{copy.yourRole(rolesCopy.names[member.role])}</p>
      <p className="mt-2 text-ink-muted">{copy.whoMay(allowed)}</p>
      <Link to="/admin" className="mt-6 inline-block rounded font-semibold text-brand-700 hover:underline focus-ring">
        {copy.backToDashboard}
      </Link>
    </div>
  );
}
