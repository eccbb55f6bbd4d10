import { describe, expect, it } from "vitest";
import { reminderMail, teamLeadMail, visitorReplyMail, type LeadMessageData, type MessageLinks } from "./templates";

const links: MessageLinks = {
  adminLeadUrl: "https://ascenddigital.ng/admin/leads/4f6c2b1e",
  intakeFormUrl: "https://forms.example.com/intake",
  whatsappUrl: "https://wa.me/2348012345678",
  siteUrl: "https://ascenddigital.ng",
  bookCallUrl: "https://ascenddigital.ng/book",
};

const lead: LeadMessageData = {
  id: "4f6c2b1e",
  name: "Ada Obi",
  email: "ada@example.com",
  phone: "+2348012345678",
  company: "Obi Foods Ltd",
  serviceLabel: "Web Design & Development",
  packageLabel: "Growth",
  answers: [
    { label: "Budget", value: "₦500k – ₦1m" },
    { label: "Goals", value: "More orders online\nFewer phone calls" },
  ],
  message: "Can we start in June?",
  campaign: { source: "facebook", medium: "cpc", campaign: "spring-launch", clickId: true },
  createdAt: "2025-05-01T10:00:00Z",
};

const HOSTILE = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "Bcc: victim@example.com\r\nX-Evil: 1"];

describe("the team's e-mail", () => {
  it("names the service and the person in the subject, and shows every field in both parts", async () => {
    const mail = await teamLeadMail(lead, links);
    expect(mail.subject).toBe("New enquiry: Web Design & Development — Ada Obi");
    for (const part of [mail.text, mail.html]) {
      for (const value of [
        "Ada Obi",
        "ada@example.com",
        "+2348012345678",
        "Obi Foods Ltd",
        "Growth",
        "Budget",
        "Goals",
        "More orders online",
        "Fewer phone calls",
        "Can we start in June?",
        "facebook",
        "cpc",
        "spring-launch",
        "Yes (from an ad click)",
        links.adminLeadUrl,
      ]) {
        expect(part).toContain(value);
      }
      expect(part).toMatch(/Web Design &(amp;)? Development/);
    }
    expect(mail.text).toMatch(/Goals\s+More orders online\n\s+Fewer phone calls/);
    expect(mail.html).toContain(`href="${links.adminLeadUrl}"`);
    expect(mail.html).toContain('href="mailto:ada@example.com"');
  });

  it("says when no click id came and leaves empty fields marked", async () => {
    const mail = await teamLeadMail(
      {
        ...lead,
        company: null,
        phone: null,
        packageLabel: null,
        answers: [],
        message: null,
        campaign: { source: null, medium: null, campaign: null, clickId: false },
      },
      links,
    );
    expect(mail.text).toMatch(/Click id\s+No\n/);
    expect(mail.text).toMatch(/Company\s+—/);
  });
});

describe("the visitor's reply", () => {
  it("confirms the service and package and gives the next step: the call, the intake form and WhatsApp", async () => {
    const mail = await visitorReplyMail(lead, links);
    expect(mail.subject).toBe("We have your enquiry about Web Design & Development");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Hi Ada,");
      expect(part).toContain("Growth");
      expect(part).toContain("free, no-obligation discovery call");
      expect(part).toContain(links.intakeFormUrl);
      expect(part).toContain("Book a free discovery call");
      expect(part).toContain("https://ascenddigital.ng/book");
      expect(part).toContain("https://wa.me/2348012345678?text=");
    }
    expect(mail.text).not.toContain("Obi Foods");
  });
});

describe("the reminder", () => {
  it("says who has waited how long, with the admin link", async () => {
    const mail = await reminderMail(lead, links, 31.4);
    expect(mail.subject).toBe("Still waiting: Ada Obi (Web Design & Development) has had no answer for 31 minutes");
    expect(mail.text).toContain(links.adminLeadUrl);
    expect(mail.html).toContain(`href="${links.adminLeadUrl}"`);
  });

  it("says one minute, not one minutes", async () => {
    const mail = await reminderMail(lead, links, 1);
    expect(mail.subject).toBe("Still waiting: Ada Obi (Web Design & Development) has had no answer for 1 minute");
    expect(mail.text).toContain("asked about Web Design & Development 1 minute ago");
  });
});

describe("what the visitor typed", () => {
  const hostileLead: LeadMessageData = {
    ...lead,
    name: `Ada ${HOSTILE.join(" ")}`,
    company: HOSTILE[1]!,
    packageLabel: HOSTILE[2]!,
    answers: HOSTILE.map((value, index) => ({ label: `Q${index}`, value })),
    message: HOSTILE.join("\n"),
    campaign: { source: HOSTILE[0]!, medium: HOSTILE[1]!, campaign: HOSTILE[2]!, clickId: false },
  };

  it.each([
    ["team", () => teamLeadMail(hostileLead, links)],
    ["visitor", () => visitorReplyMail(hostileLead, links)],
    ["reminder", () => reminderMail(hostileLead, links, 30)],
  ] as const)("is escaped in the %s e-mail's HTML, text and subject", async (_name, make) => {
    const mail = await make();
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain("<script>alert");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).not.toMatch(/<[^>]*\sonerror=/i);
    expect(mail.html).not.toMatch(/[\r\n]X-Evil/);
    // The text part shows what was typed as text; a one-line field (the name) stays on one line.
    expect(mail.text).not.toContain("\r");
    if (mail.text.includes("Ada <script>"))
      expect(mail.text).toContain(`Ada ${HOSTILE.join(" ").replace("\r\n", " ")}`);
  });

  it("stays in the subject as text, on one line", async () => {
    const mail = await teamLeadMail({ ...lead, name: "Eve\r\nBcc: victim@example.com\u2028X" }, links);
    expect(mail.subject).toBe("New enquiry: Web Design & Development — Eve Bcc: victim@example.com X");
    const html = (await teamLeadMail(hostileLead, links)).html;
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
