/**
 * The traffic reports in the admin, against the real local Supabase (supabase/local) signed in as
 * the local admin: page views stored as the collect function stores them (moved in time where a
 * test needs whole days), then what the admin reads on the Traffic page, the Campaigns page's funnel
 * and the dashboard's post list.
 */
import { randomBytes } from "node:crypto";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { localAdminForSuite } from "../local-admin-suite";
import { cellOf, renderAdmin as renderAdminWith } from "../testing";

const admin = localAdminForSuite();

interface View {
  visitor: string;
  path: string;
  at?: Date;
  kind?: "pageview" | "intake";
  device?: "phone" | "tablet" | "desktop";
  country?: string | null;
  referrer?: string | null;
  utm?: { source?: string; medium?: string; campaign?: string };
}

/** A page view as the collect function stores it (record_page_view), then moved to `at`. */
async function storeView(view: View): Promise<void> {
  await admin.server.local.db.query(`select public.record_page_view($1, $2, $3, $4, $5, $6, $7, $8, false, $9, 640)`, [
    view.visitor,
    view.kind ?? "pageview",
    view.path,
    view.device ?? "phone",
    view.referrer ?? null,
    view.utm?.source ?? null,
    view.utm?.medium ?? null,
    view.utm?.campaign ?? null,
    view.country === undefined ? "NG" : view.country,
  ]);
  if (view.at)
    await admin.server.local.db.query(
      `update public.page_views set created_at = $1 where id = (select max(id) from public.page_views)`,
      [view.at.toISOString()],
    );
}

/** A daily visitor key: 32 random bytes, as the function's sha256. */
const visitorKey = () => randomBytes(32).toString("hex");

async function storeLead(name: string, touch: Record<string, string>, status = "new"): Promise<void> {
  const { rows } = await admin.server.local.db.query<{ id: string }>(
    `insert into public.leads (full_name, email, service, first_touch) values ($1, $2, 'crm', $3) returning id`,
    [name, `${name.toLowerCase().replace(/\W+/g, ".")}@example.ng`, JSON.stringify(touch)],
  );
  if (status !== "new")
    await admin.server.local.db.query(`update public.leads set status = $2 where id = $1`, [rows[0]!.id, status]);
}

const renderAdmin = (path: string) => renderAdminWith(path, admin);

/** Chooses whole Lagos days in the period form and shows them. */
async function chooseDays(from: string, to: string) {
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText("Period"), "custom");
  fireEvent.change(screen.getByLabelText("From"), { target: { value: from } });
  fireEvent.change(screen.getByLabelText("To"), { target: { value: to } });
  await user.click(screen.getByRole("button", { name: "Show" }));
}

