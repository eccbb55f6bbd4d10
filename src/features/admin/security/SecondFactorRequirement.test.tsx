import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Session } from "@supabase/supabase-js";
import { Secret, TOTP } from "otpauth";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthStateProvider, type AuthContextValue } from "../../auth";
import { RequireAuth } from "../RequireAuth";
import { SupabaseProvider } from "../supabase-context";
import { allowForServerAnswers, renderAdmin, startLocalAdmin, type LocalAdmin } from "../testing";

/**
 * The agency's requirement of a second factor, held by the database (public.security_settings),
 * against the local Supabase: the route guard reads it (a member who reads personal data and has
 * no authenticator is sent to enrol while it is on, and let in while it is off), and the Owner's
 * switch on the Security page waits for the Owner's own authenticator, then changes it.
 */
allowForServerAnswers();

let admin: LocalAdmin;
let session: Session;

beforeAll(async () => {
  admin = await startLocalAdmin();
  session = (await admin.client.auth.getSession()).data.session!;
}, 120_000);

afterAll(async () => {
  await admin?.server.close();
});

const required = async () =>
  (
    await admin.server.local.db.query<{ on: boolean }>(
      `select require_second_factor as on from public.security_settings`,
    )
  ).rows[0]!.on;
const setRequired = (on: boolean) =>
  admin.server.local.db.query(`update public.security_settings set require_second_factor = $1`, [on]);

function renderGuarded(path: string) {
  const ok = async () => ({ error: null });
  const auth: AuthContextValue = { user: admin.user, session, loading: false, signIn: ok, signUp: ok, signOut: ok };
  return render(
    <SupabaseProvider client={admin.client}>
      <AuthStateProvider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/admin/*"
              element={
                <RequireAuth>
                  <Routes>
                    <Route path="security" element={<p>security page</p>} />
                    <Route path="*" element={<p>leads page</p>} />
                  </Routes>
                </RequireAuth>
              }
            />
          </Routes>
        </MemoryRouter>
      </AuthStateProvider>
    </SupabaseProvider>,
  );
}

describe("the route guard, as the database says", () => {
  it("sends the Owner without an authenticator to enrol while the database requires one", async () => {
    await setRequired(true);
    const { unmount } = renderGuarded("/admin/leads");
    expect(await screen.findByText("security page")).toBeInTheDocument();
    unmount();
  });

  it("lets the Owner without an authenticator in while it does not", async () => {
    await setRequired(false);
    const { unmount } = renderGuarded("/admin/leads");
    expect(await screen.findByText("leads page")).toBeInTheDocument();
    unmount();
  });
});

describe("the Owner's switch on the Security page", () => {
  const switchBox = () =>
    screen.findByRole("checkbox", { name: "Require an authenticator app for everyone who sees personal data" });

  it("waits for the Owner's own authenticator app", async () => {
    const { unmount } = await renderAdmin("/admin/security", { client: admin.client, user: admin.user, role: "owner" });
    const box = await switchBox();
    expect(box).not.toBeChecked();
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription("Add an authenticator app and sign in with it before you change this.");
    unmount();
  });

  it("with one (signed in at aal2), turns the requirement on and off", async () => {
    const enrolled = await admin.client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Owner's phone" });
    if (enrolled.error) throw enrolled.error;
    const totp = new TOTP({ secret: Secret.fromBase32(enrolled.data.totp.secret), digits: 6, period: 30 });
    const verified = await admin.client.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: totp.generate(),
    });
    if (verified.error) throw verified.error;

    const user = userEvent.setup();
    const { unmount } = await renderAdmin("/admin/security", { client: admin.client, user: admin.user, role: "owner" });
    const box = await switchBox();
    await screen.findByText("Owner's phone");
    expect(box).toBeEnabled();
    await user.click(box);
    expect(await screen.findByText("An authenticator app is now required")).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(await required()).toBe(true);
    await user.click(box);
    expect(await screen.findByText("An authenticator app is no longer required")).toBeInTheDocument();
    expect(await required()).toBe(false);
    unmount();
  });

  it("is not shown to an Administrator", async () => {
    const { unmount } = await renderAdmin("/admin/security", {
      client: admin.client,
      user: admin.user,
      role: "administrator",
    });
    expect(await screen.findByRole("heading", { name: "Authenticator apps" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Require an authenticator app" })).toBeNull();
    await screen.findByText("Owner's phone");
    unmount();
  });
});
