/**
 * The lead pages inside the admin layout, against the real local Supabase (supabase/local), signed
 * in as the local admin through unmodified supabase-js: what the admin sees when a status change is
 * saved or refused, the side panel's new-leads badge, and an erasure.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../../components/ui/toast-store";
import { allowForServerAnswers, renderAdmin as renderAdminWith, startLocalAdmin, type LocalAdmin } from "../testing";

allowForServerAnswers();

let admin: LocalAdmin;
const ids: Record<"ada" | "bola", string> = { ada: "", bola: "" };
const names = { ada: "Ada Status Test", bola: "Bola Erase Test" };

interface Hold {
  matches: (method: string, url: string) => boolean;
  until: Promise<void>;
  /** The held requests' answers, so that the test can wait for them rather than for a time. */
  answers: Promise<unknown>[];
  release: () => void;
}

/** Requests the client holds until the test lets them go, so that it can look at the page in between. */
const holds = new Set<Hold>();

/** Holds the matching requests; the returned function lets them go and resolves once they are answered. */
function holdRequests(matches: Hold["matches"]): () => Promise<void> {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  const hold: Hold = { matches, until, answers: [], release };
  holds.add(hold);
  return async () => {
    holds.delete(hold);
    release();
    await Promise.allSettled(hold.answers);
  };
}

const realFetch = globalThis.fetch;
// supabase-js looks up the global fetch on each request, so the client's requests pass through here.
const heldFetch: typeof fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const method = init?.method ?? "GET";
  const holding = [...holds].filter((hold) => hold.matches(method, url));
  if (holding.length === 0) return realFetch(input, init);
  const answer = Promise.all(holding.map((hold) => hold.until)).then(() => realFetch(input, init));
  for (const hold of holding) hold.answers.push(answer);
  return answer;
};

beforeAll(async () => {
  admin = await startLocalAdmin();
  for (const key of ["ada", "bola"] as const) {
    const { rows } = await admin.server.local.db.query<{ id: string }>(
      `insert into public.leads (full_name, email, service) values ($1, $2, 'crm') returning id`,
      [names[key], `${key}@example.ng`],
    );
    ids[key] = rows[0]!.id;
  }
  vi.stubGlobal("fetch", heldFetch);
}, 120_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await admin?.server.close();
});

afterEach(() => {
  // A test that failed half-way lets its held requests go, so that the next one starts clean.
  for (const hold of holds) hold.release();
  holds.clear();
  dismissToast();
});

const renderAdmin = (path: string) => renderAdminWith(path, admin);

/** The side panel's Leads link, named with the number of new leads when there are any. */
const leadsNavLink = () =>
  within(screen.getByRole("navigation", { name: "Admin Panel" })).getByRole("link", { name: /^Leads/ });

describe("the inbox's figures", () => {
  it("stand in their place while they load, then show every service offered with its count", async () => {
    const releaseFigures = holdRequests(
      (method, url) => method === "GET" && /\/rest\/v1\/lead_(weekly_)?counts\?/.test(url),
    );
    await renderAdmin("/admin/leads");
    // The panels as they will be (headings, each status, each service offered), their counts pending,
    // in a status that says what is loading.
    const loading = (await screen.findByText("Loading figures...")).closest<HTMLElement>("[role=status]")!;
    expect(loading).toBeInTheDocument();
    const pending = within(loading).getByRole("region", { name: "The last 12 weeks" });
    expect(within(pending).getByRole("heading", { name: "By status" })).toBeInTheDocument();
    for (const status of ["New", "Contacted", "Qualified", "Won", "Lost"])
      expect(within(pending).getByText(status)).toHaveTextContent(/^\w+$/);
    const pendingServices = within(pending)
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(pendingServices).toEqual(["Web Design", "CRM Automation", "Paid Ads Management"]);

    await releaseFigures();
    await waitFor(() => expect(screen.queryByText("Loading figures...")).not.toBeInTheDocument());
    const figures = screen.getByRole("region", { name: "The last 12 weeks" });
    const services = within(figures)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    // Ada's and Bola's enquiries are for CRM; the other services say 0 rather than leaving the list.
    expect(services).toEqual([
      ["Web Design", "0"],
      ["CRM Automation", "2"],
      ["Paid Ads Management", "0"],
    ]);
    expect(within(figures).getByRole("button", { name: /^New\s*2$/ })).toBeInTheDocument();
  });
});

