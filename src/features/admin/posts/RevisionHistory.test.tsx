/**
 * The editor's Versions panel against the real local Supabase (supabase/local) signed in as the
 * local admin: the revisions the database kept for each save, the diff of one against the current
 * text, and its restore, which is a new save (kept in turn).
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../../../../supabase/local/index.ts";
import { postSeoCopy } from "../../../content/post-seo";
import { revisionsCopy } from "../../../content/revisions";
import { allowForServerAnswers, renderAdmin, startLocalAdmin, type LocalAdmin } from "../testing";

allowForServerAnswers();

let admin: LocalAdmin;
let postId = "";

beforeAll(async () => {
  admin = await startLocalAdmin();
  const { data, error } = await admin.client
    .from("posts")
    .insert({
      title: "Versions first title",
      content: "The opening line.\nThe first ending.",
      slug: "versions-test",
      author_id: admin.user.id,
    })
    .select("id")
    .single();
  if (error) throw error;
  postId = data.id;
  const second = await admin.client
    .from("posts")
    .update({
      title: "Versions second title",
      content: "The opening line.\nThe second ending.",
      seo_title: "A search title",
    })
    .eq("id", postId);
  if (second.error) throw second.error;
}, 120_000);

afterAll(async () => {
  await admin?.server.close();
});

describe("the Versions panel", () => {
  it("lists each save, shows what changed since one, and restores it as a new save", async () => {
    const user = userEvent.setup();
    await renderAdmin(`/admin/posts/${postId}/edit`, { client: admin.client, user: admin.user });

    const list = await screen.findByRole("list", { name: revisionsCopy.listLabel });
    const versions = await within(list).findAllByRole("button");
    expect(versions).toHaveLength(2);
    expect(versions[0]).toHaveTextContent(LOCAL_DEFAULTS.adminFullName);
    // The oldest version, last in the list.
    await user.click(versions[1]!);

    const panel = screen.getByRole("region", { name: revisionsCopy.heading });
    await waitFor(() => expect(panel.querySelector("del")).not.toBeNull());
    const removed = [...panel.querySelectorAll("del")].map((node) => node.textContent).join(" ");
    const added = [...panel.querySelectorAll("ins")].map((node) => node.textContent).join(" ");
    expect(removed).toContain("first");
    expect(removed).toContain("The first ending.");
    expect(added).toContain("second");
    expect(added).toContain("The second ending.");
    // A search or social field that changed is named, with its change; the others are not listed.
    expect(within(panel).getByRole("heading", { name: postSeoCopy.fields.seoTitle.label })).toBeInTheDocument();
    expect(added).toContain("A search title");
    expect(within(panel).queryByRole("heading", { name: postSeoCopy.fields.socialTitle.label })).toBeNull();

    await user.click(within(panel).getByRole("button", { name: revisionsCopy.restore }));
    const dialog = await screen.findByRole("alertdialog", { name: revisionsCopy.confirmTitle });
    await user.click(within(dialog).getByRole("button", { name: revisionsCopy.confirm }));

    await screen.findByText(revisionsCopy.restored);
    const { rows } = await admin.server.local.db.query<{ title: string; content: string; seo_title: string | null }>(
      `select title, content, seo_title from public.posts where id = $1`,
      [postId],
    );
    expect(rows[0]).toEqual({
      title: "Versions first title",
      content: "The opening line.\nThe first ending.",
      seo_title: null,
    });
    // The restore is a save of its own, so the one before it can be restored too.
    await waitFor(async () =>
      expect(
        await within(screen.getByRole("list", { name: revisionsCopy.listLabel })).findAllByRole("button"),
      ).toHaveLength(3),
    );
    expect(await screen.findByDisplayValue("Versions first title")).toBeInTheDocument();
  });
});
