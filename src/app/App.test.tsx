import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { App } from "./App";
import { findRoute, isAdminPath, isApiPath } from "./routes";

// The admin area's own content is tested in features/admin; here it only has to be there, at once,
// rather than after the sign-in check and the redirect to /login that a visitor without a session gets.
vi.mock("../features/admin/AdminRoutes", () => ({
  default: () => (
    <main>
      <h1>Admin area</h1>
    </main>
  ),
}));

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

describe("App shell", () => {
  it("renders a real not-found page inside the public layout for unknown paths", async () => {
    renderAt("/no-such-page");
    expect(await screen.findByRole("heading", { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    // The footer is its own chunk.
    expect(await screen.findByRole("contentinfo", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });

  it("renders nothing for paths under /api/", () => {
    const { container } = renderAt("/api/subscribe");
    expect(container).toBeEmptyDOMElement();
  });

  it("hides the public header and footer on /admin paths", async () => {
    renderAt("/admin/create-post");
    // Its code loads first (the page fallback meanwhile), however long that takes on a busy machine.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Admin area" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
  });

  it("scrolls to the top when the route changes, and leaves the page arrived on where the browser put it", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    renderAt("/no-such-page");
    await screen.findByRole("heading", { level: 1, name: "We couldn't find that page" });
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("link", { name: "Back to Home" }));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 })));
    scrollTo.mockRestore();
  });
});

describe("route helpers", () => {
  it("classifies api and admin paths", () => {
    expect(isApiPath("/api/subscribe")).toBe(true);
    expect(isApiPath("/apiary")).toBe(false);
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/create-post")).toBe(true);
    expect(isAdminPath("/administrator")).toBe(false);
  });

  it("finds the route of every spec path", () => {
    for (const path of [
      "/",
      "/services",
      "/portfolio",
      "/portfolio/mukki-paid-ads",
      "/contact",
      "/thank-you",
      "/terms",
      "/privacy",
      "/blog",
      "/blog/a-post",
      "/login",
      "/admin",
      "/admin/create-post",
    ]) {
      expect(findRoute(path), path).toBeDefined();
    }
    expect(findRoute("/nope")).toBeUndefined();
  });
});
