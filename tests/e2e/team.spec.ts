import { randomUUID } from "node:crypto";
import { axeOf } from "./axe";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { LOCAL_SUPABASE_ANON_KEY } from "../../src/config-defaults";
import { LOCAL_DEFAULTS } from "../../supabase/local/index.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, passwordToken } from "./backend";
import { gotoHydrated, waitForStillPage } from "./hydration";
import { signIn } from "./sign-in";

/**
 * The team, as the Owner runs it: the seeded local admin (the first member, so the Owner) invites an
 * Author on the Team page, the invitation's e-mail is read from the local mailbox, the invitee joins
 * through its link and signs in as an Author; then the Owner removes the Author and hands their post
 * to an Editor. In order: the second test removes the member the first one made. Last, the join
 * page of an expired invitation and of a withdrawn one, and a Sales invitee sent on to the Security page.
 */
test.describe.configure({ mode: "serial" });
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.70" } });

const run = randomUUID().slice(0, 8);
const author = { email: `author-${run}@example.com`, password: "author-password-1", name: `Ada Author ${run}` };
const editor = { email: `editor-${run}@example.com`, password: "editor-password-1", name: `Eddie Editor ${run}` };
const SERVICE = LOCAL_DEFAULTS.serviceRoleKey;
const service = { apikey: SERVICE, authorization: `Bearer ${SERVICE}` };

async function signInAsOwner(page: Page) {
  // Sign-in lands on the admin's first screen (the editor).
  await signIn(page, { landsOn: /\/admin(\/|$)/ });
  await expect(page.getByRole("link", { name: "Team" })).toBeVisible();
}

/** No WCAG 2.2 A/AA violation on the page as it stands (the tags a11y.spec.ts checks the other screens with). */
async function expectAccessible(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await waitForStillPage(page);
  const results = await axeOf(page)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(" ")}`)).toEqual([]);
}

async function latestMailTo(request: APIRequestContext, address: string) {
  const { messages } = (await (await request.get("/__local/mail.json")).json()) as {
    messages: { to: string[]; subject: string; text?: string }[];
  };
  return messages.find((mail) => mail.to.includes(address));
}

async function restAs(request: APIRequestContext, token: string, path: string) {
  const response = await request.get(`/rest/v1/${path}`, {
    headers: { apikey: LOCAL_SUPABASE_ANON_KEY, authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Record<string, unknown>[];
}

test("the Owner invites an Author on the Team page; the invitee joins from the e-mail and signs in as an Author", async ({
  page,
  browser,
  request,
}) => {
  await signInAsOwner(page);
  await page.getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Members" })).toContainText(ADMIN_EMAIL);

  const form = page.getByRole("region", { name: "Invite someone" });
  await form.getByLabel("E-mail address").fill(author.email);
  await form.getByRole("radio", { name: /^Author/ }).check();
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${author.email}.`, { exact: true })).toBeVisible();
  const invites = page.getByRole("region", { name: "Open invitations" });
  await expect(invites.getByRole("listitem").filter({ hasText: author.email })).toContainText("Author");
  await expectAccessible(page);

  await expect.poll(async () => (await latestMailTo(request, author.email))?.subject ?? "").toBe("You've been invited");
  const mail = await latestMailTo(request, author.email);
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail!.text!)![0];

  const invitee = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const joining = await invitee.newPage();
  await joining.goto(link);
  await expect(joining).toHaveURL(/\/admin\/join/);
  await expect(joining.getByText(/You are invited as Author\./)).toBeVisible();
  await expectAccessible(joining);
  await joining.getByLabel("Full name").fill(author.name);
  await joining.getByLabel("New password", { exact: true }).fill(author.password);
  await joining.getByLabel("New password again").fill(author.password);
  await joining.getByRole("button", { name: "Join the team" }).click();
  await expect(joining).toHaveURL(/\/admin(\/create-post)?$/);
  await expect(joining.getByText("You joined as Author.", { exact: true })).toBeVisible();

  // The same link a second time is dead.
  const again = await invitee.newPage();
  await again.goto(link);
  await expect(again.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
  await invitee.close();

  // Signed in with the password they chose, they are an Author and read no lead.
  const token = await passwordToken(request, author.email, author.password);
  expect(await restAs(request, token, "admins?select=role")).toEqual([{ role: "author" }]);
  expect(await restAs(request, token, "leads?select=id")).toEqual([]);

  await page.reload();
  await expect(
    page.getByRole("region", { name: "Members" }).getByRole("listitem").filter({ hasText: author.name }),
  ).toContainText("Author");
  await expect(page.getByRole("region", { name: "Open invitations" })).not.toContainText(author.email);
});

