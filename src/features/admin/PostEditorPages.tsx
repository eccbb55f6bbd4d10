import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { Seo } from "../../components/ui/Seo";
import { toast } from "../../components/ui/toast-store";
import { adminCopy } from "../../content/blog";
import { site } from "../../content/site";
import { formatLagosDateTime } from "../../lib/lagos-time";
import { createPost, getPostById, updatePost, type Post, type PostInput, type Publication } from "../../lib/posts";
import { useAuth } from "../auth";
import { PostEditor } from "./editor/PostEditor";
import { stageOf } from "./editor/post-stage";

const copy = adminCopy.form;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

function EditorShell({ heading, seoTitle, path, children }: { heading: string; seoTitle: string; path: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl">
      <Seo title={`${seoTitle} | ${site.name}`} description={site.defaultDescription} path={path} noIndex />
      <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{heading}</h1>
      <div className="mt-8 rounded-card border border-slate-100 bg-white p-6 shadow-soft sm:p-8">{children}</div>
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

/** /admin/create-post: a new post, saved as a draft, scheduled or published as the signed-in admin. */
export function CreatePostPage() {
  const { user } = useAuth();
  const afterSave = useAfterSave();

  async function save(values: PostInput, publication: Publication): Promise<boolean> {
    try {
      if (!user) throw new Error("You are not signed in.");
      afterSave(await createPost(values, user.id, publication), publication, true);
      return true;
    } catch (error) {
      toast({ title: copy.createFailed, description: messageOf(error), variant: "error" });
      return false;
    }
  }

  return (
    <EditorShell heading={copy.createHeading} seoTitle={copy.createSeoTitle} path="/admin/create-post">
      <PostEditor postId={null} authorName={(user?.user_metadata?.full_name as string | undefined) ?? null} onSave={save} />
    </EditorShell>
  );
}

type EditState = { status: "loading" } | { status: "not-found" } | { status: "ready"; post: Post };

/** /admin/posts/{id}/edit: the same editor, saved with an update; a published post keeps its slug. */
export function EditPostPage() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  const afterSave = useAfterSave();
  const [state, setState] = useState<EditState>({ status: "loading" });

  useEffect(() => {
    let active = true;
    getPostById(id)
      .then((post) => active && setState(post ? { status: "ready", post } : { status: "not-found" }))
      .catch((error: unknown) => {
        console.error("Could not load the post", error);
        if (active) setState({ status: "not-found" });
      });
    return () => {
      active = false;
    };
  }, [id]);

  async function save(values: PostInput, publication: Publication): Promise<boolean> {
    if (state.status !== "ready") return false;
    try {
      const post = await updatePost(id, values, publication, state.post);
      // The editor starts again from what is now saved (its key changes with updated_at).
      setState({ status: "ready", post });
      afterSave(post, publication, false);
      return true;
    } catch (error) {
      toast({ title: copy.updateFailed, description: messageOf(error), variant: "error" });
      return false;
    }
  }

  return (
    <EditorShell heading={copy.editHeading} seoTitle={copy.editSeoTitle} path={`/admin/posts/${id}/edit`}>
      {state.status === "loading" ? (
        <p role="status">{copy.loadingPost}</p>
      ) : state.status === "not-found" ? (
        <div>
          <p className="font-semibold text-ink">{copy.notFound}</p>
          <Link to="/admin" className="mt-4 inline-block rounded font-semibold text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            {copy.backToDashboard}
          </Link>
        </div>
      ) : (
        <PostEditor
          key={`${state.post.id}:${state.post.updated_at}`}
          postId={state.post.id}
          stage={stageOf(state.post)}
          authorName={(user?.user_metadata?.full_name as string | undefined) ?? null}
          initial={{
            title: state.post.title,
            content: state.post.content,
            excerpt: state.post.excerpt ?? "",
            category: state.post.category ?? "",
            imageUrl: state.post.image_url ?? "",
          }}
          onSave={save}
        />
      )}
    </EditorShell>
  );
}
