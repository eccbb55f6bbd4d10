import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { Footer } from "../../components/layout/Footer";
import { consentCopy } from "../../content/consent";
import { footerColumns } from "../../content/site";
import { formatConsentCookie, isFbp, readCookie } from "../../lib/consent";
// The choice's chunk, loaded with this file: the host's lazy import of it then resolves at once.
import "./ConsentChoices";
import { ConsentHost, hasConsentCookie } from "./ConsentHost";

/** The public layout's parts that matter here: the host, the page's main content and the footer. */
function renderSite(path = "/") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ConsentHost />
      <main id="main" tabIndex={-1}>
        <h1>Page</h1>
      </main>
      <Footer />
    </MemoryRouter>,
  );
}

function cookie(name: string) {
  return readCookie(document.cookie, name);
}

function setCookie(name: string, value: string) {
  document.cookie = `${name}=${value}; Path=/`;
}

afterEach(() => {
  for (const name of ["ad_consent", "_fbp"]) document.cookie = `${name}=; Path=/; Max-Age=0`;
});

const banner = () => screen.findByRole("region", { name: consentCopy.title });

/**
 * Renders the site and settles it: with the choice's chunk already imported (above), React's
 * pending work, the host's effect (in the task after the commit, src/lib/use-task-effect.ts) and the
 * lazy component's resolution are flushed, so what is not shown now will not be.
 */
async function renderSettled(path = "/") {
  renderSite(path);
  await act(async () => {});
  // Not a sleep: timers of the same delay run in the order they were set, so this one runs after the
  // host's effect, which was set in the commit above.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await act(async () => {});
  await act(async () => {});
}

const settings = () => screen.findByRole("region", { name: consentCopy.settingsTitle });
const secondsNow = () => Math.floor(Date.now() / 1000);

function expectConsentCookie(flags: string) {
  const match = /^v1\.([01]\.[01])\.(\d+)$/.exec(cookie("ad_consent") ?? "");
  expect(match?.[1], `ad_consent=${cookie("ad_consent")}`).toBe(flags);
  expect(Math.abs(Number(match![2]) - secondsNow())).toBeLessThanOrEqual(2);
}

