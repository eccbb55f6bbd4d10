import type { Session, User } from "@supabase/supabase-js";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { AuthStateProvider, type AuthContextValue } from "../auth";
import { RequireAuth, type Assurance } from "./RequireAuth";
import { useMember } from "./member";
import type { TeamRole } from "./roles";

/** What the tests' roles read: personal data is what the second-factor rule is about. */
const READS_PERSONAL_DATA = new Set<TeamRole>(["owner", "administrator", "sales"]);

const ok = async () => ({ error: null });
const signedIn: AuthContextValue = {
  user: { id: "u1", email: "admin@example.com" } as User,
  session: { access_token: "token" } as Session,
  loading: false,
  signIn: ok,
  signUp: ok,
  signOut: ok,
};

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <p>{`${name} ${JSON.stringify(location.state)}`}</p>;
}

function AdminPage() {
  return <p>{`admin page as ${useMember().role}`}</p>;
}

function renderAt(path: string, assurance: Assurance, required = false, role: TeamRole | null = "owner") {
  const guarded = (
    <RequireAuth
      checkMember={async () =>
        role && { role, capabilities: READS_PERSONAL_DATA.has(role) ? ["reads_personal_data"] : [] }
      }
      checkAssurance={async () => assurance}
      checkRequirement={async () => required}
    >
      <Routes>
        <Route path="security" element={<p>security page</p>} />
        <Route path="*" element={<AdminPage />} />
      </Routes>
    </RequireAuth>
  );
  return render(
    <AuthStateProvider value={signedIn}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<Where name="login" />} />
          <Route path="/admin/*" element={guarded} />
        </Routes>
      </MemoryRouter>
    </AuthStateProvider>,
  );
}

describe("RequireAuth and the second factor", () => {
  it("sends a password-only session of an account with an authenticator to the login's code step", async () => {
    renderAt("/admin/leads", { needsCode: true, hasFactor: true });
    expect(await screen.findByText(/^login /)).toHaveTextContent(
      'login {"from":{"pathname":"/admin/leads","search":""}}',
    );
  });

  it("lets an admin without an authenticator in while enforcement is off", async () => {
    renderAt("/admin/leads", { needsCode: false, hasFactor: false });
    expect(await screen.findByText("admin page as owner")).toBeInTheDocument();
  });

  it("while the database requires a second factor, sends an admin without an authenticator to the Security page first", async () => {
    renderAt("/admin/leads", { needsCode: false, hasFactor: false }, true);
    expect(await screen.findByText("security page")).toBeInTheDocument();
  });

  it("while the database requires a second factor, lets an admin with an authenticator anywhere", async () => {
    renderAt("/admin/leads", { needsCode: false, hasFactor: true }, true);
    expect(await screen.findByText("admin page as owner")).toBeInTheDocument();
  });

  it("while the database requires a second factor, sends Sales and Administrators without an authenticator to the Security page", async () => {
    for (const role of ["sales", "administrator"] as const) {
      const { unmount } = renderAt("/admin/leads", { needsCode: false, hasFactor: false }, true, role);
      expect(await screen.findByText("security page")).toBeInTheDocument();
      unmount();
    }
  });

  it("while the database requires a second factor, lets the roles that read no personal data in without an authenticator", async () => {
    for (const role of ["editor", "author", "contributor"] as const) {
      const { unmount } = renderAt("/admin/leads", { needsCode: false, hasFactor: false }, true, role);
      expect(await screen.findByText(`admin page as ${role}`)).toBeInTheDocument();
      unmount();
    }
  });
});

describe("RequireAuth and the team", () => {
  it("tells a signed-in user who is not a member that the admin area is not theirs", async () => {
    renderAt("/admin", { needsCode: false, hasFactor: true }, false, null);
    expect(await screen.findByRole("heading", { name: /don't have access to the admin area/ })).toBeInTheDocument();
  });
});
