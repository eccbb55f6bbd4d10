import { ArrowLeft, FileSearch, Pencil } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { ButtonLink } from "../../components/ui/Button";
import { Seo } from "../../components/ui/Seo";
import { adminCopy } from "../../content/blog";
import { site } from "../../content/site";
import { getPostForPreview, type PostWithAuthor } from "../../lib/posts";
import { MarkdownPostArticle } from "../blog";

const copy = adminCopy.preview;

type PreviewState = { status: "loading" } | { status: "not-found" } | { status: "ready"; post: PostWithAuthor };

/**
 * /admin/posts/{id}/preview: a draft or scheduled post in the public article layout, for the
 * signed-in admin only. It is read with the admin's session in the browser (the admin shell is the
 * same static page for everyone and holds no post), and marked noindex.
 */
export function PostPreviewPage() {
  const { id = "" } = useParams();
  const [state, setState] = useState<PreviewState>({ status: "loading" });

  useEffect(() => {
    let active = true;
    getPostForPreview(id)
      .then((post) => active && setState(post ? { status: "ready", post } : { status: "not-found" }))
      .catch((error: unknown) => {
        console.error("Could not load the post", error);
        if (active) setState({ status: "not-found" });
      });
    return () => {
      active = false;
    };
  }, [id]);

  return (
    <div className="mx-auto max-w-4xl">
      <Seo title={`${state.status === "ready" ? state.post.title : adminCopy.form.loadingPost} | ${site.name}`} description={site.defaultDescription} path={`/admin/posts/${id}/preview`} noIndex />
      <div className="mb-6 flex flex-col gap-4 rounded-card border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm font-semibold text-ink">
          <FileSearch aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
          {copy.banner}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin" className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {copy.back}
          </Link>
          {state.status === "ready" ? (
            <ButtonLink to={`/admin/posts/${id}/edit`} size="sm">
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {copy.edit}
            </ButtonLink>
          ) : null}
        </div>
      </div>
      {state.status === "loading" ? <p role="status">{adminCopy.form.loadingPost}</p> : null}
      {state.status === "not-found" ? <p className="font-semibold text-ink">{adminCopy.form.notFound}</p> : null}
      {state.status === "ready" ? <MarkdownPostArticle post={state.post} /> : null}
    </div>
  );
}
