/**
 * The admin's proposal screens against the real local Supabase (supabase/local: the migrations'
 * tables, RLS and triggers), signed in through unmodified supabase-js: a proposal made from a lead's
 * page with its prefill, a refused amount that keeps what was typed, a plan whose parts add up, a
 * send through the real api/proposals handler answering the client's link, the list and its money
 * figures, a sent proposal's history and payments, and who may open the screen.
 */
import type { User } from "@supabase/supabase-js";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { LOCAL_DEFAULTS } from "../../../../supabase/local/index.ts";
import { localProposalsFunction } from "../../../../supabase/local/proposals-function.ts";
import { createLocalClient } from "../../../../supabase/local/testing.ts";
import type { AppSupabaseClient } from "../../../lib/supabase";
import { lagosDay } from "../calls/call-time";
import { localAdminForSuite } from "../local-admin-suite";
import type { TeamRole } from "../roles";
import { renderAdmin as renderAdminWith } from "../testing";
import { addDays } from "./proposal-form";

const ids = { web: "", crm: "", paying: "", accepted: "" };
const members = {} as Record<"sales" | "author", { client: AppSupabaseClient; user: User }>;

const admin = localAdminForSuite(async () => {
  ids.web = await newLead("Ada Web", "web-design", { web_package: "GrowthSite" });
  ids.crm = await newLead("Chidi Crm", "crm", { crm_package: "CustomerFlow Pro" });
  ids.paying = await newLead("Funmi Paying", "web-design", { web_package: "LaunchSite" });
  ids.accepted = await acceptedProposal(ids.paying);
  for (const role of ["sales", "author"] as const) members[role] = await signedInMember(role);
});

const sql = async <T,>(text: string, params: unknown[] = []) =>
  (await admin.server.local.db.query<T>(text, params)).rows;
const renderAdmin = (path: string) => renderAdminWith(path, admin);
const renderAs = (role: Extract<TeamRole, "sales" | "author">, path: string) =>
  renderAdminWith(path, { ...members[role], role });