describe("the Traffic page", () => {
  it("shows the period's totals, each day, the top pages, sources, countries and devices", async () => {
    // Two days in March: a visitor from a Facebook campaign reads two pages on the 10th and clicks
    // through to the intake form; a visitor from Google reads one on the 11th, on a desktop, from
    // an unknown country; one more visitor reads the home page on the 11th.
    const [ada, bola, chidi] = [visitorKey(), visitorKey(), visitorKey()];
    const campaign = { source: "facebook", medium: "paid", campaign: "march-launch" };
    const tenth = new Date("2026-03-10T10:00:00Z");
    const eleventh = new Date("2026-03-11T10:00:00Z");
    await storeView({ visitor: ada, path: "/", at: tenth, utm: campaign });
    await storeView({ visitor: ada, path: "/services", at: tenth, utm: campaign });
    await storeView({ visitor: ada, path: "/services", at: tenth, kind: "intake", utm: campaign });
    await storeView({
      visitor: bola,
      path: "/services",
      at: eleventh,
      device: "desktop",
      country: null,
      referrer: "www.google.com",
    });
    await storeView({ visitor: chidi, path: "/", at: eleventh });

    await renderAdmin("/admin/traffic");
    expect(await screen.findByRole("heading", { level: 1, name: "Traffic" })).toBeInTheDocument();
    await chooseDays("2026-03-10", "2026-03-11");

    const totals = await screen.findByRole("region", { name: "Totals" });
    const figure = (term: string) => within(totals).getByText(term).nextElementSibling;
    expect(figure("Visitors")).toHaveTextContent("3");
    expect(figure("Page views")).toHaveTextContent("4");
    expect(figure("Intake form clicks")).toHaveTextContent("1");

    const perDay = screen.getByRole("region", { name: "Visitors and page views per day" });
    await userEvent.setup().click(within(perDay).getByText("Show the figures as a table"));
    const days = within(perDay).getByRole("table");
    const tenthRow = within(days).getByRole("row", { name: /Mar 10/ });
    expect(tenthRow).toHaveTextContent(/Mar 10\s*1\s*2/);
    expect(within(days).getByRole("row", { name: /Mar 11/ })).toHaveTextContent(/Mar 11\s*2\s*2/);

    const pages = screen.getByRole("region", { name: "Top pages" });
    expect(cellOf(within(pages).getByRole("row", { name: /\/services/ }), "Visitors")).toHaveTextContent("2");
    expect(cellOf(within(pages).getByRole("row", { name: /\/services/ }), "Views")).toHaveTextContent("2");
    const sources = screen.getByRole("region", { name: "Sources" });
    expect(within(sources).getByRole("rowheader", { name: "facebook" })).toBeInTheDocument();
    expect(within(sources).getByRole("rowheader", { name: "www.google.com" })).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Referring sites" })).getByRole("rowheader", {
        name: "www.google.com",
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Campaigns" })).getByRole("rowheader", {
        name: "facebook / paid / march-launch",
      }),
    ).toBeInTheDocument();
    const countries = screen.getByRole("region", { name: "Countries" });
    expect(cellOf(within(countries).getByRole("row", { name: /Nigeria/ }), "Visitors")).toHaveTextContent("2");
    expect(within(countries).getByRole("rowheader", { name: "Unknown" })).toBeInTheDocument();
    const devices = screen.getByRole("region", { name: "Devices" });
    expect(cellOf(within(devices).getByRole("row", { name: /Phone/ }), "Views")).toHaveTextContent("3");
    expect(cellOf(within(devices).getByRole("row", { name: /Desktop/ }), "Views")).toHaveTextContent("1");
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeEnabled();
  });

  it("says so when no visit was counted in the period", async () => {
    await renderAdmin("/admin/traffic");
    expect(await screen.findByRole("heading", { level: 1, name: "Traffic" })).toBeInTheDocument();
    await chooseDays("2026-02-01", "2026-02-07");
    expect(await screen.findByText("No visits counted in this period yet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });
});

describe("the Campaigns page's funnel", () => {
  it("shows each step of a campaign with its conversion rate, and the response time", async () => {
    const campaign = { source: "instagram", medium: "social", campaign: "funnel-test" };
    const touch = { utm_source: "instagram", utm_medium: "social", utm_campaign: "funnel-test", landing_page: "/" };
    const visitors = [visitorKey(), visitorKey(), visitorKey(), visitorKey()];
    for (const visitor of visitors) await storeView({ visitor, path: "/", utm: campaign });
    await storeView({ visitor: visitors[0]!, path: "/services", kind: "intake", utm: campaign });
    await storeLead("Funnel Won Test", touch, "won");
    await storeLead("Funnel New Test", touch);

    await renderAdmin("/admin/campaigns");
    const report = await screen.findByRole("region", { name: "Campaigns report" });
    const row = within(report).getByRole("row", { name: /instagram/ });
    expect(within(row).getAllByRole("cell")[1]).toHaveTextContent("funnel-test");
    expect(cellOf(row, "Visitors")).toHaveTextContent(/^4$/);
    expect(cellOf(row, "Intake clicks")).toHaveTextContent("1 25.0%");
    expect(cellOf(row, "Leads")).toHaveTextContent("2 50.0%");
    expect(cellOf(row, "Qualified")).toHaveTextContent("1 50.0%");
    expect(cellOf(row, "Won")).toHaveTextContent("1 100.0%");
    // Won counts as answered: the first status change away from new is the response.
    expect(cellOf(row, "Median response")).toHaveTextContent("under 1 min");
  });
});

describe("the dashboard's posts", () => {
  it("shows each post's views and leads over the last 30 days, and '—' for none", async () => {
    const { rows } = await admin.server.local.db.query<{ slug: string; title: string }>(
      `select slug, title from public.posts where status = 'published' order by published_at desc limit 2`,
    );
    const [read, unread] = rows as [{ slug: string; title: string }, { slug: string; title: string }];
    for (const visitor of [visitorKey(), visitorKey(), visitorKey()])
      await storeView({ visitor, path: `/blog/${read.slug}` });
    await storeLead("Post Reader Test", { landing_page: `/blog/${read.slug}?utm_source=newsletter` });

    await renderAdmin("/admin");
    const readItem = (await screen.findByRole("heading", { level: 2, name: read.title })).closest("li")!;
    const figure = (item: HTMLElement, term: RegExp) => within(item).getByText(term).nextElementSibling;
    expect(await within(readItem).findByText(/^Views/)).toBeInTheDocument();
    expect(figure(readItem, /^Views/)).toHaveTextContent("3");
    expect(figure(readItem, /^Leads/)).toHaveTextContent("1");
    const unreadItem = screen.getByRole("heading", { level: 2, name: unread.title }).closest("li")!;
    expect(figure(unreadItem, /^Views/)).toHaveTextContent("—");
    expect(figure(unreadItem, /^Leads/)).toHaveTextContent("—");
  });
});
