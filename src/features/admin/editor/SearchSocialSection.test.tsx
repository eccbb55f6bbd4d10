import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dismissToast } from "../../../components/ui/toast-store";
import { config } from "../../../config";
import { postSeoCopy } from "../../../content/post-seo";
import type { PostInput, Publication } from "../data/posts";
import { renderPage } from "../../blog/testing";
import { emptyPostInput } from "./editor-values";
import { PostEditor } from "./PostEditor";
import { localDraftKey } from "./local-draft";

const copy = postSeoCopy;
const fields = copy.fields;

beforeEach(() => window.localStorage.clear());
afterEach(() => act(() => dismissToast()));

const saved: PostInput = {
  ...emptyPostInput,
  title: "Why speed matters",
  content: "Fast sites convert.\n\nSlow ones do not.",
  category: "Web Design",
};
const page = { slug: "why-speed-matters-1", updated_at: "2026-11-20T10:00:00.000Z" };

type Sent = { values: PostInput; publication: Publication };

function renderEditor(props: Partial<Parameters<typeof PostEditor>[0]> = {}) {
  const sent: Sent[] = [];
  renderPage(
    <PostEditor
      initial={saved}
      postId="p1"
      page={page}
      stage={{ kind: "draft" }}
      onSave={async (values, publication) => (sent.push({ values, publication }), true)}
      {...props}
    />,
  );
  return { sent };
}

const section = () => screen.getByRole("group", { name: copy.heading });
const previews = () => screen.getByRole("region", { name: copy.previews.heading });
const preview = (name: string) => within(previews()).getByRole("figure", { name: new RegExp(`^${name}:`) });

describe("the Search and social section", () => {
  it("has the six fields, each showing its fallback as the placeholder", () => {
    renderEditor();
    const group = section();
    const fallbacks = [
      [fields.seoTitle, "Why speed matters | Ascend Digital"],
      [fields.seoDescription, "Fast sites convert. Slow ones do not."],
      [fields.canonicalUrl, `${config.siteUrl}/blog/why-speed-matters-1`],
      [fields.socialTitle, "Why speed matters | Ascend Digital"],
      [fields.socialDescription, "Fast sites convert. Slow ones do not."],
    ] as const;
    for (const [field, placeholder] of fallbacks) {
      expect(within(group).getByLabelText(field.label)).toHaveAttribute("placeholder", placeholder);
    }
    expect(within(group).getByLabelText(fields.socialImageUrl.label)).toHaveValue("");
  });

  it("follows the typed search fields in the social placeholders and the excerpt in the description's", async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.type(screen.getByLabelText(fields.seoTitle.label), "Speed sells");
    await user.type(screen.getByLabelText("Excerpt"), "A short excerpt.");
    expect(screen.getByLabelText(fields.socialTitle.label)).toHaveAttribute("placeholder", "Speed sells");
    expect(screen.getByLabelText(fields.seoDescription.label)).toHaveAttribute("placeholder", "A short excerpt.");
    expect(screen.getByLabelText(fields.socialDescription.label)).toHaveAttribute("placeholder", "A short excerpt.");
  });

  it("counts the search title and description against Google's limits, and notes politely past them", () => {
    renderEditor();
    const title = screen.getByLabelText(fields.seoTitle.label);
    fireEvent.change(title, { target: { value: "t".repeat(60) } });
    expect(title).toHaveAccessibleDescription(expect.stringContaining(copy.count(60, 60)));
    expect(screen.queryByText(copy.overLimit(1))).not.toBeInTheDocument();
    fireEvent.change(title, { target: { value: "t".repeat(62) } });
    expect(title).toHaveAccessibleDescription(expect.stringContaining(copy.overLimit(2)));
    // A note, not an error: the field stays valid and the post still saves.
    expect(title).not.toHaveAttribute("aria-invalid");
    const description = screen.getByLabelText(fields.seoDescription.label);
    fireEvent.change(description, { target: { value: "d".repeat(156) } });
    expect(description).toHaveAccessibleDescription(expect.stringContaining(copy.overLimit(1)));
    expect(description).toHaveAttribute("maxlength", "400");
  });

  it("refuses an address that is not http(s) beside the field and at save", async () => {
    const user = userEvent.setup();
    const { sent } = renderEditor();
    const canonical = screen.getByLabelText(fields.canonicalUrl.label);
    await user.type(canonical, "javascript:alert(1)");
    expect(canonical).toHaveAttribute("aria-invalid", "true");
    expect(canonical).toHaveAccessibleDescription(expect.stringContaining(copy.notWebAddress));
    await user.click(screen.getByRole("button", { name: "Publish Post" }));
    expect(
      await screen.findByText(copy.notWebAddress, { selector: "[role=status] *, [role=alert] *, li *" }),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(canonical);
    await user.type(canonical, "https://medium.com/@ascend/speed");
    expect(canonical).not.toHaveAttribute("aria-invalid");
  });

  it("saves what is typed, trimmed by the save, blank as empty", async () => {
    const user = userEvent.setup();
    const { sent } = renderEditor();
    await user.type(screen.getByLabelText(fields.seoTitle.label), "Speed sells");
    await user.type(screen.getByLabelText(fields.socialImageUrl.label), "https://cdn.example.com/s-1200x630.png");
    await user.click(screen.getByRole("button", { name: "Publish Post" }));
    expect(sent[0]?.values).toMatchObject({
      seoTitle: "Speed sells",
      seoDescription: "",
      socialImageUrl: "https://cdn.example.com/s-1200x630.png",
    });
  });

  it("keeps the fields in this browser's draft and offers them back", async () => {
    const user = userEvent.setup();
    const first = renderEditor();
    await user.type(screen.getByLabelText(fields.socialTitle.label), "Kept social title");
    // The draft is written a moment after the last keystroke: waited for, not timed.
    await waitFor(() => {
      const stored = JSON.parse(window.localStorage.getItem(localDraftKey("p1")) ?? "null") as {
        values: PostInput;
      } | null;
      expect(stored?.values.socialTitle).toBe("Kept social title");
    });
    expect(first.sent).toEqual([]);
  });
});

