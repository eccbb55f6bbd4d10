import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import ServicesPage from "./ServicesPage";

// Role queries over whole pages are slow on the shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.hash}</output>;
}

/** A link within the page to another hash, as a step in the history would change it. */
function HashLink({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <a href={to} onClick={(event) => (event.preventDefault(), navigate(to))}>
      elsewhere
    </a>
  );
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/services" element={<ServicesPage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

// Section chunks are transformed on first import; on a busy machine that can take a few seconds.
const lazyWait = { timeout: 5000 };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("ServicesPage", () => {
  it("shows the All view with every service and its six features at /services", () => {
    const scrollTo = vi.spyOn(window, "scrollTo");
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView");
    renderAt("/services");

    expect(screen.getByRole("heading", { level: 1, name: "Our Digital Solutions" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "All Services" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getAllByRole("button", { name: /View Details & Pricing/ })).toHaveLength(3);
    expect(screen.getByRole("heading", { name: "Responsive Design" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Automated Follow-Up" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Retargeting" })).toBeInTheDocument();
    // The page arrived on without a hash stays where the browser put it: neither to the top (a
    // visitor may have scrolled before hydration) nor to the services area.
    expect(scrollTo).not.toHaveBeenCalled();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it("scrolls to the top when the hash changes to one that matches no service", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo");
    render(
      <MemoryRouter initialEntries={["/services#crm-automation"]}>
        <Routes>
          <Route path="/services" element={<ServicesPage />} />
        </Routes>
        <HashLink to="/services#nothing-here" />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole("link", { name: "elsewhere" }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.getByRole("tab", { name: "All Services" })).toHaveAttribute("aria-selected", "true");
  });

  it("opens the tab named by the hash and scrolls to the services area after 100 ms", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView");
    const scrollTo = vi.spyOn(window, "scrollTo");
    renderAt("/services#crm-automation");

    expect(screen.getByRole("tab", { name: "CRM Automation" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "All Services" })).toHaveAttribute("aria-selected", "false");
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ behavior: "smooth", block: "start" }));
    expect(scrollIntoView.mock.contexts[0]).toHaveAttribute("id", "services-area");
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("loads a single service's section on demand, showing 'Loading...' until its packages arrive", async () => {
    renderAt("/services#web-development");

    // The fallback is there as the page first renders: read at once, not awaited, since a section's
    // chunk that the worker has transformed already can replace it between an awaited find and the
    // assertion after it (a run on a fast machine saw it found, then gone, 46 ms in).
    expect(screen.getByText("Loading...")).toHaveAttribute("role", "status");
    const growth = await screen.findByRole("article", { name: "GrowthSite" }, lazyWait);
    expect(within(growth).getByText("₦300,000")).toBeInTheDocument();
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Website Packages" })).toBeInTheDocument();
  });

  it("switches tabs by click and by arrow keys, and keeps the hash in step", async () => {
    const user = userEvent.setup();
    renderAt("/services");

    await user.click(screen.getByRole("tab", { name: "Paid Ads" }));
    expect(screen.getByRole("tab", { name: "Paid Ads" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("location")).toHaveTextContent("/services#paid-ads");
    const adGrowth = await screen.findByRole("article", { name: "AdGrowth" }, lazyWait);
    expect(within(adGrowth).getByText("Most Popular")).toBeInTheDocument();

    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "All Services" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "All Services" })).toHaveFocus();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/services$/);

    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Paid Ads" })).toHaveAttribute("aria-selected", "true");
  });

  it("'View Details & Pricing' opens that service's tab and scrolls to the services area", async () => {
    const user = userEvent.setup();
    const scrollIntoView = vi.spyOn(Element.prototype, "scrollIntoView");
    renderAt("/services");

    await user.click(screen.getByRole("button", { name: "View Details & Pricing: CRM Automation" }));
    expect(screen.getByRole("tab", { name: "CRM Automation" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("article", { name: "Growth Engine" }, lazyWait)).toBeInTheDocument();
    // The scroll follows the tab change after the 100 ms delay.
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
  });
});
