import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppSupabaseClient } from "../../lib/supabase";
import { signInErrorMessage } from "./auth-errors";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import LoginPage from "./LoginPage";

const GOOD_CODE = "123456";

/** The client the login page gets from getSupabase(): each test's stand-in. */
const supabase = vi.hoisted(() => ({ client: null as unknown }));
vi.mock("../../lib/supabase", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../lib/supabase")>()),
  getSupabase: async () => supabase.client,
}));

/** A supabase-js auth stand-in: one admin with one verified authenticator app. */
function fakeClient({ withFactor = true } = {}) {
  let level: "aal1" | "aal2" = "aal1";
  const session = { access_token: "token", user: { id: "u1", email: "admin@example.com" } };
  const verify = vi.fn(async ({ code }: { code: string }) => {
    if (code !== GOOD_CODE) return { data: null, error: { status: 422, code: "mfa_verification_failed" } };
    level = "aal2";
    return { data: session, error: null };
  });
  const auth = {
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }),
    signInWithPassword: vi.fn(async ({ password }: { password: string }) =>
      password === "right"
        ? { data: { session }, error: null }
        : {
            data: { session: null },
            error: { status: 400, code: "invalid_credentials", message: "Invalid login credentials" },
          },
    ),
    signOut: vi.fn(async () => ({ error: null })),
    mfa: {
      getAuthenticatorAssuranceLevel: async () => ({
        data: { currentLevel: level, nextLevel: withFactor ? "aal2" : "aal1" },
        error: null,
      }),
      listFactors: async () => ({ data: { totp: withFactor ? [{ id: "f1" }] : [] }, error: null }),
      challenge: async () => ({ data: { id: "c1" }, error: null }),
      verify,
    },
  };
  supabase.client = { auth } as unknown as AppSupabaseClient;
  return { auth, verify };
}

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={[{ pathname: "/login", state: { from: { pathname: "/admin/leads" } } }]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/admin/*" element={<p>admin screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function signInWithPassword(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), "admin@example.com");
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
  return user;
}

afterEach(() => {
  supabase.client = null;
});

describe("signing in with a code", () => {
  it("asks for the 6-digit code after the password, says a wrong code is wrong, and goes on with the right one", async () => {
    const { verify } = fakeClient();
    renderLogin();
    const user = await signInWithPassword("right");

    expect(await screen.findByRole("heading", { level: 1, name: "Enter your code" })).toBeInTheDocument();
    const code = screen.getByLabelText("6-digit code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");

    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("That code didn't work. Enter the code your app shows now.")).toBeInTheDocument();
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(code).toHaveValue("");
    expect(screen.queryByText("admin screen")).not.toBeInTheDocument();

    await user.type(code, "123 456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("admin screen")).toBeInTheDocument();
    expect(verify).toHaveBeenLastCalledWith({ factorId: "f1", challengeId: "c1", code: GOOD_CODE });
  });

  it("goes straight on when the account has no authenticator", async () => {
    fakeClient({ withFactor: false });
    renderLogin();
    await signInWithPassword("right");
    expect(await screen.findByText("admin screen")).toBeInTheDocument();
  });

  it("never says whether the address exists when the password is refused", async () => {
    fakeClient();
    renderLogin();
    await signInWithPassword("wrong");
    expect(
      await screen.findByText("That e-mail and password don't match. Check both and try again."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveValue("wrong");
  });
});

describe("signInErrorMessage", () => {
  it("reads an unknown address, a wrong password and an unconfirmed one alike, and tells a rate limit's wait", () => {
    const unknown = signInErrorMessage({ status: 400, code: "invalid_credentials" });
    expect(signInErrorMessage({ status: 400, code: "email_not_confirmed" })).toBe(unknown);
    expect(signInErrorMessage({ status: 422, code: "user_banned" })).toBe(unknown);
    expect(signInErrorMessage({ status: 429, code: "over_request_rate_limit" })).toMatch(/^Too many attempts\./);
  });
});

describe("ForgotPasswordForm", () => {
  const sent = /If an account exists for that address, we've sent a link/;

  it.each([
    ["an address with an account", async () => {}],
    ["an address without one (or any failure other than a rate limit)", async () => Promise.reject({ status: 400 })],
  ])("answers the same for %s", async (_, requestReset) => {
    const user = userEvent.setup();
    render(<ForgotPasswordForm requestReset={requestReset} onBack={() => {}} />);
    await user.type(screen.getByLabelText("Email"), "someone@example.com");
    await user.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(sent);
  });

  it("shows the wait when rate limited", async () => {
    const user = userEvent.setup();
    render(<ForgotPasswordForm requestReset={async () => Promise.reject({ status: 429 })} onBack={() => {}} />);
    await user.type(screen.getByLabelText("Email"), "someone@example.com");
    await user.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Too many attempts\./);
    expect(screen.queryByText(sent)).not.toBeInTheDocument();
  });
});
