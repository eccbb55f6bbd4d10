import { Link, Route } from "react-router-dom";
import { adminCopy } from "../../content/admin";
import { CallSettingsPage } from "./calls/CallSettingsPage";
import { CallsPage } from "./calls/CallsPage";
import { CampaignsPage } from "./campaigns/CampaignsPage";
import { DashboardPage } from "./DashboardPage";
import { LeadDetailPage } from "./leads/LeadDetailPage";
import { LeadsPage } from "./leads/LeadsPage";
import { CreatePostPage, EditPostPage } from "./PostEditorPages";
import { PostPreviewPage } from "./PostPreviewPage";
import { ProfilePage } from "./profile/ProfilePage";
import { SecurityPage } from "./security/SecurityPage";
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

/**
 * The admin's screens by path, below /admin: AdminRoutes puts them behind the sign-in check inside
 * the admin layout, and the tests render the same table (testing.tsx).
 */
export const adminPages = (
  <>
    <Route index element={<DashboardPage />} />
    <Route path="create-post" element={<CreatePostPage />} />
    <Route path="posts/:id/edit" element={<EditPostPage />} />
    <Route path="posts/:id/preview" element={<PostPreviewPage />} />
    <Route path="leads" element={<LeadsPage />} />
    <Route path="leads/:id" element={<LeadDetailPage />} />
    <Route path="calls" element={<CallsPage />} />
    <Route path="calls/settings" element={<CallSettingsPage />} />
    <Route path="campaigns" element={<CampaignsPage />} />
    <Route path="traffic" element={<TrafficPage />} />
    <Route path="security" element={<SecurityPage />} />
    <Route path="profile" element={<ProfilePage />} />
    <Route path="*" element={<AdminNotFound />} />
  </>
);
