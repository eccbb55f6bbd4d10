import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Route, Routes } from "react-router-dom";
import { AuthProvider } from "../auth";
import { AdminLayout } from "./AdminLayout";
import { adminPages } from "./admin-pages";
import { createAdminQueryClient } from "./query-client";
import { RequireAuth } from "./RequireAuth";
import { SupabaseProvider } from "./supabase-context";
import { JoinPage } from "./team/JoinPage";

/**
 * Everything under /admin but the join page (team/JoinPage.tsx): signed-in only, inside the admin layout (no public header or footer),
 * reading with the app's shared Supabase client (supabase-context.tsx). The query cache lives as
 * long as the admin area is open (query-client.ts says why it is here only).
 */
export default function AdminRoutes() {
  const [queryClient] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SupabaseProvider>
        <AuthProvider>
          <Routes>
            {/* The invitation's landing page: the invitee is signed in but not yet a member. */}
            <Route path="join" element={<JoinPage />} />
            <Route
              element={
                <RequireAuth>
                  <AdminLayout />
                </RequireAuth>
              }
            >
              {adminPages}
            </Route>
          </Routes>
        </AuthProvider>
      </SupabaseProvider>
    </QueryClientProvider>
  );
}
