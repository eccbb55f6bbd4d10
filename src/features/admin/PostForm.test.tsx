import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { dismissToast } from "../../components/ui/toast-store";
import type { PostInput } from "../../lib/posts";
import { renderPage } from "../blog/testing";
import { PostForm } from "./PostForm";

afterEach(() => {
  act(() => dismissToast());
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function renderForm(onSubmit: (values: PostInput) => Promise<boolean>) {
  return renderPage(<PostForm submitLabel="Publish Post" busyLabel="Publishing..." onSubmit={onSubmit} />);
}

describe("PostForm", () => {
  it("has the spec's fields", () => {
    renderForm(async () => true);
    expect(screen.getByLabelText("Title")).toBeRequired();
    const content = screen.getByLabelText("Content");
    expect(content).toBeRequired();
    expect(content).toHaveAttribute("rows", "15");
    expect(screen.getByLabelText("Category")).toHaveAttribute("placeholder", "e.g., Web Design");
    expect(screen.getByLabelText("Image URL")).not.toBeRequired();
  });

  it("shows 'Missing Fields' and sends nothing when title or content is empty", async () => {
    const sent: PostInput[] = [];
    renderForm(async (values) => {
      sent.push(values);
      return true;
    });
    await userEvent.type(screen.getByLabelText("Title"), "A title");
    await userEvent.type(screen.getByLabelText("Content"), "   ");
    fireEvent.submit(screen.getByRole("button", { name: "Publish Post" }).closest("form")!);
    expect(await screen.findByText("Missing Fields")).toBeInTheDocument();
    expect(screen.getByText("Please fill out both title and content.")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("reads 'Publishing...' and is disabled while sending, and re-enables after a failure", async () => {
    const user = userEvent.setup();
    const outcome = deferred<boolean>();
    const sent: PostInput[] = [];
    renderForm((values) => {
      sent.push(values);
      return outcome.promise;
    });
    await user.type(screen.getByLabelText("Title"), "Why speed matters");
    await user.type(screen.getByLabelText("Content"), "Fast sites convert.");
    await user.type(screen.getByLabelText("Category"), "Web Design");
    await user.click(screen.getByRole("button", { name: "Publish Post" }));

    expect(screen.getByRole("button", { name: "Publishing..." })).toBeDisabled();
    expect(sent).toEqual([{ title: "Why speed matters", content: "Fast sites convert.", category: "Web Design", imageUrl: "" }]);

    await act(async () => outcome.resolve(false));
    expect(screen.getByRole("button", { name: "Publish Post" })).toBeEnabled();
    expect(screen.getByLabelText("Title")).toHaveValue("Why speed matters");
  });

  it("fills the fields from an existing post when editing", () => {
    renderPage(
      <PostForm
        initial={{ title: "Old title", content: "Old content", category: "CRM", imageUrl: "https://example.com/a.png" }}
        submitLabel="Save Changes"
        busyLabel="Saving..."
        onSubmit={async () => true}
      />,
    );
    expect(screen.getByLabelText("Title")).toHaveValue("Old title");
    expect(screen.getByLabelText("Content")).toHaveValue("Old content");
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeEnabled();
  });
});