async function newLead(name: string, service: string, packages: Record<string, string>): Promise<string> {
  const [column] = Object.keys(packages) as [string];
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, service, ${column}) values ($1, $2, $3, $4) returning id`,
    [name, `${randomBytes(4).toString("hex")}@example.ng`, service, packages[column]],
  );
  return row!.id;
}

/** A member with `role`, as an accepted invitation makes them, signed in with a password. */
async function signedInMember(role: TeamRole) {
  const service = createLocalClient(admin.server.url, LOCAL_DEFAULTS.serviceRoleKey);
  const email = `proposals-${role}@example.com`;
  const password = "proposals-password-123";
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  await sql(`insert into public.admins (user_id, role) values ($1, $2)`, [created.data.user.id, role]);
  const client = createLocalClient(admin.server.url) as unknown as AppSupabaseClient;
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, user: data.user };
}

/**
 * LaunchSite at ₦100,000 (half on acceptance, half at completion), sent, accepted by the client,
 * the deposit paid and counted, and a second payment flagged for its amount, as the server's
 * functions leave them; with a monthly retainer when one is given.
 */
async function acceptedProposal(
  leadId: string,
  retainer: { minor: number; startsOn: string; title: string } | null = null,
): Promise<string> {
  const [proposal] = await sql<{ id: string }>(
    `insert into public.proposals (lead_id, title, currency, retainer_minor, retainer_starts_on)
     values ($1, $4, 'NGN', $2, $3) returning id`,
    [leadId, retainer?.minor ?? null, retainer?.startsOn ?? null, retainer?.title ?? "LaunchSite for Funmi"],
  );
  const id = proposal!.id;
  await sql(
    `insert into public.proposal_lines (proposal_id, position, kind, description, quantity, unit_price_minor)
     values ($1, 0, 'package', 'LaunchSite', 1, 10000000)`,
    [id],
  );
  await sql(
    `insert into public.proposal_installments (proposal_id, position, label, due, share_bp, amount_minor)
     values ($1, 0, 'Deposit', 'acceptance', 5000, 5000000), ($1, 1, 'Balance', 'completion', 5000, 5000000)`,
    [id],
  );
  await sql(
    `update public.proposals set status = 'accepted', sent_at = now(), token_hash = $2, accepted_at = now(),
       accepted_name = 'Funmi Paying', accepted_sha256 = $2 where id = $1`,
    [id, randomBytes(32).toString("hex")],
  );
  const deposit = `P-DEP-${randomBytes(6).toString("hex")}`;
  const extra = `P-EXT-${randomBytes(6).toString("hex")}`;
  await sql(
    `insert into public.payment_requests (reference, proposal_id, purpose, amount_minor, currency, installment)
     values ($1, $3, 'deposit', 5000000, 'NGN', 0), ($2, $3, 'balance', 5000000, 'NGN', 1)`,
    [deposit, extra, id],
  );
  await sql(
    `insert into public.payments (reference, proposal_id, amount_minor, currency, status, flag_reason, paid_at, recorded_by)
     values ($1, $3, 5000000, 'NGN', 'counted', null, now(), 'webhook'),
            ($2, $3, 100, 'NGN', 'flagged', 'Paid 100, asked 5000000 (minor units).', now(), 'webhook')`,
    [deposit, extra, id],
  );
  await sql(`update public.proposals set status = 'paid_in_part' where id = $1`, [id]);
  return id;
}

/** /api/proposals answered by the real handler, against this suite's local Supabase. */
function serveProposalsFunction() {
  const answer = localProposalsFunction(admin.server.url);
  const realFetch = globalThis.fetch;
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async (input, init) =>
      String(input) === "/api/proposals" ? answer(init) : realFetch(input, init),
    );
}

const field = (name: string | RegExp) => screen.getByRole("textbox", { name });

describe("a new proposal from a lead", () => {
  it("starts from the lead's page, prefilled from its service and package, and saves as a draft", async () => {
    const user = userEvent.setup();
    await renderAdmin(`/admin/leads/${ids.web}`);
    const section = await screen.findByRole("region", { name: "Proposals" });
    expect(await within(section).findByText("No proposal for this lead yet.")).toBeInTheDocument();
    await user.click(within(section).getByRole("link", { name: "New proposal" }));

    expect(await screen.findByRole("heading", { level: 1, name: "New proposal" })).toBeInTheDocument();
    expect(field("Title")).toHaveValue("Web Development: GrowthSite");
    expect(screen.getByRole("combobox", { name: /Currency/ })).toHaveValue("NGN");
    const pack = screen.getByRole("group", { name: "Package" });
    expect(within(pack).getByRole("textbox", { name: "Description" })).toHaveValue("GrowthSite");
    expect(within(pack).getByRole("textbox", { name: "Unit price (₦)" })).toHaveValue("300,000");
    expect(screen.getByLabelText(/Valid until/)).toHaveValue(addDays(lagosDay(new Date()), 14));
    const plan = screen.getByRole("region", { name: "Payment plan" });
    const deposit = within(plan).getByRole("group", { name: "Part 1" });
    const balance = within(plan).getByRole("group", { name: "Part 2" });
    expect(within(deposit).getByRole("textbox", { name: "Label" })).toHaveValue("Deposit");
    expect(within(deposit).getByRole("combobox", { name: "Due" })).toHaveValue("acceptance");
    expect(within(deposit).getByRole("status")).toHaveTextContent("₦150,000");
    expect(within(balance).getByRole("combobox", { name: "Due" })).toHaveValue("completion");
    expect(within(balance).getByRole("status")).toHaveTextContent("₦150,000");

    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Draft saved")).toBeInTheDocument();
    expect(await screen.findByText(/^P-\d{4}$/)).toBeInTheDocument();
    const [saved] = await sql<{ title: string; currency: string; total: string }>(
      `select p.title, p.currency, (select sum(quantity * unit_price_minor) from public.proposal_lines l where l.proposal_id = p.id)::text as total
         from public.proposals p where p.lead_id = $1`,
      [ids.web],
    );
    expect(saved).toEqual({ title: "Web Development: GrowthSite", currency: "NGN", total: "30000000" });
  });

  it("prices a CRM package in dollars", async () => {
    await renderAdmin(`/admin/proposals/new?lead=${ids.crm}`);
    expect(await screen.findByRole("heading", { level: 1, name: "New proposal" })).toBeInTheDocument();
    expect(field("Title")).toHaveValue("CRM Automation: CustomerFlow Pro");
    expect(screen.getByRole("combobox", { name: /Currency/ })).toHaveValue("USD");
    expect(screen.getByRole("textbox", { name: "Unit price ($)" })).toHaveValue("2,200");
  });

  it("refuses an amount that does not read, says why by the field and keeps what was typed", async () => {
    const user = userEvent.setup();
    const [before] = await sql<{ count: number }>(`select count(*)::int as count from public.proposals`);
    await renderAdmin(`/admin/proposals/new?lead=${ids.crm}`);
    const title = await screen.findByRole("textbox", { name: "Title" });
    await user.clear(title);
    await user.type(title, "Pipelines for Chidi");
    const price = screen.getByRole("textbox", { name: "Unit price ($)" });
    await user.clear(price);
    await user.type(price, "12,50");
    await user.click(screen.getByRole("button", { name: "Save draft" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Some fields need your attention");
    expect(price).toHaveAccessibleDescription(/Enter an amount in figures, like 150,000 or 150,000.50./);
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(price).toHaveFocus();
    expect(price).toHaveValue("12,50");
    expect(title).toHaveValue("Pipelines for Chidi");
    const [after] = await sql<{ count: number }>(`select count(*)::int as count from public.proposals`);
    expect(after!.count).toBe(before!.count);
  });

  it("splits an odd total three ways so that the parts add up, the rest on the last", async () => {
    const user = userEvent.setup();
    await renderAdmin(`/admin/proposals/new?lead=${ids.crm}`);
    const price = await screen.findByRole("textbox", { name: "Unit price ($)" });
    await user.clear(price);
    await user.type(price, "1,000.01");
    const plan = screen.getByRole("region", { name: "Payment plan" });
    await user.click(within(plan).getByRole("button", { name: "Add a part" }));

    const parts = within(plan).getAllByRole("group");
    expect(parts.map((part) => within(part).getByRole("textbox", { name: "Share (%)" }))).toSatisfy(
      (inputs: HTMLElement[]) =>
        inputs.map((input) => (input as HTMLInputElement).value).join() === "33.33,33.33,33.34",
    );
    expect(parts.map((part) => within(part).getByRole("status").textContent)).toEqual([
      "$333.30",
      "$333.30",
      "$333.41",
    ]);
    expect(within(plan).getByText("Shares: 100%")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Draft saved")).toBeInTheDocument();
    await waitFor(async () => {
      const rows = await sql<{ amount_minor: string; due: string }>(
        `select i.amount_minor::text, i.due from public.proposal_installments i join public.proposals p on p.id = i.proposal_id
          where p.lead_id = $1 order by i.position`,
        [ids.crm],
      );
      expect(rows).toEqual([
        { amount_minor: "33330", due: "acceptance" },
        { amount_minor: "33330", due: "milestone" },
        { amount_minor: "33341", due: "completion" },
      ]);
    });
  });

  it("sends: saves, asks the function, and shows the client's link with a copy button and the history", async () => {
    const user = userEvent.setup();
    serveProposalsFunction();
    const lead = await newLead("Gbenga Send", "paid-ads", { ad_package: "AdGrowth" });
    await renderAdmin(`/admin/proposals/new?lead=${lead}`);
    expect(await screen.findByRole("textbox", { name: "Unit price (₦)" })).toHaveValue("250,000");
    await user.click(screen.getByRole("button", { name: "Save and send" }));

    const panel = await screen.findByRole("region", { name: "The client's link" });
    const link = within(panel).getByRole("textbox", { name: "The client's link" });
    expect((link as HTMLInputElement).value).toMatch(/\/proposals\/view#token=[\w-]+$/);
    await user.click(within(panel).getByRole("button", { name: "Copy link" }));
    expect(await within(panel).findByText("Link copied")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe((link as HTMLInputElement).value);

    // Read-only now: no field to type in, the history says who sent it.
    expect(screen.queryByRole("button", { name: "Save draft" })).not.toBeInTheDocument();
    expect(screen.getByText("Sent", { selector: "span" })).toBeInTheDocument();
    const history = screen.getByRole("region", { name: "History" });
    expect(await within(history).findByText(/^Sent, by /)).toBeInTheDocument();
    expect(within(history).getByText(/^Created, by /)).toBeInTheDocument();
  });
});

describe("proposals sent and paid", () => {
  it("shows the history, the requests and the payments, a flagged one with its reason, and the balance to request", async () => {
    await renderAdmin(`/admin/proposals/${ids.accepted}`);
    expect(await screen.findByRole("heading", { level: 1, name: /LaunchSite for Funmi/ })).toBeInTheDocument();
    // The acceptance in Lagos time, day before month, as the client's page and the proposal's days.
    expect(
      screen.getByText(/^· Accepted by Funmi Paying, \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}$/),
    ).toBeInTheDocument();
    const payments = screen.getByRole("region", { name: "Payments" });
    expect(within(payments).getByText("Counted")).toBeInTheDocument();
    expect(within(payments).getByText("Flagged")).toBeInTheDocument();
    expect(within(payments).getByText("Not counted: Paid 100, asked 5000000 (minor units).")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Payment requests" })).getAllByRole("listitem")).toHaveLength(2);
    const plan = screen.getByRole("region", { name: "Payment plan" });
    expect(within(plan).getByText("₦50,000 · Paid")).toBeInTheDocument();
    expect(within(plan).getByText("₦50,000 · Due")).toBeInTheDocument();
    expect(within(plan).getByRole("button", { name: "Request the balance" })).toBeInTheDocument();
  });

  it("lists proposals with their totals, by state, with what is outstanding and collected per currency", async () => {
    const user = userEvent.setup();
    await renderAdmin("/admin/proposals");
    expect(await screen.findByRole("heading", { level: 1, name: "Proposals" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Admin Panel" });
    expect(within(nav).getByRole("link", { name: "Proposals" })).toHaveAttribute("aria-current", "page");
    const row = (await screen.findByRole("link", { name: "LaunchSite for Funmi" })).closest("li")!;
    expect(row).toHaveTextContent("Funmi Paying");
    expect(row).toHaveTextContent("Total: ₦100,000");
    expect(row).toHaveTextContent("Paid so far: ₦50,000");
    expect(row).toHaveTextContent("Paid in part");

    // The figures load beside the list, in cards that show from the start with a placeholder where a
    // figure goes: wait for the figures themselves, read from the cards as they are at each try.
    const card = (name: string) => screen.getByRole("heading", { name }).parentElement!;
    await waitFor(() => expect(card("Outstanding")).toHaveTextContent("₦50,000"));
    expect(card("Outstanding")).not.toHaveTextContent("$");
    expect(card("Collected this month")).toHaveTextContent("₦50,000");

    const states = screen.getByRole("navigation", { name: "Show proposals by state" });
    await user.click(within(states).getByRole("link", { name: "Withdrawn" }));
    expect(await screen.findByText("No proposals are withdrawn.")).toBeInTheDocument();
    await user.click(within(states).getByRole("link", { name: "Paid in part" }));
    expect(await screen.findByRole("link", { name: "LaunchSite for Funmi" })).toBeInTheDocument();
  });

  it("says when the proposals cannot be read, and reads them again on request", async () => {
    const user = userEvent.setup();
    const realFetch = globalThis.fetch;
    const failing = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes("/rest/v1/proposals"))
        return new Response(JSON.stringify({ code: "XX000", message: "down", details: null, hint: null }), {
          status: 500,
          headers: { "content-type": "application/json" },
        });
      return realFetch(input, init);
    });
    await renderAdmin("/admin/proposals?state=paid_in_part");
    expect(await screen.findByText("The proposals could not be loaded.")).toBeInTheDocument();
    failing.mockRestore();
    // The figures read proposals too: both parts offer to try again.
    for (const retry of screen.getAllByRole("button", { name: "Try again" })) await user.click(retry);
    expect(await screen.findByRole("link", { name: "LaunchSite for Funmi" })).toBeInTheDocument();
  });

  it("lists a lead's proposals on its page, with the state and what was paid", async () => {
    await renderAdmin(`/admin/leads/${ids.paying}`);
    const section = await screen.findByRole("region", { name: "Proposals" });
    const link = await within(section).findByRole("link", { name: /^P-\d{4} · LaunchSite for Funmi$/ });
    expect(link).toHaveAttribute("href", `/admin/proposals/${ids.accepted}`);
    const item = link.closest("li")!;
    expect(item).toHaveTextContent("Paid in part");
    expect(item).toHaveTextContent("₦50,000 paid of ₦100,000");
    expect(within(section).getByRole("link", { name: "New proposal" })).toHaveAttribute(
      "href",
      `/admin/proposals/new?lead=${ids.paying}`,
    );
  });
});

describe("who may open the proposals", () => {
  it("shows a Sales member the screen and its proposals", async () => {
    await renderAs("sales", "/admin/proposals");
    expect(await screen.findByRole("heading", { level: 1, name: "Proposals" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "LaunchSite for Funmi" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Admin Panel" });
    expect(within(nav).getByRole("link", { name: "Proposals" })).toBeInTheDocument();
  });

  it("tells an Author which roles may open it", async () => {
    await renderAs("author", "/admin/proposals");
    expect(await screen.findByRole("heading", { name: "This screen is not for your role" })).toBeInTheDocument();
    expect(await screen.findByText(/^Only Owner, Administrator or Sales can open it\./)).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Admin Panel" });
    expect(within(nav).queryByRole("link", { name: "Proposals" })).not.toBeInTheDocument();
  });
});

// Last: its proposal would change the list's figures the tests above count.
describe("a proposal's retainer", () => {
  it("shows the retainer's months, a paid one apart from the plan, and stops the retainer after a confirmation", async () => {
    const lead = await newLead("Kemi Retainer", "paid-ads", { ad_package: "AdIgnite" });
    const id = await acceptedProposal(lead, { minor: 3_000_000, startsOn: "2027-01-01", title: "AdIgnite for Kemi" });
    // Sent before it was accepted, as every accepted proposal is: its messages take the send's number.
    await sql(`insert into public.proposal_events (proposal_id, kind, actor) values ($1, 'sent', 'member')`, [id]);
    await sql(`select public.run_proposal_schedule('2027-01-01')`);
    await sql(`select public.run_proposal_schedule('2027-02-01')`);
    const reference = `P-RET-${randomBytes(6).toString("hex")}`;
    await sql(`select public.record_retainer_request($1, $2, '2027-01-01')`, [reference, id]);
    await sql(`select public.record_payment($1, 3000000, 'NGN', 'card', now(), 'webhook')`, [reference]);

    const user = userEvent.setup();
    await renderAdmin(`/admin/proposals/${id}`);
    const retainer = await screen.findByRole("region", { name: "Retainer" });
    expect(within(retainer).getByText("₦30,000 · Paid")).toBeInTheDocument();
    expect(within(retainer).getByText("₦30,000 · Due")).toBeInTheDocument();
    expect(within(retainer).getByText("January 2027")).toBeInTheDocument();
    expect(within(retainer).getByText("February 2027")).toBeInTheDocument();
    // The month's payment is beside the plan: the deposit is paid, the balance still due.
    const plan = screen.getByRole("region", { name: "Payment plan" });
    expect(within(plan).getByText("₦50,000 · Due")).toBeInTheDocument();
    expect(screen.getAllByText(/Retainer asked for/).length).toBe(2);

    await user.click(within(retainer).getByRole("button", { name: "Stop the retainer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Stop the retainer?" });
    await user.click(within(dialog).getByRole("button", { name: "Stop it" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(await within(retainer).findByText(/^Stopped .*: no month is asked for after this\.$/)).toBeInTheDocument();
    expect(within(retainer).queryByRole("button", { name: "Stop the retainer" })).not.toBeInTheDocument();
    const [stop] = await sql<{ count: string }>(
      `select count(*)::text from public.retainer_stops where proposal_id = $1`,
      [id],
    );
    expect(stop!.count).toBe("1");
  });
});

describe("withdrawing a proposal", () => {
  it("withdraws one sent and unanswered after a confirmation; its link then leads nowhere", async () => {
    const lead = await newLead("Tunde Withdraw", "web-design", { web_package: "LaunchSite" });
    const [row] = await sql<{ id: string }>(
      `insert into public.proposals (lead_id, title, currency) values ($1, 'LaunchSite for Tunde', 'NGN') returning id`,
      [lead],
    );
    const id = row!.id;
    await sql(`update public.proposals set status = 'sent', sent_at = now(), token_hash = $2 where id = $1`, [
      id,
      randomBytes(32).toString("hex"),
    ]);
    const user = userEvent.setup();
    await renderAdmin(`/admin/proposals/${id}`);
    await user.click(await screen.findByRole("button", { name: "Withdraw the proposal" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw this proposal?" });
    await user.click(within(dialog).getByRole("button", { name: "Withdraw it" }));
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Withdraw the proposal" })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText("Withdrawn")).toBeInTheDocument();
    const [after] = await sql<{ status: string }>(`select status::text from public.proposals where id = $1`, [id]);
    expect(after!.status).toBe("withdrawn");
  });
});
