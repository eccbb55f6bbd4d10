import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../../components/ui/toast-store";
import { toLagosInput } from "../../../lib/lagos-time";
import { POST_TEXT_BOUNDS } from "../../../lib/post-meta";
import type { UploadOptions } from "../data/blog-images";
import type { PostInput, Publication } from "../data/posts";
import { renderPage } from "../../blog/testing";
import { emptyPostInput } from "./editor-values";
import { PostEditor } from "./PostEditor";

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

type Sent = { values: PostInput; publication: Publication };

function renderEditor(
  onSave: (values: PostInput, publication: Publication) => Promise<boolean>,
  props: Partial<Parameters<typeof PostEditor>[0]> = {},
) {
  return renderPage(<PostEditor onSave={onSave} {...props} />);
}

async function fillPost(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Title"), "Why speed matters");
  await user.type(screen.getByLabelText("Content"), "Fast sites convert.");
  await user.type(screen.getByLabelText("Category"), "Web Design");
}

/** Renders the editor with saves that succeed, and returns what it saved, in order. */
function renderSaving(props: Partial<Parameters<typeof PostEditor>[0]> = {}) {
  const sent: Sent[] = [];
  const rendered = renderEditor(async (values, publication) => (sent.push({ values, publication }), true), props);
  return { sent, ...rendered };
}

/** Chooses an image file (not uploaded yet) in the uploader named `name`; returns the uploader. */
async function chooseImage(user: ReturnType<typeof userEvent.setup>, name: string, fileName: string) {
  const uploader = screen.getByRole("group", { name });
  await user.upload(
    uploader.querySelector<HTMLInputElement>('input[type="file"]')!,
    new File([new Uint8Array([1])], fileName, { type: "image/png" }),
  );
  return uploader;
}

