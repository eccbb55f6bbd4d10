import { fireEvent, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { App } from "./App";

const sendBeacon = vi.fn((_url: string, _body: string) => true);

beforeEach(() => {
  vi.stubGlobal("requestIdleCallback", (task: () => void) => (task(), 1));
  Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: sendBeacon });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "sendBeacon");
});

it("sends one page view when the app starts and one per client-side navigation", async () => {
  window.history.replaceState(null, "", "/no-such-page?utm_source=newsletter");
  // StrictMode runs each effect twice on mount, as a development build does: still one view.
  render(
    <StrictMode>
      <MemoryRouter initialEntries={["/no-such-page"]}>
        <App />
      </MemoryRouter>
    </StrictMode>,
  );
  const link = await screen.findByRole("link", { name: "Back to Home" });
  await vi.waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(1));
  fireEvent.click(link);
  await screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
  await vi.waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(2));
  const events = sendBeacon.mock.calls.map(([, body]) => JSON.parse(body) as Record<string, unknown>);
  expect(events.map(({ kind, path, utm_source }) => ({ kind, path, utm_source }))).toEqual([
    { kind: "pageview", path: "/no-such-page", utm_source: "newsletter" },
    { kind: "pageview", path: "/", utm_source: "newsletter" },
  ]);
});
