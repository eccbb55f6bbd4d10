/**
 * The admin by role, against the real local Supabase (supabase/local): a member of each role is
 * created through the Auth admin API and given the role with the service-role key, signs in, and
 * sees the navigation, the dashboard, the guarded screens and the post editor their role allows;
 * what the database refuses anyway is said in words.
 */
import type { User } from "@supabase/supabase-js";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../../../supabase/local/index.ts";
import { createLocalClient } from "../../../supabase/local/testing.ts";
import { dismissToast } from "../../components/ui/toast-store";
import type { AppSupabaseClient } from "../../lib/supabase";
import type { TeamRole } from "./roles";
import { allowForServerAnswers, renderAdmin, startLocalAdmin, type LocalAdmin } from "./testing";

allowForServerAnswers();

let admin: LocalAdmin;
const members = {} as Record<Exclude<TeamRole, "owner">, { client: AppSupabaseClient; user: User }>;
let ownerPost = "";

/** A confirmed user with `role`, as the Team page's invitation would make them, signed in. */
async function signedInMember(role: TeamRole) {
  const service = createLocalClient(admin.server.url, LOCAL_DEFAULTS.serviceRoleKey);
  const email = `role-${role}@example.com`;
  const password = "role-password-123";
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  await admin.server.local.db.query(`insert into public.admins (user_id, role) values ($1, $2)`, [
    created.data.user.id,
    role,
  ]);
  const client = createLocalClient(admin.server.url) as unknown as AppSupabaseClient;
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, user: data.user };
}

beforeAll(async () => {
  admin = await startLocalAdmin();
  for (const role of ["administrator", "editor", "author", "contributor", "sales"] as const)
    members[role] = await signedInMember(role);
  const { data, error } = await admin.client
    .from("posts")
    .insert({
      title: "The Owner's post",
      content: "Body",
      slug: "the-owners-post",
      author_id: admin.user.id,
      status: "published",
    })
    .select("id")
    .single();
  if (error) throw error;
  ownerPost = data.id;
}, 120_000);

afterAll(async () => {
  await admin?.server.close();
});

afterEach(() => act(() => dismissToast()));

const renderAs = (role: Exclude<TeamRole, "owner">, path: Parameters<typeof renderAdmin>[0]) =>
  renderAdmin(path, { ...members[role], role });

function navLinks() {
  const nav = screen.getByRole("navigation", { name: "Admin Panel" });
  return within(nav)
    .getAllByRole("link")
    .map((link) => link.textContent?.trim());
}

describe("the navigation follows the role", () => {
  it("shows an Author their posts, their traffic and their security, and no leads, calls or campaigns", async () => {
    await renderAs("author", "/admin");
    expect(await screen.findByRole("heading", { name: "The Owner's post" })).toBeInTheDocument();
    expect(navLinks()).toEqual(["Dashboard", "New Post", "Traffic", "Security", "Profile"]);
    expect(screen.queryByRole("heading", { name: "Speed to lead" })).not.toBeInTheDocument();
  });

  it("shows Sales the leads, calls, campaigns and traffic, and no New Post", async () => {
    await renderAs("sales", "/admin");
    expect(await screen.findByRole("heading", { name: "Speed to lead" })).toBeInTheDocument();
    expect(navLinks()).toEqual([
      "Dashboard",
      "Leads",
      "Calls",
      "Proposals",
      "Campaigns",
      "Traffic",
      "Security",
      "Profile",
    ]);
    expect(screen.queryByRole("link", { name: "New Post" })).not.toBeInTheDocument();
    expect((await screen.findAllByText("Read-only for your role")).length).toBeGreaterThan(0);
    expect(screen.queryByRole("link", { name: "Edit: The Owner's post" })).not.toBeInTheDocument();
  });

  it("shows a Contributor no traffic", async () => {
    await renderAs("contributor", "/admin");
    expect(await screen.findByRole("heading", { name: "The Owner's post" })).toBeInTheDocument();
    expect(navLinks()).toEqual(["Dashboard", "New Post", "Security", "Profile"]);
  });
});

describe("a screen opened by its address without the right", () => {
  it("tells an Author that the leads are for the Owner, Administrators and Sales, with the way back", async () => {
    await renderAs("author", "/admin/leads");
    expect(await screen.findByRole("heading", { level: 1, name: "This screen is not for your role" })).toBeVisible();
    expect(screen.getByText("You are signed in as Author.")).toBeInTheDocument();
    expect(await screen.findByText(/^Only Owner, Administrator or Sales can open it/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/admin");
  });

  it("takes Sales from the sign-in page to the dashboard, not to Create Post", async () => {
    await renderAs("sales", { pathname: "/admin/create-post", state: { afterLogin: true } });
    expect(await screen.findByRole("heading", { name: "The Owner's post" })).toBeInTheDocument();
    expect(
      screen.queryByRole("heading", { level: 1, name: "This screen is not for your role" }),
    ).not.toBeInTheDocument();
  });

  it("tells Sales that writing posts is not theirs", async () => {
    await renderAs("sales", "/admin/create-post");
    expect(await screen.findByRole("heading", { level: 1, name: "This screen is not for your role" })).toBeVisible();
    expect(screen.queryByLabelText("Title")).not.toBeInTheDocument();
  });
});

describe("posts by role", () => {
  it("lets an Editor edit the Owner's post", async () => {
    await renderAs("editor", `/admin/posts/${ownerPost}/edit`);
    expect(await screen.findByLabelText("Title")).toHaveValue("The Owner's post");
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeInTheDocument();
  });

  it("keeps another's post read-only for an Author, with its preview", async () => {
    await renderAs("author", `/admin/posts/${ownerPost}/edit`);
    expect(await screen.findByText("Read-only for your role")).toBeInTheDocument();
    expect(screen.queryByLabelText("Title")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Preview" })).toHaveAttribute("href", `/admin/posts/${ownerPost}/preview`);
  });

  it("gives a Contributor Save draft alone, and says who publishes", async () => {
    await renderAs("contributor", "/admin/create-post");
    expect(await screen.findByLabelText("Title")).toBeInTheDocument();
    expect(screen.getByText(/^You save drafts\. An Editor/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Publish Post" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Publication date and time/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save draft" })).toHaveAttribute("type", "submit");
  });

  it("says in words when the database refuses a save for the role (a role changed while the screen was open)", async () => {
    const user = userEvent.setup();
    // The screen still thinks this Contributor is an Author, who may publish.
    await renderAdmin("/admin/create-post", { ...members.contributor, role: "author" });
    await user.type(await screen.findByLabelText("Title"), "Straight to the blog");
    await user.type(screen.getByLabelText("Content"), "Body");
    await user.click(screen.getByRole("button", { name: "Publish Post" }));
    expect(await screen.findByText(/^Your role may not make this change/)).toBeInTheDocument();
    const { rows } = await admin.server.local.db.query(
      `select 1 from public.posts where title = 'Straight to the blog'`,
    );
    expect(rows).toEqual([]);
  });
});
