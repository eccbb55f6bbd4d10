import { randomUUID } from "node:crypto";
import { expect, test } from "./kept-page";
import { LOCAL_SUPABASE_ANON_KEY } from "../../src/config-defaults";
import { createAdmin, insertLead, passwordToken, readLeadsWith } from "./backend";
import { signIn } from "./sign-in";

/**
 * The team's roles in the browser, against the preview's local Supabase: an Author sees no Leads in
 * the navigation, is told /admin/leads is not for their role, and the REST API gives their token no
 * lead; an Editor edits an Administrator's post. The members are made in setup through the Auth
 * admin API and given their role with the service-role key (the shared local admin is the Owner).
 */
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.79" } });

const password = "role-password-123";
// Made anew by each beforeAll: with fully parallel tests one worker may run this file's hook once per
// test it takes, and the members' addresses must be new each time.
let stamp = "";
let emails = { administrator: "", editor: "", author: "" };
let postTitle = "";
let postSlug = "";

test.beforeAll(async ({ request }) => {
  stamp = randomUUID().slice(0, 8);
  emails = {
    administrator: `roles-admin-${stamp}@example.com`,
    editor: `roles-editor-${stamp}@example.com`,
    author: `roles-author-${stamp}@example.com`,
  };
  postTitle = `An Administrator's post ${stamp}`;
  postSlug = `an-administrators-post-${stamp}`;
  const administrator = await createAdmin(request, emails.administrator, password, "administrator");
  await createAdmin(request, emails.editor, password, "editor");
  await createAdmin(request, emails.author, password, "author");
  await insertLead(request, { full_name: "Not For Writers", email: `roles-lead-${stamp}@example.com` });
  const token = await passwordToken(request, emails.administrator, password);
  const created = await request.post("/rest/v1/posts", {
    headers: {
      apikey: process.env.LOCAL_SUPABASE_ANON_KEY ?? LOCAL_SUPABASE_ANON_KEY,
      authorization: `Bearer ${token}`,
      prefer: "return=minimal",
    },
    data: {
      title: postTitle,
      content: "Written by an Administrator.",
      category: "Web Design",
      slug: postSlug,
      author_id: administrator,
      status: "published",
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
});

test("an Author sees no Leads, is told the leads are not for their role, and the API gives them none", async ({
  page,
  request,
}) => {
  await signIn(page, { email: emails.author, password, landsOn: /\/admin\/create-post$/ });
  const nav = page.getByRole("navigation", { name: "Admin Panel" });
  await expect(nav.getByRole("link", { name: "New Post" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Traffic" })).toBeVisible();
  for (const name of ["Leads", "Calls", "Campaigns"]) await expect(nav.getByRole("link", { name })).toHaveCount(0);

  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { level: 1, name: "This screen is not for your role" })).toBeVisible();
  await expect(page.getByText("You are signed in as Author.")).toBeVisible();
  await expect(page.getByText(/Only Owner, Administrator or Sales can open it/)).toBeVisible();
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Speed to lead" })).toHaveCount(0);

  const token = await passwordToken(request, emails.author, password);
  expect(await readLeadsWith(request, token)).toEqual([]);
});

test("an Editor edits an Administrator's post", async ({ page }) => {
  await signIn(page, { email: emails.editor, password, landsOn: /\/admin\/create-post$/ });
  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("link", { name: `Edit: ${postTitle}` }).click();
  const title = page.getByLabel("Title");
  await expect(title).toHaveValue(postTitle);
  await title.fill(`${postTitle}, edited by an Editor`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${postSlug}$`));
  await expect(page.getByRole("heading", { level: 1, name: `${postTitle}, edited by an Editor` })).toBeVisible();
});