describe("PostEditor", () => {
  it("has the spec's fields, with Markdown help and an optional excerpt", () => {
    renderEditor(async () => true);
    expect(screen.getByLabelText("Title")).toBeRequired();
    const content = screen.getByLabelText("Content");
    expect(content).toBeRequired();
    expect(content).toHaveAttribute("rows", "15");
    expect(content).toHaveAccessibleDescription(/Markdown/);
    expect(screen.getByLabelText("Category")).toHaveAttribute("placeholder", "e.g., Web Design");
    expect(screen.getByLabelText("Image URL")).not.toBeRequired();
    expect(screen.getByLabelText("Excerpt")).not.toBeRequired();
    expect(screen.getByRole("button", { name: "Publish Post" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Save draft" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Schedule" })).toBeEnabled();
  });

  it("says beside the excerpt when it is too long, and refuses to save it", async () => {
    const { sent } = renderSaving();
    const excerpt = screen.getByLabelText("Excerpt");
    expect(excerpt).toHaveAccessibleDescription(/up to 300 characters/);
    expect(excerpt).not.toHaveAttribute("aria-invalid");

    fireEvent.change(excerpt, { target: { value: "x".repeat(301) } });
    expect(excerpt).toHaveAttribute("aria-invalid", "true");
    expect(excerpt).toHaveAccessibleDescription("The excerpt is 301 characters long; keep it to 300.");
    await userEvent.type(screen.getByLabelText("Title"), "A title");
    await userEvent.type(screen.getByLabelText("Content"), "Some content");
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(sent).toHaveLength(0);

    fireEvent.change(excerpt, { target: { value: "x".repeat(300) } });
    expect(excerpt).not.toHaveAttribute("aria-invalid");
    // Beside the field the message is gone (the refused save's toast may still be on screen).
    expect(excerpt).toHaveAccessibleDescription(/up to 300 characters/);
    expect(excerpt).not.toHaveAccessibleDescription(/keep it to 300/);
  });

  it("stops the title and the category at the database's bounds, and refuses to save a longer one", async () => {
    const { sent } = renderSaving();
    const title = screen.getByLabelText("Title");
    const category = screen.getByLabelText("Category");
    expect(title).toHaveAttribute("maxLength", String(POST_TEXT_BOUNDS.title));
    expect(category).toHaveAttribute("maxLength", String(POST_TEXT_BOUNDS.category));

    // A value the field would not let anyone type (a draft kept before the bound, say).
    fireEvent.change(title, { target: { value: "W".repeat(1_600) } });
    await userEvent.type(screen.getByLabelText("Content"), "Some content");
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("The title is 1600 characters long; keep it to 200.")).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fireEvent.change(title, { target: { value: "A title" } });
    fireEvent.change(category, { target: { value: "c".repeat(61) } });
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("The category is 61 characters long; keep it to 60.")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("shows 'Missing Fields' and sends nothing when title or content is empty", async () => {
    const sent: Sent[] = [];
    renderEditor(async (values, publication) => {
      sent.push({ values, publication });
      return true;
    });
    await userEvent.type(screen.getByLabelText("Title"), "A title");
    await userEvent.type(screen.getByLabelText("Content"), "   ");
    fireEvent.submit(screen.getByRole("button", { name: "Publish Post" }).closest("form")!);
    expect(await screen.findByText("Missing Fields")).toBeInTheDocument();
    expect(screen.getByText("Please fill out both title and content.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(sent).toHaveLength(0);
  });

  it("reads 'Publishing...' and is disabled while sending, and re-enables with the text kept after a failure", async () => {
    const user = userEvent.setup();
    const outcome = deferred<boolean>();
    const sent: Sent[] = [];
    renderEditor((values, publication) => {
      sent.push({ values, publication });
      return outcome.promise;
    });
    await fillPost(user);
    await user.click(screen.getByRole("button", { name: "Publish Post" }));

    expect(screen.getByRole("button", { name: "Publishing..." })).toBeDisabled();
    expect(sent).toEqual([
      {
        // What was typed; every field left alone goes as the empty post has it.
        values: {
          ...emptyPostInput,
          title: "Why speed matters",
          content: "Fast sites convert.",
          category: "Web Design",
        },
        publication: { kind: "publish" },
      },
    ]);

    await act(async () => outcome.resolve(false));
    expect(screen.getByRole("button", { name: "Publish Post" })).toBeEnabled();
    expect(screen.getByLabelText("Title")).toHaveValue("Why speed matters");
  });

  it("saves a draft", async () => {
    const user = userEvent.setup();
    const { sent } = renderSaving();
    await fillPost(user);
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(sent[0]?.publication).toEqual({ kind: "draft" });
  });

  it("schedules at a Lagos time, refusing a missing or past time", async () => {
    const user = userEvent.setup();
    const { sent } = renderSaving();
    await fillPost(user);
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Pick a date and time to schedule the post.");

    const field = screen.getByLabelText("Publication date and time (Lagos time)");
    fireEvent.change(field, { target: { value: "2020-01-01T09:00" } });
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Pick a time in the future");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(/West Africa Time.*Pick a time in the future/);
    expect(sent).toHaveLength(0);

    const later = new Date(Date.now() + 2 * 86_400_000);
    fireEvent.change(field, { target: { value: toLagosInput(later) } });
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(sent).toHaveLength(1);
    const publication = sent[0]!.publication as Extract<Publication, { kind: "schedule" }>;
    expect(publication.kind).toBe("schedule");
    expect(toLagosInput(publication.at)).toBe(toLagosInput(later));
  });

  it("previews the Markdown with the public article, keeping the text to go back to", async () => {
    const user = userEvent.setup();
    renderEditor(async () => true, { authorName: "Ada Okafor" });
    await user.type(screen.getByLabelText("Title"), "Preview me");
    await user.type(screen.getByLabelText("Content"), "First line\nSecond line");
    await user.click(screen.getByRole("tab", { name: "Preview" }));
    const article = screen.getByRole("article");
    expect(within(article).getByRole("heading", { level: 1, name: "Preview me" })).toBeInTheDocument();
    expect(within(article).getByText("Ada Okafor")).toBeInTheDocument();
    expect(within(article).getByTestId("post-body")).toHaveTextContent("First line");
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Write" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Content")).toHaveValue("First line\nSecond line");
  });

  it("keeps what is typed in this browser and offers it back after a reload", async () => {
    const user = userEvent.setup();
    // The form is written to this browser a moment after the last change: the clock is moved instead of waited for.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const first = renderEditor(async () => true, {
      postId: "post-1",
      initial: { title: "Saved title", content: "Saved body", excerpt: "", category: "", imageUrl: "", imageAlt: "" },
    });
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Unsaved title" } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(window.localStorage.length).toBe(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    first.unmount();
    vi.useRealTimers();

    renderEditor(async () => true, {
      postId: "post-1",
      initial: { title: "Saved title", content: "Saved body", excerpt: "", category: "", imageUrl: "", imageAlt: "" },
    });
    expect(screen.getByLabelText("Title")).toHaveValue("Saved title");
    const offer = screen.getByRole("status");
    expect(offer).toHaveTextContent("You have changes from");
    await user.click(within(offer).getByRole("button", { name: "Restore them" }));
    expect(screen.getByLabelText("Title")).toHaveValue("Unsaved title");
  });

  it("asks before a link takes the admin away from unsaved changes", async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    renderPage(
      <>
        <a href="/admin">Dashboard</a>
        <PostEditor onSave={async () => true} />
      </>,
    );
    await user.type(screen.getByLabelText("Title"), "Half written");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole("link", { name: "Dashboard" }).dispatchEvent(click);
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/unsaved changes/));
    expect(click.defaultPrevented).toBe(true);
    confirm.mockRestore();
  });

  it("uploads an image into the content where the cursor is, and a cover into the cover field", async () => {
    const user = userEvent.setup();
    const upload = vi.fn(async () => ({
      url: "https://cdn.example/posts/2026/11/ab12-800x600.webp",
      width: 800,
      height: 600,
    }));
    const { container } = renderSaving({
      uploadImage: upload,
    });
    await user.type(screen.getByLabelText("Title"), "Pictures");
    const content = screen.getByLabelText("Content");
    await user.type(content, "Before.\nAfter.");
    (content as HTMLTextAreaElement).setSelectionRange(7, 7);
    fireEvent.select(content);

    const [bodyInput, coverInput] = [...container.querySelectorAll<HTMLInputElement>('input[type="file"]')];
    await user.upload(bodyInput!, new File([new Uint8Array([1])], "office.png", { type: "image/png" }));
    await user.type(screen.getByLabelText(/Describe the image/), "The office");
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(screen.getByLabelText("Content")).toHaveValue(
      "Before.\n\n![The office](https://cdn.example/posts/2026/11/ab12-800x600.webp)\n\nAfter.",
    );

    await user.upload(coverInput!, new File([new Uint8Array([1])], "cover.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(screen.getByLabelText("Image URL")).toHaveValue("https://cdn.example/posts/2026/11/ab12-800x600.webp");
    await user.click(screen.getByRole("button", { name: "Remove cover" }));
    expect(screen.getByLabelText("Image URL")).toHaveValue("");
  });

  it("publishes with a chosen cover that was not uploaded yet: uploads it first, with its progress, then saves it with the cover", async () => {
    const user = userEvent.setup();
    const outcome = deferred<{ url: string; width: number; height: number }>();
    let report: UploadOptions["onProgress"];
    const upload = vi.fn((_: Blob, options: UploadOptions) => ((report = options.onProgress), outcome.promise));
    const { sent } = renderSaving({ uploadImage: upload });
    await fillPost(user);
    const cover = await chooseImage(user, "Cover image", "cover.png");
    await user.type(within(cover).getByLabelText(/Describe the image/), "Laptop showing a fast site");

    await user.click(screen.getByRole("button", { name: "Publish Post" }));
    expect(upload).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: "Publishing..." })).toBeDisabled();
    await act(async () => report?.(0.5));
    expect(within(cover).getByRole("status")).toHaveTextContent("Uploading... 50%");
    expect(sent).toHaveLength(0);

    await act(async () =>
      outcome.resolve({ url: "https://cdn.example/posts/2026/11/cover-1200x630.webp", width: 1200, height: 630 }),
    );
    expect(sent).toEqual([
      {
        values: expect.objectContaining({
          title: "Why speed matters",
          imageUrl: "https://cdn.example/posts/2026/11/cover-1200x630.webp",
        }),
        publication: { kind: "publish" },
      },
    ]);
  });

  it("puts a chosen in-body image into the content it saves, where the cursor was", async () => {
    const user = userEvent.setup();
    const upload = vi.fn(async () => ({ url: "https://cdn.example/office-800x600.webp", width: 800, height: 600 }));
    const { sent } = renderSaving({ uploadImage: upload });
    await fillPost(user);
    const body = await chooseImage(user, "Add an image to the post", "office.png");
    await user.type(within(body).getByLabelText(/Describe the image/), "The office");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.values.content).toBe(
      "Fast sites convert.\n\n![The office](https://cdn.example/office-800x600.webp)\n\n",
    );
    expect(sent[0]!.publication).toEqual({ kind: "draft" });
  });

  it("saves nothing and says so next to the image when a chosen image cannot be uploaded, keeping the file to try again", async () => {
    const user = userEvent.setup();
    const upload = vi.fn().mockRejectedValueOnce(new Error("The object exceeded the maximum allowed size"));
    const { sent } = renderSaving({ uploadImage: upload });
    await fillPost(user);
    const cover = await chooseImage(user, "Cover image", "huge.png");
    fireEvent.change(screen.getByLabelText("Publication date and time (Lagos time)"), {
      target: { value: toLagosInput(new Date(Date.now() + 86_400_000)) },
    });
    await user.click(screen.getByRole("button", { name: "Schedule" }));

    expect(await within(cover).findByRole("alert")).toHaveTextContent(
      "The image could not be uploaded: The object exceeded the maximum allowed size",
    );
    expect(within(cover).getByRole("button", { name: "Try again" })).toBeEnabled();
    expect(await screen.findByText("Not saved yet")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Schedule" })).toBeEnabled();
  });

  it("saves nothing while a chosen in-body image has no description, and asks for one next to it", async () => {
    const user = userEvent.setup();
    const upload = vi.fn();
    const { sent } = renderSaving({ uploadImage: upload });
    await fillPost(user);
    const body = await chooseImage(user, "Add an image to the post", "office.png");
    await user.click(screen.getByRole("button", { name: "Publish Post" }));
    expect(within(body).getByLabelText(/Describe the image/)).toHaveAccessibleDescription(
      "Describe the image before uploading it.",
    );
    expect(upload).not.toHaveBeenCalled();
    expect(sent).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Publish Post" })).toBeEnabled();
  });

  it("offers Save Changes and Switch to draft for a live post, and Publish now for a scheduled one", () => {
    const initial = {
      title: "Old title",
      content: "Old content",
      excerpt: "",
      category: "CRM",
      imageUrl: "https://example.com/a.png",
      imageAlt: "",
    };
    const live = renderEditor(async () => true, { initial, stage: { kind: "published", at: "2025-03-05T12:00:00Z" } });
    expect(screen.getByLabelText("Title")).toHaveValue("Old title");
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Switch to draft" })).toBeEnabled();
    expect(screen.queryByLabelText("Publication date and time (Lagos time)")).toBeNull();
    live.unmount();

    const at = new Date(Date.now() + 86_400_000).toISOString();
    renderEditor(async () => true, { initial, stage: { kind: "scheduled", at } });
    expect(screen.getByRole("button", { name: "Publish now" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Update schedule" })).toBeEnabled();
    expect(screen.getByLabelText("Publication date and time (Lagos time)")).toHaveValue(toLagosInput(new Date(at)));
  });
});

describe("PostEditor tags", () => {
  it("adds tags with Enter, a comma or a suggestion, removes them with Backspace or their button, and saves them", async () => {
    const user = userEvent.setup();
    const { sent } = renderSaving({ tagsInUse: [{ slug: "seo", name: "SEO", post_count: 3, updated_at: "" }] });
    await fillPost(user);
    const input = screen.getByRole("combobox", { name: "Tags" });
    await user.type(input, "Web Design{Enter}Speed,");
    expect(within(screen.getByRole("list", { name: "Tags" })).getAllByRole("listitem")).toHaveLength(2);
    await user.type(input, "se");
    expect(input).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("option", { name: /SEO/ })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    await user.keyboard("{Backspace}");
    await user.click(screen.getByRole("button", { name: "Remove tag Speed" }));
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(sent.at(-1)?.values.tags).toEqual(["Web Design"]);
  });
});
