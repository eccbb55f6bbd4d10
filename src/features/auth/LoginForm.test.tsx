import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useAuth } from "./AuthProvider";
import { LoginForm } from "./LoginForm";
import { destinationAfterLogin } from "./LoginPage";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("LoginForm", () => {
  it("requires an e-mail address and a password", () => {
    render(<LoginForm onSubmit={async () => {}} />);
    const email = screen.getByLabelText("Email");
    expect(email).toBeRequired();
    expect(email).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Password")).toBeRequired();
  });

  it("shows the labels as they read, tied to their fields, with no error before an attempt", () => {
    const { container } = render(<LoginForm onSubmit={async () => {}} />);
    expect([...container.querySelectorAll("label")].map((label) => label.textContent)).toEqual(["Email", "Password"]);
    expect(screen.getByRole("textbox", { name: "Email" })).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "current-password");
  });

  it("is disabled in the prerendered HTML, so nothing is typed or sent before hydration", () => {
    const html = renderToString(<LoginForm onSubmit={async () => {}} />);
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    render(<LoginForm onSubmit={async () => {}} />);
    expect(screen.getByLabelText("Email")).toBeEnabled();
  });

  it("reads 'Signing in...' and is disabled while busy, then keeps what was typed", async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const calls: Array<[string, string]> = [];
    render(
      <LoginForm
        onSubmit={(email, password) => {
          calls.push([email, password]);
          return pending.promise;
        }}
      />,
    );
    await user.type(screen.getByLabelText("Email"), "admin@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    const busyButton = screen.getByRole("button", { name: "Signing in..." });
    expect(busyButton).toBeDisabled();
    expect(calls).toEqual([["admin@example.com", "wrong-password"]]);

    pending.resolve();
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeEnabled();
    expect(screen.getByLabelText("Email")).toHaveValue("admin@example.com");
    expect(screen.getByLabelText("Password")).toHaveValue("wrong-password");
  });
});

describe("useAuth", () => {
  it("throws outside the provider", () => {
    function Consumer() {
      useAuth();
      return null;
    }
    const original = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Consumer />)).toThrow(/AuthProvider/);
    } finally {
      console.error = original;
    }
  });
});

describe("destinationAfterLogin", () => {
  it("goes back to the admin page that sent the visitor, else to Create Post", () => {
    expect(destinationAfterLogin({ from: { pathname: "/admin", search: "" } })).toBe("/admin");
    expect(destinationAfterLogin({ from: { pathname: "/admin/posts/1/edit", search: "" } })).toBe(
      "/admin/posts/1/edit",
    );
    expect(destinationAfterLogin(null)).toBe("/admin/create-post");
    expect(destinationAfterLogin({ from: { pathname: "https://evil.example/admin" } })).toBe("/admin/create-post");
    expect(destinationAfterLogin({ from: { pathname: "/blog" } })).toBe("/admin/create-post");
  });
});
