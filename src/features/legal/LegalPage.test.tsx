import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { config } from "../../config";
import PrivacyPage from "./PrivacyPage";
import TermsPage from "./TermsPage";

function renderPage(Page: () => React.JSX.Element) {
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
}

function numberedSectionHeadings() {
  return screen.getAllByRole("heading", { level: 2 }).filter((heading) => /^\d+\. /.test(heading.textContent ?? ""));
}

describe.each([
  {
    name: "Terms",
    Page: TermsPage,
    title: "Terms & Conditions",
    count: 11,
    date: "July 4, 2024",
    iso: "2024-07-04",
    mustSay: [
      /50% of the project fee/,
      /1st day of each month/,
      /30 days' written notice/,
      /limited to the amount you paid/,
    ],
  },
  {
    name: "Privacy",
    Page: PrivacyPage,
    title: "Privacy Policy",
    count: 13,
    // The policy changed when it gained the cookieless count of visits; the terms did not.
    date: "November 25, 2026",
    iso: "2026-11-25",
    mustSay: [
      /Nigeria Data Protection Act 2023/,
      /not directed at children under 13/,
      /hashed with SHA-256/,
      /gclid from Google, fbclid from Facebook/,
      /to Meta only, your IP address and your browser's user agent/,
      /Nigerian naira \(NGN\)/,
      /If you reject, we set no _fbp cookie and send nothing about you to Google or Meta, ever/,
      /'Privacy choices' at the foot of every page/,
      /We keep your answer in a cookie called ad_consent on your device for 12 months/,
      /whether that link carried an ad click reference \(yes or no, never the reference itself\)/,
      /a random value \(a salt\) that is replaced every day and deleted after a day/,
      /This count sets no cookie and stores nothing in your browser/,
      /decides only what we share with the ad platforms, and does not change this count/,
    ],
  },
])("$name page", ({ Page, title, count, date, iso, mustSay }) => {
  it(`has the title, the ${date} date and ${count} numbered sections in order`, () => {
    renderPage(Page);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(date)).toHaveAttribute("datetime", iso);
    const headings = numberedSectionHeadings();
    expect(headings).toHaveLength(count);
    headings.forEach((heading, index) => expect(heading.textContent).toMatch(new RegExp(`^${index + 1}\\. `)));
  });

  it("links every table-of-contents entry to its section", () => {
    renderPage(Page);
    const toc = screen.getByRole("navigation", { name: /contents/i });
    const links = within(toc).getAllByRole("link");
    expect(links).toHaveLength(count);
    links.forEach((link) => {
      const target = document.getElementById(link.getAttribute("href")!.slice(1));
      expect(target).not.toBeNull();
      expect(within(target!).getByRole("heading", { level: 2 }).textContent).toBe(link.textContent);
    });
  });

  it("states the key terms and the contact e-mail", () => {
    renderPage(Page);
    for (const phrase of mustSay) expect(screen.getByText(phrase)).toBeInTheDocument();
    expect(screen.getAllByText(new RegExp(config.contactEmail.replace(/\./g, "\\."))).length).toBeGreaterThan(0);
  });
});
