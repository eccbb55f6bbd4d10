import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { Link } from "../../components/ui/Link";
import { roleCopy, TEAM_ROLES } from "../../content/team";
import { rolesCopy } from "../../content/roles";
import { AdminSeo } from "./AdminPageHeader";
import { teamRoleCapabilities } from "./data/admin-access";
import { useMember } from "./member";
import { allows, capabilitiesFrom, type Requirement } from "./roles";
import { useSupabase } from "./supabase-context";

const copy = rolesCopy.noAccess;

/**
 * The roles that meet `requires`, in the role type's order, from the database's table
 * (public.team_role_capabilities): read once a session, when a member first opens a screen that is
 * not for their role.
 */
function useRolesThatMeet(requires: Requirement) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: ["team-role-capabilities"],
    queryFn: async () => teamRoleCapabilities(await supabase()),
    staleTime: Infinity,
    select: (table) =>
      TEAM_ROLES.filter((role) =>
        allows(capabilitiesFrom(table.filter((row) => row.role === role).map((row) => row.capability)), requires),
      ),
  });
}

/**
 * A screen for the roles that meet `requires`: anyone else, who can only have come by its address
 * (the navigation does not offer it), is told which roles may open it; one sent here by the sign-in
 * page goes to the dashboard. The database refuses them its rows either way; this says why the
 * screen would be empty.
 */
export function RequireCapability({ requires, children }: { requires: Requirement; children: ReactNode }) {
  const member = useMember();
  const { pathname, state } = useLocation();
  if (allows(member.can, requires)) return <>{children}</>;
  // Straight from the sign-in page (its default is Create Post): the dashboard, which every role has.
  if ((state as { afterLogin?: unknown } | null)?.afterLogin === true) return <Navigate to="/admin" replace />;
  return <NotForYourRole requires={requires} pathname={pathname} role={roleCopy[member.role].label} />;
}

function NotForYourRole({ requires, pathname, role }: { requires: Requirement; pathname: string; role: string }) {
  const roles = useRolesThatMeet(requires);
  return (
    <div className="mx-auto max-w-lg rounded-card border border-slate-100 bg-white p-6 shadow-soft sm:p-8">
      <AdminSeo title={copy.seoTitle} path={pathname} />
      <ShieldAlert aria-hidden="true" className="h-10 w-10 text-brand-700" />
      <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{copy.heading}</h1>
      <p className="mt-4 text-ink-muted">{copy.yourRole(role)}</p>
      {/* Unread (offline), the line about who may is left out: the rest still says why. */}
      {roles.data ? (
        <p className="mt-2 text-ink-muted">
          {copy.whoMay(rolesCopy.list(roles.data.map((allowed) => roleCopy[allowed].label)))}
        </p>
      ) : null}
      <Link to="/admin" className="mt-6 inline-block rounded font-semibold text-brand-700 hover:underline focus-ring">
        {copy.backToDashboard}
      </Link>
    </div>
  );
}