describe("the consent choice", () => {
  it("shows on a first visit, with Accept and Reject alike, and writes nothing before a choice", async () => {
    renderSite();
    const region = await banner();
    const reject = within(region).getByRole("button", { name: consentCopy.reject });
    const accept = within(region).getByRole("button", { name: consentCopy.accept });
    expect(reject.className).toBe(accept.className);
    expect(within(region).getByRole("link", { name: consentCopy.policyLink })).toHaveAttribute("href", "/privacy");
    expect(document.cookie).toBe("");
  });

  it("does not show when this browser holds a valid choice", async () => {
    setCookie("ad_consent", formatConsentCookie({ adUserData: false, adPersonalization: false, givenAt: new Date() }));
    await renderSettled();
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("asks again when the stored value is not a choice", async () => {
    setCookie("ad_consent", "v1.2.1.1790000000");
    // Settled as the tests of what is not shown are: the banner is there by then.
    await renderSettled();
    expect(screen.getByRole("region", { name: consentCopy.title })).toBeInTheDocument();
  });

  it("is not asked on /login", async () => {
    await renderSettled("/login");
    expect(screen.queryByRole("region")).toBeNull();
    // The same settling shows it on another page.
    cleanup();
    await renderSettled("/");
    expect(screen.getByRole("region", { name: consentCopy.title })).toBeInTheDocument();
  });

  it("Reject records 0.0, sets no _fbp, closes and gives the focus to the page", async () => {
    const user = userEvent.setup();
    renderSite();
    await user.click(within(await banner()).getByRole("button", { name: consentCopy.reject }));
    expectConsentCookie("0.0");
    expect(cookie("_fbp")).toBeNull();
    expect(screen.queryByRole("region")).toBeNull();
    expect(document.activeElement).toBe(document.getElementById("main"));
  });

  it("Accept records 1.1 and sets an _fbp in Meta's format", async () => {
    const user = userEvent.setup();
    renderSite();
    await user.click(within(await banner()).getByRole("button", { name: consentCopy.accept }));
    expectConsentCookie("1.1");
    expect(isFbp(cookie("_fbp"))).toBe(true);
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("settings start with both purposes off; measurement alone records 1.0 and sets _fbp", async () => {
    const user = userEvent.setup();
    renderSite();
    await user.click(within(await banner()).getByRole("button", { name: consentCopy.choose }));
    const region = await settings();
    const measure = within(region).getByRole("switch", { name: consentCopy.purposes.adUserData.label });
    const personalise = within(region).getByRole("switch", { name: consentCopy.purposes.adPersonalization.label });
    expect(measure).not.toBeChecked();
    expect(personalise).not.toBeChecked();
    expect(measure).toHaveAccessibleDescription(consentCopy.purposes.adUserData.description);
    await user.click(measure);
    await user.click(within(region).getByRole("button", { name: consentCopy.save }));
    expectConsentCookie("1.0");
    expect(isFbp(cookie("_fbp"))).toBe(true);
  });

  it("works by keyboard alone; Escape goes back without counting as a choice", async () => {
    const user = userEvent.setup();
    renderSite();
    const region = await banner();
    // Tab order: the policy link, Reject, Accept, Choose.
    await user.tab();
    expect(within(region).getByRole("link", { name: consentCopy.policyLink })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(region).getByRole("button", { name: consentCopy.choose })).toHaveFocus();
    await user.keyboard("{Enter}");
    const settingsRegion = await settings();
    expect(within(settingsRegion).getByRole("heading", { name: consentCopy.settingsTitle })).toHaveFocus();

    await user.keyboard("{Escape}");
    const back = await banner();
    expect(within(back).getByRole("button", { name: consentCopy.choose })).toHaveFocus();
    expect(cookie("ad_consent")).toBeNull();

    await user.keyboard("{Enter}");
    await settings();
    await user.tab(); // the policy link
    await user.tab(); // the measurement switch
    expect(screen.getByRole("switch", { name: consentCopy.purposes.adUserData.label })).toHaveFocus();
    await user.keyboard(" ");
    expect(screen.getByRole("switch", { name: consentCopy.purposes.adUserData.label })).toBeChecked();
    await user.tab(); // personalisation
    await user.tab(); // Reject all
    await user.tab(); // Accept all
    await user.tab(); // Save choices
    expect(screen.getByRole("button", { name: consentCopy.save })).toHaveFocus();
    await user.keyboard("{Enter}");
    expectConsentCookie("1.0");
    expect(document.activeElement).toBe(document.getElementById("main"));
  });

  it("'Privacy choices' in the footer opens the settings with the stored choice; withdrawing measurement deletes _fbp", async () => {
    const user = userEvent.setup();
    setCookie("ad_consent", formatConsentCookie({ adUserData: true, adPersonalization: true, givenAt: new Date() }));
    setCookie("_fbp", "fb.1.1700000000000.1234567890");
    renderSite();
    const trigger = screen.getByRole("button", { name: footerColumns.privacyChoices });
    await user.click(trigger);
    const region = await settings();
    expect(within(region).getByRole("heading", { name: consentCopy.settingsTitle })).toHaveFocus();
    const measure = within(region).getByRole("switch", { name: consentCopy.purposes.adUserData.label });
    expect(measure).toBeChecked();
    expect(within(region).getByRole("switch", { name: consentCopy.purposes.adPersonalization.label })).toBeChecked();
    await user.click(measure);
    await user.click(within(region).getByRole("button", { name: consentCopy.save }));
    expectConsentCookie("0.1");
    expect(cookie("_fbp")).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it("Escape closes settings opened from the footer unchanged and returns the focus", async () => {
    const user = userEvent.setup();
    const stored = formatConsentCookie({ adUserData: false, adPersonalization: false, givenAt: new Date() });
    setCookie("ad_consent", stored);
    renderSite();
    const trigger = screen.getByRole("button", { name: footerColumns.privacyChoices });
    trigger.focus();
    await user.keyboard("{Enter}");
    await settings();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region")).toBeNull();
    expect(cookie("ad_consent")).toBe(stored);
    expect(trigger).toHaveFocus();
  });
});

describe("hasConsentCookie", () => {
  it("recognises every value formatConsentCookie writes, among other cookies", () => {
    for (const [adUserData, adPersonalization] of [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      const value = formatConsentCookie({ adUserData, adPersonalization, givenAt: new Date() });
      expect(hasConsentCookie(`ad_consent=${value}`)).toBe(true);
      expect(hasConsentCookie(`theme=dark; ad_consent=${value}; _fbp=fb.1.1.2`)).toBe(true);
    }
  });

  it("rejects other cookies and other formats", () => {
    expect(hasConsentCookie("")).toBe(false);
    expect(hasConsentCookie("x_ad_consent=v1.1.1.1790000000")).toBe(false);
    expect(hasConsentCookie("ad_consent=v2.1.1.1790000000")).toBe(false);
    expect(hasConsentCookie("ad_consent=yes")).toBe(false);
  });
});
