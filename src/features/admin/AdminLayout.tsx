import {
  BarChart3,
  CalendarClock,
  ChartLine,
  FileText,
  Inbox,
  LayoutDashboard,
  LogOut,
  PenSquare,
  PlugZap,
  ShieldCheck,
  Users,
  UserRound,
  type LucideIcon,
} from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet, useNavigate } from "react-router-dom";
import { NavLink } from "../../components/ui/Link";
import { cn } from "../../lib/cn";
import { securityCopy } from "../../content/account";
import { adminCopy } from "../../content/admin";
import { callsAdminCopy } from "../../content/calls-admin";
import { conversionsCopy } from "../../content/conversions";
import { integrationsCopy } from "../../content/integrations";
import { leadsCopy } from "../../content/leads";
import { teamPageCopy } from "../../content/team";
import { profileCopy } from "../../content/profile";
import { proposalsAdminCopy } from "../../content/proposals-admin";
import { trafficCopy } from "../../content/traffic";
import { useAuth } from "../auth";
import { useNewLeadCount } from "./leads/queries";
import { useMember } from "./member";
import { allows, READS_TRAFFIC, type Requirement } from "./roles";

const itemClasses =
  "flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-300 md:px-4 md:py-2.5 md:text-base";

const LEADS_PATH = "/admin/leads";

/** The side panel's links, in order, each shown to the roles with the right it needs; Leads carries the new-leads badge. */
const NAV_ITEMS: { to: string; end?: boolean; Icon: LucideIcon; label: string; requires?: Requirement }[] = [
  { to: "/admin", end: true, Icon: LayoutDashboard, label: adminCopy.nav.dashboard },
  { to: "/admin/create-post", Icon: PenSquare, label: adminCopy.nav.newPost, requires: "writes_posts" },
  { to: LEADS_PATH, Icon: Inbox, label: leadsCopy.nav, requires: "works_leads" },
  { to: "/admin/calls", Icon: CalendarClock, label: callsAdminCopy.nav, requires: "works_leads" },
  { to: "/admin/proposals", Icon: FileText, label: proposalsAdminCopy.nav, requires: "works_leads" },
  { to: "/admin/campaigns", Icon: BarChart3, label: conversionsCopy.campaigns.nav, requires: "works_leads" },
  { to: "/admin/traffic", Icon: ChartLine, label: trafficCopy.nav, requires: READS_TRAFFIC },
  { to: "/admin/team", Icon: Users, label: teamPageCopy.nav, requires: "manages_team" },
  { to: "/admin/integrations", Icon: PlugZap, label: integrationsCopy.nav, requires: "manages_team" },
  { to: "/admin/security", Icon: ShieldCheck, label: securityCopy.nav },
  { to: "/admin/profile", Icon: UserRound, label: profileCopy.nav },
];

function navClasses({ isActive }: { isActive: boolean }) {
  return cn(itemClasses, isActive ? "bg-white text-brand-900" : "text-brand-100 hover:bg-white/10 hover:text-white");
}

/** Side panel 'Admin Panel' (a top bar on phones) and the admin page beside it. */
export function AdminLayout() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const queryClient = useQueryClient();
  // While it counts again the badge keeps the last count; after an error it is hidden (the link still works).
  const { can } = useMember();
  const count = useNewLeadCount({ enabled: can.works_leads });
  const newLeads = count.isError ? null : (count.data ?? null);

  async function handleSignOut() {
    setSigningOut(true);
    const { error } = await signOut();
    setSigningOut(false);
    if (error) return;
    // Nothing read with this session stays for the next one.
    queryClient.clear();
    navigate("/login", { replace: true });
  }

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      {/* As tall as the window; it scrolls itself when its links do not fit a short one, so Sign Out stays on the panel's background, within reach. */}
      <aside className="bg-brand-950 text-white md:sticky md:top-0 md:flex md:h-screen md:w-64 md:shrink-0 md:flex-col md:overflow-y-auto">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 md:block md:px-6 md:py-6">
          <p className="text-lg font-extrabold tracking-tight md:text-xl">{adminCopy.panelTitle}</p>
          {user?.email ? <p className="hidden truncate text-sm text-brand-200 md:mt-1 md:block">{user.email}</p> : null}
        </div>
        <nav aria-label={adminCopy.panelTitle} className="flex flex-1 flex-col px-2 pb-3 md:px-4 md:pb-8">
          <ul className="flex flex-wrap gap-1 md:flex-1 md:flex-col">
            {NAV_ITEMS.filter((item) => !item.requires || allows(can, item.requires)).map(
              ({ to, end, Icon, label }) => (
                <li key={to}>
                  <NavLink to={to} end={end} className={navClasses}>
                    <Icon aria-hidden="true" className="h-4 w-4 md:h-5 md:w-5" />
                    {label}
                    {to === LEADS_PATH && newLeads ? (
                      <span className="ml-auto rounded-full bg-accent-400 px-2 py-0.5 text-xs font-bold text-ink">
                        <span aria-hidden="true">{newLeads}</span>
                        <span className="sr-only"> {leadsCopy.newCount(newLeads)}</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ),
            )}
            <li className="md:mt-auto">
              <button
                type="button"
                onClick={handleSignOut}
                disabled={signingOut}
                className={cn(
                  itemClasses,
                  "w-full text-brand-100 hover:bg-white/10 hover:text-white disabled:opacity-60",
                )}
              >
                <LogOut aria-hidden="true" className="h-4 w-4 md:h-5 md:w-5" />
                {adminCopy.nav.signOut}
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-6 md:px-10 md:py-12">
        <Outlet />
      </main>
    </div>
  );
}
