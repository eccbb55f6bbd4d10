/**
 * Leads given to a person, against the real local Supabase (supabase/local) signed in as the local
 * admin through unmodified supabase-js: the lead page's "Assigned to" select and the names in its
 * history, the inbox's "Mine" filter and "Assigned to" column, and the post editor's history.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dismissToast } from "../../../components/ui/toast-store";
import { LOCAL_DEFAULTS } from "../../../../supabase/local/index.ts";
import { allowForServerAnswers, renderAdmin as renderAdminWith, startLocalAdmin, type LocalAdmin } from "../testing";

allowForServerAnswers();

let admin: LocalAdmin;
let salesId: string;
const ADMIN_NAME = LOCAL_DEFAULTS.adminFullName;
const SALES_NAME = "Sam Sales";
const leads = { mine: "Mina Mine Test", theirs: "Theo Theirs Test", former: "Femi Former Test" };
const ids: Record<keyof typeof leads, string> = { mine: "", theirs: "", former: "" };

/** A member who never signs in here: a user (its profile named by the trigger) and a role. */
async function addMember(email: string, fullName: string, role: string): Promise<string> {
  const db = admin.server.local.db;
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data)
     values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2::jsonb) returning id`,
    [email, JSON.stringify({ full_name: fullName })],
  );
  await db.query(`insert into public.admins (user_id, role) values ($1, $2)`, [rows[0]!.id, role]);
  return rows[0]!.id;
}

beforeAll(async () => {
  admin = await startLocalAdmin();
  const db = admin.server.local.db;
  salesId = await addMember("sam@example.ng", SALES_NAME, "sales");
  await addMember("erin@example.ng", "Erin Editor", "editor");
  for (const key of Object.keys(leads) as (keyof typeof leads)[]) {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.leads (full_name, email, service) values ($1, $2, 'crm') returning id`,
      [leads[key], `${key}@example.ng`],
    );
    ids[key] = rows[0]!.id;
  }
  await db.query(`update public.leads set assigned_to = $1 where id = $2`, [admin.user.id, ids.mine]);
  await db.query(`update public.leads set assigned_to = $1 where id = $2`, [salesId, ids.theirs]);
  // A note by someone who has left the team since.
  const leaver = await addMember("lee@example.ng", "Lee Leaver", "sales");
  await db.query(`insert into public.lead_events (lead_id, kind, note, author_id) values ($1, 'note', $2, $3)`, [
    ids.former,
    "Spoke to them before I left.",
    leaver,
  ]);
  await db.query(`delete from public.admins where user_id = $1`, [leaver]);
}, 120_000);

afterAll(async () => {
  await admin?.server.close();
});

afterEach(() => dismissToast());

const renderAdmin = (path: string) => renderAdminWith(path, admin);

describe("a lead's assignee", () => {
  it("is chosen among the members who work leads, and the history names who assigned it and to whom", async () => {
    const user = userEvent.setup();
    await renderAdmin(`/admin/leads/${ids.former}`);
    expect(await screen.findByRole("heading", { level: 1, name: leads.former })).toBeInTheDocument();
    const select = screen.getByLabelText("Assigned to");
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue("");
    // The Owner and Sales, never the editor.
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Nobody", ADMIN_NAME, SALES_NAME]);

    await user.selectOptions(select, SALES_NAME);
    expect(await screen.findByText("Lead assigned")).toBeInTheDocument();
    expect(select).toHaveValue(salesId);
    const history = screen.getByRole("region", { name: "Notes and history" });
    const line = (await within(history).findByText(`Assigned to ${SALES_NAME}`)).closest("li")!;
    expect(within(line).getByText(new RegExp(`by ${ADMIN_NAME}$`))).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Status"), "won");
    const status = (await within(history).findByText("Status changed from New to Won")).closest("li")!;
    expect(within(status).getByText(new RegExp(`by ${ADMIN_NAME}$`))).toBeInTheDocument();

    // The note of a member who has left.
    const note = within(history).getByText("Spoke to them before I left.").closest("li")!;
    expect(within(note).getByText(/by a former member$/)).toBeInTheDocument();

    const { rows } = await admin.server.local.db.query(`select assigned_to from public.leads where id = $1`, [
      ids.former,
    ]);
    expect(rows).toEqual([{ assigned_to: salesId }]);
  });
});

describe("the inbox", () => {
  it("shows whose each lead is, and Mine shows only the signed-in member's", async () => {
    const user = userEvent.setup();
    await renderAdmin("/admin/leads");
    const theirs = (await screen.findByRole("link", { name: leads.theirs })).closest("li")!;
    await waitFor(() => expect(within(theirs).getByText(SALES_NAME)).toBeInTheDocument());
    expect(within(screen.getByRole("link", { name: leads.mine }).closest("li")!).getByText(ADMIN_NAME)).toBeVisible();

    const whose = screen.getByRole("group", { name: "Whose leads" });
    expect(within(whose).getByRole("button", { name: "Everyone's" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(whose).getByRole("button", { name: "Mine" }));
    expect(await screen.findByText("1 lead")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: leads.mine })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: leads.theirs })).not.toBeInTheDocument();
    expect(within(whose).getByRole("button", { name: "Mine" })).toHaveAttribute("aria-pressed", "true");
  });

  it("opened at ?mine=1 with none assigned, says so", async () => {
    await admin.server.local.db.query(`update public.leads set assigned_to = null where id = $1`, [ids.mine]);
    await renderAdmin("/admin/leads?mine=1&status=new");
    expect(await screen.findByText("No lead is assigned to you with these filters.")).toBeInTheDocument();
  });
});

describe("a post's history", () => {
  it("lists what was done to the post, by whom, newest first", async () => {
    const db = admin.server.local.db;
    const { rows } = await db.query<{ id: string }>(
      `insert into public.posts (title, slug, content, author_id, status) values ('History test', 'history-test', 'Body', $1, 'draft') returning id`,
      [admin.user.id],
    );
    const postId = rows[0]!.id;
    const { error } = await admin.client.from("posts").update({ title: "History test, edited" }).eq("id", postId);
    expect(error).toBeNull();

    await renderAdmin(`/admin/posts/${postId}/edit`);
    const history = await screen.findByRole("list", { name: "The post's history" });
    const items = within(history).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(new RegExp(`^Edited by ${ADMIN_NAME}`)),
      expect.stringMatching(/^Created by the system/),
    ]);
  });
});
