import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contactCopy, contactStorageKey, thankYouCopy } from "../../content/contact";
import { faqItems, type FaqItem } from "../../content/faq";
import ContactPage from "./ContactPage";
import ThankYouPage from "./ThankYouPage";

/**
 * The form's requests are answered here as api/contact answers them (its statuses and `{ message,
 * field }` bodies, api/contact.test.ts); the real function is exercised end to end in
 * tests/e2e/leads.spec.ts.
 */
let answer: () => Promise<Response>;
let sent: { url: string; body: Record<string, unknown> }[];

beforeEach(() => {
  sent = [];
  answer = async () =>
    new Response(JSON.stringify({ message: "Thank you! Your enquiry has reached our team." }), { status: 200 });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return answer();
  });
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderContact() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={["/contact"]}>
      <Routes>
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/thank-you" element={<ThankYouPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

const groups = {
  web: /web design details/i,
  crm: /crm automation details/i,
  ads: /paid ads details/i,
};

describe("Contact page", () => {
  it("shows the headline and a Get Started link to the intake form in a new tab", () => {
    renderContact();
    expect(screen.getByRole("heading", { level: 1, name: "Let's build your system." })).toBeInTheDocument();
    const link = screen.getByRole("link", { name: /get started/i });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByRole("button", { name: contactCopy.submit })).toHaveAttribute("type", "submit");
  });

  it("shows only the chosen service's questions", async () => {
    const user = renderContact();
    expect(screen.queryByRole("group", { name: groups.web })).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /web design/i }));
    const web = screen.getByRole("group", { name: groups.web });
    expect(within(web).getByRole("radio", { name: "ShopSite OS" })).toBeInTheDocument();
    expect(within(web).getByLabelText(/reference sites or styles/i)).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: groups.crm })).not.toBeInTheDocument();
    expect(screen.queryByRole("group", { name: groups.ads })).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /crm automation/i }));
    const crm = screen.getByRole("group", { name: groups.crm });
    expect(within(crm).getByRole("radio", { name: "CustomerFlow Pro" })).toBeInTheDocument();
    expect(within(crm).getByRole("spinbutton", { name: /team members/i })).toBeInTheDocument();
    expect(within(crm).getByRole("textbox", { name: /biggest sales or lead challenge/i })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: groups.web })).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /paid ads management/i }));
    const ads = screen.getByRole("group", { name: groups.ads });
    for (const label of ["Facebook", "Google", "Both", "AdIgnite", "AdGrowth", "AdEngine OS"]) {
      expect(within(ads).getByRole("radio", { name: label })).toBeInTheDocument();
    }
    expect(screen.queryByRole("group", { name: groups.crm })).not.toBeInTheDocument();
  });

  it("asks for ROAS only when ads have been run before", async () => {
    const user = renderContact();
    await user.click(screen.getByRole("radio", { name: /paid ads management/i }));
    const runAds = screen.getByRole("group", { name: /have you run ads before/i });
    expect(screen.queryByRole("group", { name: /highest roas/i })).not.toBeInTheDocument();

    await user.click(within(runAds).getByRole("radio", { name: "Yes" }));
    const roas = screen.getByRole("group", { name: /highest roas/i });
    expect(within(roas).getAllByRole("radio")).toHaveLength(4);
    expect(within(roas).getByRole("radio", { name: "5x+" })).toBeInTheDocument();

    await user.click(within(runAds).getByRole("radio", { name: "No" }));
    expect(screen.queryByRole("group", { name: /highest roas/i })).not.toBeInTheDocument();
  });

  it("toggles each feature on and off", async () => {
    const user = renderContact();
    await user.click(screen.getByRole("radio", { name: /web design/i }));
    const speed = screen.getByRole("checkbox", { name: "Speed" });
    const leadForm = screen.getByRole("checkbox", { name: "Lead form" });
    await user.click(speed);
    await user.click(leadForm);
    expect(speed).toBeChecked();
    expect(leadForm).toBeChecked();
    await user.click(speed);
    expect(speed).not.toBeChecked();
    expect(leadForm).toBeChecked();
  });

  it("shows inline errors, keeps what was typed and stays on the page when name or e-mail is missing", async () => {
    const user = renderContact();
    await user.type(screen.getByLabelText(/company name/i), "Zeta Brent");
    await user.type(screen.getByLabelText(/email address/i), "not-an-email");
    await user.click(screen.getByRole("button", { name: contactCopy.submit }));

    const name = screen.getByRole("textbox", { name: /full name/i });
    expect(name).toHaveAccessibleDescription(contactCopy.errors.fullName);
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveFocus();
    expect(screen.getByLabelText(/email address/i)).toHaveAccessibleDescription(contactCopy.errors.emailInvalid);
    expect(screen.getByLabelText(/company name/i)).toHaveValue("Zeta Brent");
    expect(screen.getByLabelText(/email address/i)).toHaveValue("not-an-email");
    expect(screen.queryByRole("heading", { name: thankYouCopy.heading })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(contactStorageKey)).toBeNull();

    await user.type(name, "Amaka Okafor");
    expect(name).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByRole("button", { name: contactCopy.submit }));
    expect(screen.getByLabelText(/email address/i)).toHaveFocus();
    expect(screen.getByRole("heading", { level: 1, name: contactCopy.heading })).toBeInTheDocument();
  });

  it("keeps what the visitor typed and chose in the prerendered form before it hydrated, and sends it", async () => {
    const page = (
      <MemoryRouter initialEntries={["/contact"]}>
        <Routes>
          <Route path="/contact" element={<ContactPage />} />
          <Route path="/thank-you" element={<ThankYouPage />} />
        </Routes>
      </MemoryRouter>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(page);
    document.body.append(container);
    // Before the script runs, only the DOM knows what the visitor did.
    const early = within(container);
    (early.getByRole("radio", { name: /web design/i }) as HTMLInputElement).checked = true;
    (early.getByLabelText(/full name/i) as HTMLInputElement).value = "Tunde Bakare";
    (early.getByLabelText(/email address/i) as HTMLInputElement).value = "tunde@example.ng";
    (early.getByLabelText(/^message/i) as HTMLTextAreaElement).value = "A site for the clinic.";
    const root = await act(async () => hydrateRoot(container, page));

    expect(early.getByLabelText(/full name/i)).toHaveValue("Tunde Bakare");
    expect(early.getByRole("group", { name: groups.web })).toBeInTheDocument();
    await userEvent.setup().click(early.getByRole("button", { name: contactCopy.submit }));
    expect(await early.findByText("Thank you, Tunde.")).toBeInTheDocument();
    expect(sent[0]!.body).toMatchObject({
      service: "web-design",
      fullName: "Tunde Bakare",
      email: "tunde@example.ng",
      message: "A site for the clinic.",
    });
    act(() => root.unmount());
    container.remove();
  });

  it("sends the answers with the visit's attribution, and lands on the thank-you page greeting by first name", async () => {
    window.localStorage.setItem(
      "ascend-attribution",
      JSON.stringify({ first: { utm_source: "facebook", utm_campaign: "launch" } }),
    );
    const user = renderContact();
    await user.click(screen.getByRole("radio", { name: /paid ads management/i }));
    await user.click(screen.getByRole("radio", { name: "Both" }));
    await user.click(screen.getByRole("radio", { name: "AdGrowth" }));
    await user.click(
      within(screen.getByRole("group", { name: /have you run ads before/i })).getByRole("radio", { name: "Yes" }),
    );
    await user.click(screen.getByRole("radio", { name: "2-5x" }));
    await user.type(screen.getByLabelText(/full name/i), "Amaka Okafor");
    await user.type(screen.getByLabelText(/email address/i), "amaka@example.ng");
    await user.type(screen.getByLabelText(/phone number/i), "+2348090000000");
    await user.click(screen.getByRole("button", { name: contactCopy.submit }));

    expect(await screen.findByRole("heading", { level: 1, name: "You're Booked In!" })).toBeInTheDocument();
    expect(screen.getByText("Thank you, Amaka.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");

    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("/api/contact");
    expect(sent[0]!.body).toMatchObject({
      service: "paid-ads",
      adPlatform: "both",
      adPackage: "AdGrowth",
      hasRunAds: "yes",
      roas: "2-5x",
      fullName: "Amaka Okafor",
      email: "amaka@example.ng",
      phone: "+2348090000000",
      webPackage: "",
      features: [],
      website: "",
      attribution: { first: { utm_source: "facebook", utm_campaign: "launch" } },
    });
    expect(sent[0]!.body.elapsedMs).toEqual(expect.any(Number));
    const stored = JSON.parse(window.sessionStorage.getItem(contactStorageKey) ?? "{}");
    expect(stored).toMatchObject({ fullName: "Amaka Okafor", service: "paid-ads" });
  });

  it("keeps every answer when the server cannot store them, says so, and sends again on 'Try again'", async () => {
    answer = async () =>
      new Response(JSON.stringify({ message: "We could not save your enquiry just now." }), { status: 503 });
    const user = renderContact();
    await user.click(screen.getByRole("radio", { name: /web design/i }));
    await user.click(screen.getByRole("checkbox", { name: "Speed" }));
    await user.type(screen.getByLabelText(/full name/i), "Amaka Okafor");
    await user.type(screen.getByLabelText(/email address/i), "amaka@example.ng");
    await user.type(screen.getByLabelText(/message/i), "Our shop needs a site.");
    await user.click(screen.getByRole("button", { name: contactCopy.submit }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(contactCopy.failure.heading);
    expect(alert).toHaveTextContent("We could not save your enquiry just now.");
    expect(alert).toHaveTextContent(contactCopy.failure.kept);
    expect(alert).toHaveFocus();
    expect(within(alert).getByRole("link", { name: contactCopy.failure.email })).toHaveAttribute(
      "href",
      "mailto:hello@ascenddigital.ng",
    );
    expect(
      within(alert)
        .getByRole("link", { name: /chat on whatsapp/i })
        .getAttribute("href"),
    ).toMatch(/^https:\/\/wa\.me\/2348095550142\?text=/);
    expect(screen.getByLabelText(/full name/i)).toHaveValue("Amaka Okafor");
    expect(screen.getByLabelText(/message/i)).toHaveValue("Our shop needs a site.");
    expect(screen.getByRole("checkbox", { name: "Speed" })).toBeChecked();
    expect(screen.queryByRole("heading", { name: thankYouCopy.heading })).not.toBeInTheDocument();

    answer = async () => new Response(JSON.stringify({ message: "ok" }), { status: 200 });
    await user.click(within(alert).getByRole("button", { name: contactCopy.failure.retry }));
    expect(await screen.findByRole("heading", { level: 1, name: thankYouCopy.heading })).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatchObject({
      fullName: "Amaka Okafor",
      features: ["speed"],
      message: "Our shop needs a site.",
    });
  });

  it("says the connection failed when the request never arrives", async () => {
    answer = async () => {
      throw new TypeError("Failed to fetch");
    };
    const user = renderContact();
    await user.type(screen.getByLabelText(/full name/i), "Amaka Okafor");
    await user.type(screen.getByLabelText(/email address/i), "amaka@example.ng");
    await user.click(screen.getByRole("button", { name: contactCopy.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(contactCopy.failure.network);
    expect(screen.getByLabelText(/email address/i)).toHaveValue("amaka@example.ng");
  });

  it("shows the server's refusal beside the field it names", async () => {
    answer = async () =>
      new Response(
        JSON.stringify({ message: "Please enter a valid email address, like name@company.com.", field: "email" }),
        { status: 400 },
      );
    const user = renderContact();
    await user.type(screen.getByLabelText(/full name/i), "Amaka Okafor");
    await user.type(screen.getByLabelText(/email address/i), "amaka@example.ng");
    await user.click(screen.getByRole("button", { name: contactCopy.submit }));
    const email = screen.getByLabelText(/email address/i);
    await vi.waitFor(() =>
      expect(email).toHaveAccessibleDescription("Please enter a valid email address, like name@company.com."),
    );
    expect(email).toHaveFocus();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("checks the bounds before sending, beside the field", async () => {
    const user = renderContact();
    await user.type(screen.getByLabelText(/full name/i), "Amaka Okafor");
    await user.type(screen.getByLabelText(/email address/i), "amaka@example.ng");
    await user.type(screen.getByLabelText(/phone number/i), "call me");
    await user.click(screen.getByRole("button", { name: contactCopy.submit }));
    const phone = screen.getByLabelText(/phone number/i);
    expect(phone).toHaveAccessibleDescription(contactCopy.errors.phone);
    expect(phone).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it("FAQ opens one item at a time and collapses", async () => {
    const user = renderContact();
    const [first, second] = faqItems as [FaqItem, FaqItem];
    expect(faqItems).toHaveLength(4);
    const firstButton = screen.getByRole("button", { name: first.question });
    const secondButton = screen.getByRole("button", { name: second.question });
    expect(screen.getByText(first.answer)).not.toBeVisible();

    await user.click(firstButton);
    expect(firstButton).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(first.answer)).toBeVisible();

    await user.click(secondButton);
    expect(secondButton).toHaveAttribute("aria-expanded", "true");
    expect(firstButton).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText(first.answer)).not.toBeVisible();
    expect(screen.getByText(second.answer)).toBeVisible();

    await user.click(secondButton);
    expect(secondButton).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText(second.answer)).not.toBeVisible();
    expect(screen.queryAllByRole("button", { expanded: true })).toHaveLength(0);
  });
});

describe("Thank-you page", () => {
  it("thanks the visitor without a name when nothing is stored", () => {
    render(
      <MemoryRouter initialEntries={["/thank-you"]}>
        <ThankYouPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "You're Booked In!" })).toBeInTheDocument();
    expect(screen.getByText(/personalised strategy plan/i)).toBeInTheDocument();
    expect(screen.queryByText(/^Thank you,/)).not.toBeInTheDocument();
    // The greeting's line is there all the same, so that the name arriving moves nothing under it.
    expect(screen.getByText("Thank you.")).toBeInTheDocument();
    // The link home stands above the booking, whose times arrive after the page.
    const home = screen.getByRole("link", { name: "Return to Homepage" });
    const booking = screen.getByText(/Want to talk it through/);
    expect(home.compareDocumentPosition(booking) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
