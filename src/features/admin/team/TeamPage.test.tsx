/**
 * The Team page against the real local Supabase (supabase/local) signed in as the local admin, the
 * team's Owner: members and their roles, a role changed behind a confirmation, the removal dialog's
 * count of posts and its heirs, an invitation withdrawn, and the invite form's own check. Sending
 * and removing go through api/team, whose suite is src/server/team.db.test.ts.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { localAdminForSuite } from "../local-admin-suite";
import { renderAdmin as renderAdminWith } from "../testing";

let writer: string;
let editor: string;

const admin = localAdminForSuite(async () => {
  writer = await addMember("Wale Writer", "author");
  editor = await addMember("Ngozi Editor", "editor");
  await admin.server.local.db.query(
    `insert into public.posts (title, slug, content, status, author_id) values ('Wale''s draft', 'wales-draft', 'Text', 'draft', $1)`,
    [writer],
  );
  await admin.server.local.db.query(
    `insert into public.team_invites (email, role, invited_by) values ('sam.sales@example.ng', 'sales', $1)`,
    [admin.user.id],
  );
});

/** A member added as the database would after they joined: the Auth user (named) and their role. */
async function addMember(name: string, role: string): Promise<string> {
  const db = admin.server.local.db;
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data)
     values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2::jsonb) returning id`,
    [`${name.toLowerCase().replace(/\W+/g, ".")}@example.ng`, JSON.stringify({ full_name: name })],
  );
  await db.query(`insert into public.admins (user_id, role) values ($1, $2)`, [rows[0]!.id, role]);
  return rows[0]!.id;
}

const renderTeam = () => renderAdminWith("/admin/team", admin);

const memberRow = (name: string) =>
  within(screen.getByRole("region", { name: "Members" }))
    .getAllByRole("listitem")
    .find((item) => item.textContent?.includes(name))!;

describe("the Team page", () => {
  it("lists the members with their roles, and the Owner as you", async () => {
    await renderTeam();
    expect(await screen.findByText("Wale Writer")).toBeInTheDocument();
    const members = screen.getByRole("region", { name: "Members" });
    expect(within(members).getByText("(You)")).toBeInTheDocument();
    expect(within(members).getByText("Owner")).toBeInTheDocument();
    expect(within(memberRow("Wale Writer")).getByLabelText("Role of Wale Writer")).toHaveValue("author");
    expect(within(memberRow("Wale Writer")).getByText("wale.writer@example.ng")).toBeInTheDocument();
    const invites = await screen.findByRole("region", { name: "Open invitations" });
    expect(await within(invites).findByText("sam.sales@example.ng")).toBeInTheDocument();
    expect(within(invites).getByText(/^Link valid until /)).toBeInTheDocument();
  });

  it("changes a role after a confirmation that says what the role may do", async () => {
    const user = userEvent.setup();
    await renderTeam();
    await screen.findByText("Ngozi Editor");
    const row = memberRow("Ngozi Editor");
    const change = within(row).getByRole("button", { name: "Change role" });
    expect(change).toBeDisabled();
    await user.selectOptions(within(row).getByLabelText("Role of Ngozi Editor"), "contributor");
    await user.click(change);
    const dialog = screen.getByRole("alertdialog", { name: "Make Ngozi Editor a Contributor?" });
    expect(dialog).toHaveTextContent("Writes drafts of their own posts; an Editor publishes them.");
    await user.click(within(dialog).getByRole("button", { name: "Change role" }));
    expect(await screen.findByText("Role changed.")).toBeInTheDocument();
    const { rows } = await admin.server.local.db.query(
      `select role::text as role from public.admins where user_id = $1`,
      [editor],
    );
    expect(rows).toEqual([{ role: "contributor" }]);
  });

  it("asks who receives a member's posts before removing them, offering only other members who write", async () => {
    const user = userEvent.setup();
    await renderTeam();
    await screen.findByText("Wale Writer");
    await user.click(within(memberRow("Wale Writer")).getByRole("button", { name: "Remove" }));
    const dialog = screen.getByRole("alertdialog", { name: "Remove Wale Writer from the team?" });
    expect(await within(dialog).findByText("1 post will move to the member you choose.")).toBeInTheDocument();
    const heirs = within(within(dialog).getByLabelText("Who receives their posts")).getAllByRole("option");
    expect(heirs.map((option) => option.textContent)).not.toContainEqual(expect.stringContaining("Wale Writer"));
    expect(heirs.map((option) => option.textContent)).toContainEqual(expect.stringContaining("(Owner)"));
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("withdraws an invitation after a confirmation", async () => {
    const user = userEvent.setup();
    await renderTeam();
    // Shown once the page knows the reader manages the team.
    const invites = await screen.findByRole("region", { name: "Open invitations" });
    await within(invites).findByText("sam.sales@example.ng");
    await user.click(within(invites).getByRole("button", { name: "Withdraw" }));
    await user.click(
      within(screen.getByRole("alertdialog", { name: "Withdraw the invitation to sam.sales@example.ng?" })).getByRole(
        "button",
        { name: "Withdraw" },
      ),
    );
    expect(await within(invites).findByText("No open invitations.")).toBeInTheDocument();
  });

  it("checks the address before sending, and offers every role but Owner with what it may do", async () => {
    const user = userEvent.setup();
    const send = vi.spyOn(globalThis, "fetch");
    await renderTeam();
    const form = await screen.findByRole("region", { name: "Invite someone" });
    const roles = within(form).getAllByRole("radio");
    expect(roles.map((radio) => (radio as HTMLInputElement).value)).toEqual([
      "administrator",
      "editor",
      "author",
      "contributor",
      "sales",
    ]);
    await user.type(within(form).getByLabelText("E-mail address"), "not an address");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(await within(form).findByText("Enter a valid e-mail address.")).toBeInTheDocument();
    expect(send.mock.calls.filter(([url]) => String(url).includes("/api/team"))).toEqual([]);
  });
});
