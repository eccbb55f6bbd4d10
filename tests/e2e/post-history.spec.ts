import { expect, test } from "./kept-page";
import { deletePosts } from "./backend";
import { signIn } from "./sign-in";

/**
 * Every save kept, against the production build and the local Supabase: a post saved twice lists
 * both saves in its Versions panel, the first shows what changed since, restoring it is a new save
 * whose text goes live, and typing is autosaved to the server while the editor is open.
 */
const created: string[] = [];
test.afterEach(async ({ request }) => {
  await deletePosts(request, created.splice(0));
});

test("edit, save twice, see the diff in History, restore, and the restored text is live", async ({ page }) => {
  const title = `Versions ${Date.now()}`;
  created.push(title);
  await signIn(page, { landsOn: /\/admin\/create-post$/ });

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("The opening line.\n\nThe first ending.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft Saved", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/[\w-]+\/edit$/);
  // The post's own editor, with its first save listed, before typing into it: on a loaded machine the
  // autosave once did not come within 15 s, and text typed while the page still loads the post can
  // be replaced by the post as it arrives.
  const panel = page.getByRole("region", { name: "Versions" });
  await expect(panel.getByRole("list", { name: "Saved versions of this post" }).getByRole("button")).toHaveCount(1);

  await page.getByLabel("Content").fill("The opening line.\n\nThe second ending.");
  // The typing reaches the server a few seconds after it pauses.
  await expect(page.getByRole("status").filter({ hasText: /Saved to history/ })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft Saved", { exact: true }).first()).toBeVisible();

  const versions = panel.getByRole("list", { name: "Saved versions of this post" }).getByRole("button");
  await expect(versions.filter({ hasText: "Autosaved while typing" })).toHaveCount(1);
  const saves = versions.filter({ hasText: /^Saved/ });
  await expect(saves).toHaveCount(2);
  await saves.last().click();
  await expect(panel.locator("del").filter({ hasText: "The first ending." })).toBeVisible();
  await expect(panel.locator("ins").filter({ hasText: "The second ending." })).toBeVisible();

  await panel.getByRole("button", { name: "Restore this version" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page.getByText("Version restored", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Content")).toHaveValue("The opening line.\n\nThe first ending.");
  await expect(saves).toHaveCount(3);

  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page).toHaveURL(/\/blog\/[\w-]+$/);
  await expect(page.getByRole("article").getByText("The first ending.")).toBeVisible();
  await expect(page.getByRole("article").getByText("The second ending.")).toHaveCount(0);
});
