import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScrollToTop } from "./ScrollToTop";

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "*", element: <ScrollToTop /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe("ScrollToTop", () => {
  const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  afterEach(() => scrollTo.mockClear());

  it("leaves the page arrived on, and scrolls to the top of the next page", async () => {
    const router = renderAt("/contact");
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate("/thank-you"));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ top: 0, left: 0 }));
  });

  it("does not move the page when only its hash goes (the booking token /thank-you takes out)", async () => {
    const router = renderAt("/thank-you#booking=LEADtoken_0123456789ab");
    await act(() => router.navigate({ pathname: "/thank-you", hash: "" }, { replace: true }));
    expect(router.state.location.hash).toBe("");
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("leaves a page opened at an anchor to the page that owns it", async () => {
    const router = renderAt("/");
    await act(() => router.navigate("/services#crm-automation"));
    expect(scrollTo).not.toHaveBeenCalled();
    // Another tab of the same page: still the page's own business (use-service-tab).
    await act(() => router.navigate("/services#paid-ads"));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
