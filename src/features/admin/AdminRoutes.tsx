import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Link, Route, Routes } from "react-router-dom";
import { adminCopy } from "../../content/admin";
import { AuthProvider } from "../auth";
import { AdminLayout } from "./AdminLayout";
import { CampaignsPage } from "./campaigns/CampaignsPage";
import { DashboardPage } from "./DashboardPage";
import { LeadDetailPage } from "./leads/LeadDetailPage";
import { LeadsPage } from "./leads/LeadsPage";
import { CreatePostPage, EditPostPage } from "./PostEditorPages";
import { PostPreviewPage } from "./PostPreviewPage";
import { createAdminQueryClient } from "./query-client";
import { RequireAuth } from "./RequireAuth";
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
 * Everything under /admin: signed-in only, inside the admin layout (no public header or footer).
 * The query cache lives as long as the admin area is open (query-client.ts says why it is here only).
 */
export default function AdminRoutes() {
  const [queryClient] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Routes>
          <Route
            element={
              <RequireAuth>
                <AdminLayout />
              </RequireAuth>
            }
          >
            <Route index element={<DashboardPage />} />
            <Route path="create-post" element={<CreatePostPage />} />
            <Route path="posts/:id/edit" element={<EditPostPage />} />
            <Route path="posts/:id/preview" element={<PostPreviewPage />} />
            <Route path="leads" element={<LeadsPage />} />
            <Route path="leads/:id" element={<LeadDetailPage />} />
            <Route path="campaigns" element={<CampaignsPage />} />
            <Route path="traffic" element={<TrafficPage />} />
            <Route path="security" element={<SecurityPage />} />
            <Route path="*" element={<AdminNotFound />} />
          </Route>
        </Routes>
      </AuthProvider>
    </QueryClientProvider>
  );
}
