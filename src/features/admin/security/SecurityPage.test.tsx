import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AppSupabaseClient } from "../../../lib/supabase";
import { renderAdmin } from "../testing";

type Factor = { id: string; friendly_name: string; created_at: string; status: string; factor_type: string };

const phone: Factor = {
  id: "f1",
  friendly_name: "Ada's phone",
  created_at: "2026-11-20T08:00:00Z",
  status: "verified",
  factor_type: "totp",
};

/** A supabase-js stand-in: the account's authenticators (`listFactors`, and `extra` MFA calls) and its sign-ins. */
function fakeClient(listFactors: () => Promise<unknown>, extra: Record<string, unknown> = {}): AppSupabaseClient {
  const client = {
    auth: { mfa: { listFactors, ...extra }, getUser: async () => ({ data: { user: {} }, error: null }) },
    rpc: async () => ({
      data: [{ last_sign_in_at: "2026-11-23T08:00:00Z", device_class: "phone", user_agent: "x" }],
      error: null,
    }),
    // The agency's requirement, which the Owner's panel reads (its own tests use the local Supabase).
    from: () => ({
      select: () => ({ maybeSingle: async () => ({ data: { require_second_factor: false }, error: null }) }),
    }),
  };
  return client as unknown as AppSupabaseClient;
}

const factorsOf = (list: Factor[]) => async () => ({
  data: { all: list, totp: list.filter((factor) => factor.status === "verified") },
  error: null,
});

const renderPage = (client: AppSupabaseClient) => renderAdmin("/admin/security", { client });

describe("SecurityPage", () => {
  it("says it is loading the apps, then that there are none, offering to add one", async () => {
    const client = fakeClient(factorsOf([]));
    await renderPage(client);
    expect(screen.getAllByRole("status")[0]).toHaveTextContent("Loading your authenticator apps...");
    expect(await screen.findByText(/No authenticator app yet/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add an authenticator app" })).toBeInTheDocument();
    expect(await screen.findByText("November 23, 2026 at 9:00 AM")).toBeInTheDocument();
    expect(screen.getByText(/on a phone/)).toBeInTheDocument();
  });

  it("says the apps could not be loaded and tries again", async () => {
    const user = userEvent.setup();
    const listFactors = vi
      .fn()
      .mockResolvedValueOnce({ data: null, error: { message: "offline" } })
      .mockImplementation(factorsOf([phone]));
    const client = fakeClient(listFactors);
    await renderPage(client);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your authenticator apps could not be loaded.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Ada's phone")).toBeInTheDocument();
  });

  it("lists each app with when it was added, offers a backup, and removes one only after a code", async () => {
    const user = userEvent.setup();
    const unenroll = vi.fn(async () => ({ error: null }));
    const client = fakeClient(factorsOf([phone]), {
      challenge: async () => ({ data: { id: "c1" }, error: null }),
      verify: async ({ code }: { code: string }) =>
        code === "123456" ? { data: {}, error: null } : { data: null, error: { status: 422 } },
      unenroll,
    });
    await renderPage(client);
    expect(await screen.findByText("Ada's phone")).toBeInTheDocument();
    expect(screen.getByText("Added November 20, 2026 at 9:00 AM")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add a backup app" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove Ada's phone" }));
    expect(screen.getByText(/afterwards the password alone protects the account/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("6-digit code"), "999999");
    await user.click(screen.getByRole("button", { name: "Remove app" }));
    expect(await screen.findByText(/That code didn't work/)).toBeInTheDocument();
    expect(unenroll).not.toHaveBeenCalled();
  });

  it("shows the QR code and the secret in groups when adding an app", async () => {
    const user = userEvent.setup();
    const client = fakeClient(factorsOf([]), {
      enroll: async () => ({
        data: { id: "f2", totp: { qr_code: "data:image/svg+xml;utf-8,<svg/>", secret: "JBSWY3DPEHPK3PXP" } },
        error: null,
      }),
    });
    await renderPage(client);
    await user.click(await screen.findByRole("button", { name: "Add an authenticator app" }));
    expect(screen.getByLabelText("Name")).toHaveValue("Authenticator app");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByRole("img", { name: "QR code for adding Authenticator app to your authenticator app" }),
    ).toBeInTheDocument();
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();
    expect(screen.getByLabelText("6-digit code from the app")).toHaveAttribute("autocomplete", "one-time-code");
  });
});