test("the Owner removes the Author and hands their posts to the Editor", async ({ page, request }) => {
  // The Editor, set up as the API would make one; the Author writes a draft with their own session.
  const created = await request.post("/auth/v1/admin/users", {
    headers: service,
    data: {
      email: editor.email,
      password: editor.password,
      email_confirm: true,
      user_metadata: { full_name: editor.name },
    },
  });
  expect(created.ok()).toBe(true);
  const editorId = ((await created.json()) as { id: string }).id;
  const member = await request.post("/rest/v1/admins", {
    headers: { ...service, prefer: "return=minimal" },
    data: { user_id: editorId, role: "editor" },
  });
  expect(member.ok()).toBe(true);
  const authorToken = await passwordToken(request, author.email, author.password);
  const slug = `team-handover-${run}`;
  const post = await request.post("/rest/v1/posts", {
    headers: { apikey: LOCAL_SUPABASE_ANON_KEY, authorization: `Bearer ${authorToken}`, prefer: "return=minimal" },
    data: {
      title: `Handed over ${run}`,
      slug,
      content: "A draft that outlives its author's membership.",
      status: "draft",
    },
  });
  expect(post.ok()).toBe(true);

  await signInAsOwner(page);
  await gotoHydrated(page, "/admin/team");
  const row = page.getByRole("region", { name: "Members" }).getByRole("listitem").filter({ hasText: author.name });
  await row.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Remove ${author.name} from the team?` });
  await expect(dialog).toContainText("1 post will move to the member you choose.");
  await expectAccessible(page);
  await dialog.getByLabel("Who receives their posts").selectOption({ label: `${editor.name} (Editor)` });
  await dialog.getByRole("button", { name: "Remove from the team" }).click();
  await expect(page.getByText("Removed from the team; 1 post handed over.", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Members" })).not.toContainText(author.name);

  // At once: the removed Author's token reads no member data, and they cannot sign in.
  expect(await restAs(request, authorToken, "admins?select=role")).toEqual([]);
  expect(await restAs(request, authorToken, `posts?select=id&slug=eq.${slug}`)).toEqual([]);
  const signIn = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: LOCAL_SUPABASE_ANON_KEY },
    data: { email: author.email, password: author.password },
  });
  expect(signIn.status()).toBe(400);
  const editorToken = await passwordToken(request, editor.email, editor.password);
  expect(await restAs(request, editorToken, `posts?select=author_id&slug=eq.${slug}`)).toEqual([
    { author_id: editorId },
  ]);
});

test("an expired invitation and a withdrawn one each get a clear page", async ({ browser, request }) => {
  const owner = await passwordToken(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const asOwner = { apikey: LOCAL_SUPABASE_ANON_KEY, authorization: `Bearer ${owner}` };
  for (const [kind, heading] of [
    ["expired", "This invitation has expired"],
    ["withdrawn", "This invitation was withdrawn"],
  ] as const) {
    const email = `${kind}-${run}@example.com`;
    const sent = await request.post("/api/team", {
      headers: asOwner,
      data: { action: "invite", email, role: "editor" },
    });
    expect(sent.status()).toBe(200);
    const { invite } = (await sent.json()) as { invite: string };
    if (kind === "expired") {
      // The invitation's seven days have passed (the e-mail's link itself is still fresh).
      const moved = await request.patch(`/rest/v1/team_invites?id=eq.${invite}`, {
        headers: service,
        data: { expires_at: new Date(Date.now() - 60_000).toISOString() },
      });
      expect(moved.ok()).toBe(true);
    } else {
      const withdrawn = await request.post("/rest/v1/rpc/revoke_team_invite", { headers: asOwner, data: { invite } });
      expect(withdrawn.ok()).toBe(true);
    }
    await expect.poll(async () => (await latestMailTo(request, email))?.text ?? "").toContain("/auth/v1/verify");
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec((await latestMailTo(request, email))!.text!)![0];
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(/ask/i);
    await context.close();
  }
});

test("a Sales invitee, who will read personal data, goes to the Security page to add an authenticator", async ({
  browser,
  request,
}) => {
  const owner = await passwordToken(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const email = `sales-${run}@example.com`;
  const sent = await request.post("/api/team", {
    headers: { apikey: LOCAL_SUPABASE_ANON_KEY, authorization: `Bearer ${owner}` },
    data: { action: "invite", email, role: "sales" },
  });
  expect(sent.status()).toBe(200);
  await expect.poll(async () => (await latestMailTo(request, email))?.text ?? "").toContain("/auth/v1/verify");
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec((await latestMailTo(request, email))!.text!)![0];
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByText(/You are invited as Sales\./)).toBeVisible();
  await page.getByLabel("Full name").fill(`Sola Sales ${run}`);
  await page.getByLabel("New password", { exact: true }).fill("sales-password-1");
  await page.getByLabel("New password again").fill("sales-password-1");
  await page.getByRole("button", { name: "Join the team" }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(
    page.getByText("Your role reads people's personal data: add an authenticator app to protect your sign-in.", {
      exact: true,
    }),
  ).toBeVisible();
  await context.close();
});
