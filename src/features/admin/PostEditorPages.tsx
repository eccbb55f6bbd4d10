import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { Seo } from "../../components/ui/Seo";
import { toast } from "../../components/ui/toast-store";
import { adminCopy } from "../../content/blog";
import { site } from "../../content/site";
import { createPost, getPostById, updatePost, type Post, type PostInput } from "../../lib/posts";
import { useAuth } from "../auth";
import { PostForm } from "./PostForm";

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

/** /admin/create-post: publishes as the signed-in admin, then opens the new post. */
export function CreatePostPage() {
  const { user } = useAuth();
  const navigate = useNavigate();

  async function publish(values: PostInput): Promise<boolean> {
    try {
      if (!user) throw new Error("You are not signed in.");
      const post = await createPost(values, user.id);
      toast({ ...copy.created, variant: "success" });
      navigate(`/blog/${encodeURIComponent(post.slug)}`);
      return true;
    } catch (error) {
      toast({ title: copy.createFailed, description: messageOf(error), variant: "error" });
      return false;
    }
  }

  return (
    <EditorShell heading={copy.createHeading} seoTitle={copy.createSeoTitle} path="/admin/create-post">
      <PostForm submitLabel={copy.publish} busyLabel={copy.publishing} onSubmit={publish} />
    </EditorShell>
  );
}

type EditState = { status: "loading" } | { status: "not-found" } | { status: "ready"; post: Post };

/** /admin/posts/{id}/edit: the same form, saved with an update; the slug does not change. */
export function EditPostPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
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

  async function save(values: PostInput): Promise<boolean> {
    try {
      const post = await updatePost(id, values);
      toast({ ...copy.updated, variant: "success" });
      navigate(`/blog/${encodeURIComponent(post.slug)}`);
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
        <PostForm
          key={state.post.id}
          initial={{
            title: state.post.title,
            content: state.post.content,
            category: state.post.category ?? "",
            imageUrl: state.post.image_url ?? "",
          }}
          submitLabel={copy.save}
          busyLabel={copy.saving}
          onSubmit={save}
        />
      )}
    </EditorShell>
  );
}