describe("a lead's status", () => {
  it("shows the new status at once and, when the server refuses it, goes back to the old one and says why", async () => {
    await admin.server.local.db.query(
      `create function public.test_refuse_lead_update() returns trigger language plpgsql as $$ begin raise exception 'Leads are read-only during the audit'; end $$`,
    );
    await admin.server.local.db.query(
      `create trigger test_refuse_lead_update before update on public.leads for each row execute function public.test_refuse_lead_update()`,
    );
    try {
      const user = userEvent.setup();
      await renderAdmin(`/admin/leads/${ids.ada}`);
      expect(await screen.findByRole("heading", { level: 1, name: names.ada })).toBeInTheDocument();
      const status = screen.getByLabelText("Status");
      expect(status).toHaveValue("new");

      const releaseChange = holdRequests((method, url) => method === "PATCH" && url.includes("/rest/v1/leads"));
      // The lead and its history are not read again meanwhile: the old status comes back from what the page had.
      const releaseReads = holdRequests(
        (method, url) => method === "GET" && /\/rest\/v1\/(leads|lead_events)\?/.test(url),
      );
      await user.selectOptions(status, "contacted");
      // Before the server has answered: the new status, and no second change meanwhile.
      await waitFor(() => expect(status).toHaveValue("contacted"));
      expect(status).toBeDisabled();
      await releaseChange();

      expect(await screen.findByText("The status could not be changed")).toBeInTheDocument();
      expect(screen.getByText("Leads are read-only during the audit")).toBeInTheDocument();
      await waitFor(() => expect(status).toHaveValue("new"));
      await releaseReads();
      await waitFor(() => expect(status).toBeEnabled());
      expect(status).toHaveValue("new");
      expect(
        within(screen.getByRole("region", { name: "Notes and history" })).queryByText(/Status changed/),
      ).not.toBeInTheDocument();
    } finally {
      await admin.server.local.db.exec(
        `drop trigger test_refuse_lead_update on public.leads; drop function public.test_refuse_lead_update();`,
      );
    }
  });

  it("saved, it is in the history and the new-leads badge counts one fewer, with no event sent to the window", async () => {
    const user = userEvent.setup();
    const dispatched = vi.spyOn(window, "dispatchEvent");
    await renderAdmin(`/admin/leads/${ids.ada}`);
    expect(await screen.findByRole("heading", { level: 1, name: names.ada })).toBeInTheDocument();
    await waitFor(() => expect(leadsNavLink()).toHaveAccessibleName(/^Leads\s*2 new$/));

    await user.selectOptions(screen.getByLabelText("Status"), "contacted");
    expect(await screen.findByText("Status updated")).toBeInTheDocument();
    expect(screen.getByText("New → Contacted")).toBeInTheDocument();
    const history = screen.getByRole("region", { name: "Notes and history" });
    expect(await within(history).findByText("Status changed from New to Contacted")).toBeInTheDocument();
    await waitFor(() => expect(leadsNavLink()).toHaveAccessibleName(/^Leads\s*1 new$/));
    expect(dispatched.mock.calls.filter(([event]) => !(event instanceof UIEvent) && event.type !== "popstate")).toEqual(
      [],
    );
    dispatched.mockRestore();
  });
});

describe("a lead's notes", () => {
  it("adds a note to the history and empties the box; an empty note is refused in the field", async () => {
    const user = userEvent.setup();
    await renderAdmin(`/admin/leads/${ids.ada}`);
    const history = await screen.findByRole("region", { name: "Notes and history" });
    const box = within(history).getByLabelText("Add a note");
    await user.click(within(history).getByRole("button", { name: "Add note" }));
    expect(box).toHaveAccessibleDescription(/Write the note first\./);
    expect(box).toHaveAttribute("aria-invalid", "true");

    await user.type(box, "Called: wants a quote by Friday.");
    expect(box).not.toHaveAttribute("aria-invalid");
    await user.click(within(history).getByRole("button", { name: "Add note" }));
    const saved = await within(history).findByText("Called: wants a quote by Friday.", { selector: "li p" });
    expect(saved).toBeInTheDocument();
    // Emptied as the note shows in the history, so the text is never on the page twice.
    expect(box).toHaveValue("");
  });
});

describe("erasing a lead", () => {
  it("returns to the inbox already read, without the lead, and the badge counts again", async () => {
    const user = userEvent.setup();
    await renderAdmin("/admin/leads");
    const bolaLink = await screen.findByRole("link", { name: names.bola });
    expect(screen.getByRole("link", { name: names.ada })).toBeInTheDocument();
    await waitFor(() => expect(leadsNavLink()).toHaveAccessibleName(/^Leads\s*1 new$/));

    await user.click(bolaLink);
    expect(await screen.findByRole("heading", { level: 1, name: names.bola })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete lead" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete for good" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Leads" })).toBeInTheDocument();
    expect(screen.getByText("Lead deleted")).toBeInTheDocument();
    // The inbox read before shows at once, already without the erased lead.
    expect(screen.getByRole("link", { name: names.ada })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: names.bola })).not.toBeInTheDocument();
    await waitFor(() => expect(leadsNavLink()).toHaveAccessibleName("Leads"));
    const { rows } = await admin.server.local.db.query(`select id from public.leads where id = $1`, [ids.bola]);
    expect(rows).toEqual([]);
  });

  it("says why a lead with a payment on record is kept, and keeps it", async () => {
    const db = admin.server.local.db;
    const { rows } = await db.query<{ id: string }>(
      `insert into public.leads (full_name, email, service) values ('Chi Paying', 'chi@example.ng', 'crm') returning id`,
    );
    const lead = rows[0]!.id;
    const proposal = await db.query<{ id: string }>(
      `insert into public.proposals (lead_id, title, currency) values ($1, 'CustomerFlow', 'USD') returning id`,
      [lead],
    );
    await db.query(
      `insert into public.payment_requests (reference, proposal_id, purpose, amount_minor, currency) values ('P-KEEP-0001', $1, 'deposit', 100000, 'USD')`,
      [proposal.rows[0]!.id],
    );
    const user = userEvent.setup();
    await renderAdmin(`/admin/leads/${lead}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Chi Paying" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete lead" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete for good" }));
    expect(await screen.findByText(/the accounts keep them, so the lead cannot be erased/)).toBeInTheDocument();
    const kept = await db.query(`select id from public.leads where id = $1`, [lead]);
    expect(kept.rows).toHaveLength(1);
  });
});
