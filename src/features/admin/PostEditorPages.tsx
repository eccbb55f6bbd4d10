import { useNavigate, useParams } from "react-router-dom";
import { Link } from "../../components/ui/Link";
import { toast } from "../../components/ui/toast-store";
import { adminCopy } from "../../content/admin";
import { rolesCopy } from "../../content/roles";
import { formatLagosDateTime } from "../../lib/lagos-time";
import type { Post } from "../../lib/posts";
import { editorInputOf, type PostInput, type Publication } from "./data/posts";
import { useAuth } from "../auth";
import { AdminPageHeader, AdminSeo } from "./AdminPageHeader";
import { AdminDataView, EmptyState } from "./DataStates";
import { PostEditor } from "./editor/PostEditor";
import { stageOf } from "./editor/post-stage";
import { saveFailure } from "./editor/save-failure";
import { useMember } from "./member";
import { useTagsInUse } from "./tags/queries";
import { PostHistory } from "./posts/PostHistory";
import { RevisionHistory } from "./posts/RevisionHistory";
import { useAutosavePost } from "./posts/revision-queries";
import type { PostRevision } from "./data/post-revisions";
import { revisionsCopy } from "../../content/revisions";
import { useCreatePost, usePost, useUpdatePost } from "./posts/queries";
import { mayChangePost } from "./roles";

const copy = adminCopy.form;

function EditorShell({
  heading,
  seoTitle,
  path,
  children,
  after,
}: {
  heading: string;
  seoTitle: string;
  path: string;
  children: React.ReactNode;
  /** Below the editor's card (the post's history). */
  after?: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl">
      <AdminSeo title={seoTitle} path={path} />
      <AdminPageHeader title={heading} />
      <div className="mt-8 rounded-card border border-slate-100 bg-white p-6 shadow-soft sm:p-8">{children}</div>
      {after}
    </div>
  );
}

function useAfterSave() {
  const navigate = useNavigate();
  return (post: Post, publication: Publication, created: boolean) => {
    const stage = stageOf(post);
    if (stage.kind === "published") {
      toast({ ...(created ? copy.created : copy.updated), variant: "success" });
      navigate(`/blog/${encodeURIComponent(post.slug)}`);
    } else if (stage.kind === "scheduled") {
      toast({ ...copy.scheduled(formatLagosDateTime(stage.at)), variant: "success" });
      navigate("/admin");
    } else {
      toast({ ...(publication.kind === "draft" ? copy.draftSaved : copy.updated), variant: "success" });
      navigate(`/admin/posts/${post.id}/edit`, { replace: true });
    }
  };
}

/**
 * /admin/create-post: a new post, saved as a draft, scheduled or published as the signed-in member
 * (a Contributor saves drafts only).
 */
export function CreatePostPage() {
  const tagsInUse = useTagsInUse();
  const { user } = useAuth();
  const { can } = useMember();
  const afterSave = useAfterSave();
  const create = useCreatePost();

  async function save(values: PostInput, publication: Publication): Promise<boolean> {
    try {
      if (!user) throw new Error("You are not signed in.");
      afterSave(await create.mutateAsync({ values, authorId: user.id, publication }), publication, true);
      return true;
    } catch (error) {
      toast({ title: copy.createFailed, description: saveFailure(error), variant: "error" });
      return false;
    }
  }

  return (
    <EditorShell heading={copy.createHeading} seoTitle={copy.createSeoTitle} path="/admin/create-post">
      <PostEditor
        tagsInUse={tagsInUse.data}
        postId={null}
        authorName={(user?.user_metadata?.full_name as string | undefined) ?? null}
        onSave={save}
        publishes={can.publishes_posts}
      />
    </EditorShell>
  );
}

/**
 * /admin/posts/{id}/edit: the same editor, saved with an update; a published post keeps its slug. A
 * post the member's role may not change (another's, for an Author; their own once published, for a
 * Contributor) says so, with its preview, instead of an editor whose saves would be refused.
 */
export function EditPostPage() {
  const tagsInUse = useTagsInUse();
  const { id = "" } = useParams();
  const { user } = useAuth();
  const member = useMember();
  const afterSave = useAfterSave();
  const loaded = usePost(id);
  const update = useUpdatePost(id);
  const { mutateAsync: autosave } = useAutosavePost(id);

  async function save(values: PostInput, publication: Publication): Promise<boolean> {
    if (!loaded.data) return false;
    try {
      const post = await update.mutateAsync({ values, publication, current: loaded.data });
      afterSave(post, publication, false);
      return true;
    } catch (error) {
      toast({ title: copy.updateFailed, description: saveFailure(error), variant: "error" });
      return false;
    }
  }

  /** A restore is a normal save of the revision's text (kept in turn, so it can be undone); the stage stays. */
  async function restore(revision: PostRevision): Promise<boolean> {
    if (!loaded.data) return false;
    try {
      await update.mutateAsync({
        values: editorInputOf(revision),
        publication: { kind: "keep" },
        current: loaded.data,
      });
      toast({ title: revisionsCopy.restored, description: revisionsCopy.restoredBody, variant: "success" });
      return true;
    } catch (error) {
      toast({ title: revisionsCopy.restoreFailed, description: saveFailure(error), variant: "error" });
      return false;
    }
  }

  const changes = loaded.data ? mayChangePost(member.can, member.userId, loaded.data) : false;

  return (
    <EditorShell
      heading={copy.editHeading}
      seoTitle={copy.editSeoTitle}
      path={`/admin/posts/${id}/edit`}
      after={
        loaded.data ? (
          <>
            <RevisionHistory post={loaded.data} onRestore={changes ? restore : undefined} />
            <PostHistory postId={loaded.data.id} />
          </>
        ) : null
      }
    >
      <AdminDataView
        query={loaded}
        loading={copy.loadingPost}
        error={copy.loadFailed}
        isEmpty={(post) => post === null}
        empty={
          <EmptyState message={copy.notFound}>
            <Link
              to="/admin"
              className="mt-4 inline-block rounded font-semibold text-brand-700 hover:underline focus-ring"
            >
              {copy.backToDashboard}
            </Link>
          </EmptyState>
        }
      >
        {(post) =>
          post &&
          (!mayChangePost(member.can, member.userId, post) ? (
            <EmptyState
              message={post.author_id === member.userId ? rolesCopy.posts.publishedReadOnly : rolesCopy.posts.readOnly}
            >
              <Link
                to={`/admin/posts/${post.id}/preview`}
                className="mt-4 inline-block rounded font-semibold text-brand-700 hover:underline focus-ring"
              >
                {adminCopy.dashboard.preview}
              </Link>
            </EmptyState>
          ) : (
            <PostEditor
              key={`${post.id}:${post.updated_at}`}
              tagsInUse={tagsInUse.data}
              postId={post.id}
              page={post}
              stage={stageOf(post)}
              authorName={(user?.user_metadata?.full_name as string | undefined) ?? null}
              initial={editorInputOf(post)}
              onSave={save}
              publishes={member.can.publishes_posts}
              autosave={autosave}
              features={member.can.edits_all_posts}
            />
          ))
        }
      </AdminDataView>
    </EditorShell>
  );
}
