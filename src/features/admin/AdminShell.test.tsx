import type { User } from "@supabase/supabase-js";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { AuthStateProvider, type AuthContextValue } from "../auth";
import { ConfirmDialog } from "./ConfirmDialog";
import { PostList } from "./posts/PostList";
import { StageFilters, type StageFilter } from "./posts/StageFilters";
import { memberOf } from "./member";
import { RequireAuth } from "./RequireAuth";
import type { Standing } from "./data/admin-access";
import type { Capability, TeamRole } from "./roles";
import { asPost, makePost } from "../blog/testing";

/** A member with `role` and just the `capabilities` a test needs (the database holds the real table). */
function memberAs(userId: string, role: TeamRole, ...capabilities: Capability[]) {
  return memberOf(userId, { role, capabilities });
}

function authState(overrides: Partial<AuthContextValue>): AuthContextValue {
  const ok = async () => ({ error: null });
  return { user: null, session: null, loading: false, signIn: ok, signUp: ok, signOut: ok, ...overrides };
}

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login page, from {from}</p>;
}

function renderGuarded(
  value: AuthContextValue,
  checkMember: (userId: string) => Promise<Standing | null> = async () => ({ role: "owner", capabilities: [] }),
) {
  return render(
    <AuthStateProvider value={value}>
      <MemoryRouter initialEntries={["/admin/create-post"]}>
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route
            path="/admin/*"
            element={
              <RequireAuth checkMember={checkMember}>
                <p>secret admin page</p>
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </AuthStateProvider>,
  );
}

describe("RequireAuth", () => {
  it("says 'Loading...' while auth loads", () => {
    renderGuarded(authState({ loading: true }));
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(screen.queryByText("secret admin page")).not.toBeInTheDocument();
  });

  it("sends a signed-out visitor to /login, remembering where from", () => {
    renderGuarded(authState({}));
    expect(screen.getByText("login page, from /admin/create-post")).toBeInTheDocument();
  });

  it("shows the page to a signed-in member once their role is read", async () => {
    const checkMember = vi.fn(async (): Promise<Standing | null> => ({
      role: "editor",
      capabilities: ["reads_posts"],
    }));
    renderGuarded(authState({ user: { id: "u1", email: "admin@example.com" } as User }), checkMember);
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(await screen.findByText("secret admin page")).toBeInTheDocument();
    expect(checkMember).toHaveBeenCalledWith("u1");
  });

  it("tells a signed-in user who is not an admin, naming the account, and offers Sign out and the website", async () => {
    const user = userEvent.setup();
    const signOut = vi.fn(async () => ({ error: null }));
    renderGuarded(authState({ user: { id: "u2", email: "reader@example.com" } as User, signOut }), async () => null);
    expect(
      await screen.findByRole("heading", { level: 1, name: "You don't have access to the admin area" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as/)).toHaveTextContent("You are signed in as reader@example.com.");
    expect(screen.queryByText("secret admin page")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the website" })).toHaveAttribute("href", "/");
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(signOut).toHaveBeenCalledOnce();
  });

  it("says so and offers to try again when access cannot be checked, showing nothing meanwhile", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const checkMember = vi
      .fn<(userId: string) => Promise<Standing | null>>()
      .mockRejectedValueOnce(new Error("fetch failed"))
      .mockResolvedValueOnce({ role: "owner", capabilities: [] });
    renderGuarded(authState({ user: { id: "u1", email: "admin@example.com" } as User }), checkMember);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not check whether this account may use the admin area.",
    );
    expect(screen.queryByText("secret admin page")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("secret admin page")).toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });
});

describe("Dashboard post list", () => {
  it("lists each post with category, date, view, edit and delete", async () => {
    const onDelete = vi.fn();
    const post = asPost(makePost());
    render(
      <MemoryRouter>
        <PostList
          posts={[post]}
          member={memberAs(post.author_id, "author", "writes_posts", "publishes_posts")}
          onDelete={onDelete}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: post.title })).toBeInTheDocument();
    expect(screen.getByText("March 5, 2025")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: `View: ${post.title}` })).toHaveAttribute("href", `/blog/${post.slug}`);
    expect(screen.getByRole("link", { name: `Edit: ${post.title}` })).toHaveAttribute(
      "href",
      `/admin/posts/${post.id}/edit`,
    );
    await userEvent.click(screen.getByRole("button", { name: `Delete: ${post.title}` }));
    expect(onDelete).toHaveBeenCalledWith(post);
  });
});

