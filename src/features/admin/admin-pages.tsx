import type { ReactNode } from "react";
import { Route } from "react-router-dom";
import { Link } from "../../components/ui/Link";
import { adminCopy } from "../../content/admin";
import { CallSettingsPage } from "./calls/CallSettingsPage";
import { CallsPage } from "./calls/CallsPage";
import { CampaignsPage } from "./campaigns/CampaignsPage";
import { DashboardPage } from "./DashboardPage";
import { IntegrationsPage } from "./integrations/IntegrationsPage";
import { LeadDetailPage } from "./leads/LeadDetailPage";
import { LeadsPage } from "./leads/LeadsPage";
import { CreatePostPage, EditPostPage } from "./PostEditorPages";
import { PostPreviewPage } from "./PostPreviewPage";
import { NewProposalPage, ProposalPage } from "./proposals/ProposalPages";
import { ProposalsPage } from "./proposals/ProposalsPage";
import { RequireCapability } from "./RequireCapability";
import { READS_TRAFFIC, type Requirement } from "./roles";
import { ProfilePage } from "./profile/ProfilePage";
import { SecurityPage } from "./security/SecurityPage";
import { TeamPage } from "./team/TeamPage";
import { TrafficPage } from "./traffic/TrafficPage";

function AdminNotFound() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-extrabold text-ink">{adminCopy.notFound}</h1>
      <Link to="/admin" className="mt-4 inline-block rounded font-semibold text-brand-700 hover:underline focus-ring">
        {adminCopy.form.backToDashboard}
      </Link>
    </div>
  );
}

/** An admin screen: its path below /admin (none for the dashboard) and the right it needs, if any. */
interface AdminPage {
  path?: string;
  element: ReactNode;
  /** The capability (roles.ts) a member needs; anyone else is told which roles may open it. */
  requires?: Requirement;
}

/**
 * The admin's screens by path, below /admin, each with the right it needs: AdminRoutes puts them
 * behind the sign-in check inside the admin layout, and the tests render the same table (testing.tsx).
 */
const ADMIN_PAGES: AdminPage[] = [
  { element: <DashboardPage /> },
  { path: "create-post", element: <CreatePostPage />, requires: "writes_posts" },
  { path: "posts/:id/edit", element: <EditPostPage />, requires: "writes_posts" },
  { path: "posts/:id/preview", element: <PostPreviewPage /> },
  { path: "leads", element: <LeadsPage />, requires: "works_leads" },
  { path: "leads/:id", element: <LeadDetailPage />, requires: "works_leads" },
  { path: "calls", element: <CallsPage />, requires: "works_leads" },
  { path: "calls/settings", element: <CallSettingsPage />, requires: "works_leads" },
  { path: "proposals", element: <ProposalsPage />, requires: "works_leads" },
  { path: "proposals/new", element: <NewProposalPage />, requires: "works_leads" },
  { path: "proposals/:id", element: <ProposalPage />, requires: "works_leads" },
  { path: "campaigns", element: <CampaignsPage />, requires: "works_leads" },
  { path: "traffic", element: <TrafficPage />, requires: READS_TRAFFIC },
  { path: "security", element: <SecurityPage /> },
  { path: "team", element: <TeamPage />, requires: "manages_team" },
  { path: "integrations", element: <IntegrationsPage />, requires: "manages_team" },
  { path: "profile", element: <ProfilePage /> },
];

function guarded({ element, requires }: AdminPage) {
  return requires ? <RequireCapability requires={requires}>{element}</RequireCapability> : element;
}

export const adminPages = (
  <>
    {ADMIN_PAGES.map((page) =>
      page.path === undefined ? (
        <Route key="index" index element={guarded(page)} />
      ) : (
        <Route key={page.path} path={page.path} element={guarded(page)} />
      ),
    )}
    <Route path="*" element={<AdminNotFound />} />
  </>
);