describe("the previews", () => {
  it("draws a Google result, cut at Google's limits", () => {
    renderEditor();
    fireEvent.change(screen.getByLabelText(fields.seoTitle.label), {
      target: { value: "How a Lagos clinic stopped losing leads in its WhatsApp inbox and doubled its bookings" },
    });
    const google = preview(copy.previews.google);
    expect(within(google).getByText("How a Lagos clinic stopped losing leads in its WhatsApp…")).toBeInTheDocument();
    expect(within(google).getByText("Fast sites convert. Slow ones do not.")).toBeInTheDocument();
    expect(google).toHaveTextContent("blog › why-speed-matters-1");
  });

  it("says a draft's card will be drawn from the title, and shows a published post's drawn card", () => {
    renderEditor();
    const card = preview(copy.previews.linkCard);
    expect(within(card).getByText(copy.previews.drawnCardDraft)).toBeInTheDocument();
    expect(within(card).queryByRole("img")).not.toBeInTheDocument();
  });

  it("loads a published post's drawn card from this site, with a fallback if it fails", () => {
    renderEditor({ stage: { kind: "published", at: "2026-11-20T10:00:00.000Z" } });
    const card = preview(copy.previews.linkCard);
    const image = within(card).getByRole("img");
    expect(image.getAttribute("src")).toMatch(/^\/blog\/why-speed-matters-1\/card\.png\?v=\w+$/);
    expect(image).toHaveAccessibleName(expect.stringContaining("Why speed matters"));
    fireEvent.error(image);
    expect(within(card).getByText(copy.previews.drawnCardFailed)).toBeInTheDocument();
  });

  it("shows the social image, else the cover, with the social title and description, on each card", () => {
    renderEditor({ initial: { ...saved, imageUrl: "https://cdn.example.com/cover.jpg" } });
    expect(within(preview(copy.previews.x)).getByRole("img")).toHaveAttribute(
      "src",
      "https://cdn.example.com/cover.jpg",
    );
    fireEvent.change(screen.getByLabelText(fields.socialImageUrl.label), {
      target: { value: "https://cdn.example.com/share.png" },
    });
    fireEvent.change(screen.getByLabelText(fields.socialTitle.label), { target: { value: "Share title" } });
    fireEvent.change(screen.getByLabelText(fields.socialDescription.label), { target: { value: "Share words" } });
    for (const name of [copy.previews.linkCard, copy.previews.x]) {
      const card = preview(name);
      expect(within(card).getByRole("img")).toHaveAttribute("src", "https://cdn.example.com/share.png");
      expect(card).toHaveTextContent("Share title");
    }
    expect(preview(copy.previews.linkCard)).toHaveTextContent("Share words");
    fireEvent.error(within(preview(copy.previews.linkCard)).getByRole("img"));
    expect(within(preview(copy.previews.linkCard)).getByText(copy.previews.imageFailed)).toBeInTheDocument();
  });

  it("renders what is typed as text, never as HTML", () => {
    renderEditor();
    fireEvent.change(screen.getByLabelText(fields.socialTitle.label), {
      target: { value: "<img src=x onerror=alert(1)>" },
    });
    expect(preview(copy.previews.linkCard)).toHaveTextContent("<img src=x onerror=alert(1)>");
    expect(within(preview(copy.previews.linkCard)).queryByRole("img")).not.toBeInTheDocument();
  });
});