describe("Dashboard post statuses", () => {
  function adminPost(overrides: Parameters<typeof makePost>[0]) {
    return asPost(makePost(overrides));
  }

  it("labels drafts, scheduled and published posts, previews the ones readers cannot see, and filters by status", async () => {
    const user = userEvent.setup();
    const posts = [
      adminPost({ id: "d", slug: "draft-post", title: "A draft", status: "draft", published_at: null }),
      adminPost({
        id: "s",
        slug: "later-post",
        title: "A scheduled one",
        status: "published",
        published_at: "2099-01-01T08:00:00Z",
      }),
      adminPost({ id: "p", slug: "live-post", title: "A live one" }),
    ];
    function Harness() {
      const [filter, setFilter] = useState<StageFilter>("all");
      const shown = posts.filter(
        (post) =>
          filter === "all" ||
          (filter === "draft" ? post.status === "draft" : filter === "scheduled" ? post.id === "s" : post.id === "p"),
      );
      return (
        <MemoryRouter>
          <StageFilters posts={posts} value={filter} onChange={setFilter} />
          <PostList
            posts={shown}
            member={memberAs(posts[0]!.author_id, "owner", "writes_posts", "publishes_posts", "edits_all_posts")}
            onDelete={vi.fn()}
          />
        </MemoryRouter>
      );
    }
    render(<Harness />);
    const list = screen.getByRole("list");
    expect(within(list).getByText("Draft")).toBeInTheDocument();
    expect(within(list).getByText("Scheduled for January 1, 2099 at 9:00 AM")).toBeInTheDocument();
    expect(within(list).getByText("Published")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Preview: A draft" })).toHaveAttribute("href", "/admin/posts/d/preview");
    expect(screen.getByRole("link", { name: "Preview: A scheduled one" })).toHaveAttribute(
      "href",
      "/admin/posts/s/preview",
    );
    expect(screen.getByRole("link", { name: "View: A live one" })).toHaveAttribute("href", "/blog/live-post");
    expect(screen.queryByRole("link", { name: "View: A draft" })).toBeNull();

    const group = screen.getByRole("group", { name: "Show posts" });
    expect(within(group).getByRole("button", { name: /^All\s*3$/ })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(group).getByRole("button", { name: /^Drafts\s*1$/ }));
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(["A draft"]);
  });
});

describe("Dashboard post list, posts by other authors", () => {
  function renderList(post: ReturnType<typeof asPost>, userId: string, role: TeamRole, ...can: Capability[]) {
    return render(
      <MemoryRouter>
        <PostList posts={[post]} member={memberAs(userId, role, ...can)} onDelete={vi.fn()} />
      </MemoryRouter>,
    );
  }

  function expectReadOnly(title: string, reason: string) {
    expect(screen.queryByRole("link", { name: `Edit: ${title}` })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: `Delete: ${title}` })).not.toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
  }

  it("offers an Author no edit or delete on another author's post", () => {
    const post = asPost(makePost());
    renderList(post, "someone-else", "author", "writes_posts", "publishes_posts");
    expect(screen.getByRole("link", { name: `View: ${post.title}` })).toBeInTheDocument();
    expectReadOnly(post.title, "By another author: read-only");
  });

  it.each(["owner", "administrator", "editor"] as const)("lets the %s edit and delete another's post", (role) => {
    const post = asPost(makePost());
    renderList(post, "someone-else", role, "writes_posts", "publishes_posts", "edits_all_posts");
    expect(screen.getByRole("link", { name: `Edit: ${post.title}` })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: `Delete: ${post.title}` })).toBeInTheDocument();
    expect(screen.queryByText("By another author: read-only")).not.toBeInTheDocument();
  });

  it("keeps a Contributor's own post read-only once it is published, and their draft editable", () => {
    const published = asPost(makePost({ id: "p", title: "Live" }));
    const { unmount } = renderList(published, published.author_id, "contributor", "writes_posts");
    expectReadOnly("Live", "Published: an Editor changes it now");
    unmount();
    const draft = asPost(makePost({ id: "d", title: "Mine", status: "draft", published_at: null }));
    renderList(draft, draft.author_id, "contributor", "writes_posts");
    expect(screen.getByRole("link", { name: "Edit: Mine" })).toBeInTheDocument();
  });

  it("lets Sales read every post and change none", () => {
    const post = asPost(makePost());
    renderList(post, post.author_id, "sales", "works_leads");
    expectReadOnly(post.title, "Read-only for your role");
  });
});

describe("ConfirmDialog", () => {
  function Harness({ onConfirm }: { onConfirm: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Delete post X
        </button>
        <ConfirmDialog
          open={open}
          title="Delete this post?"
          description="It cannot be undone."
          confirmLabel="Delete post"
          busyLabel="Deleting..."
          cancelLabel="Cancel"
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        />
      </>
    );
  }

  it("is a modal that takes focus, keeps Tab inside, closes on Escape and gives focus back", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole("button", { name: "Delete post X" });
    await user.click(opener);

    const dialog = screen.getByRole("alertdialog", { name: "Delete this post?" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Delete post" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(opener);
    await user.click(screen.getByRole("button", { name: "Delete post" }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
