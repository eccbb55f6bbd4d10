import { FileSearch, Pencil } from "lucide-react";
import { useParams } from "react-router-dom";
import { BackLink } from "../../components/ui/BackLink";
import { ButtonLink } from "../../components/ui/Button";
import { adminCopy } from "../../content/admin";
import { MarkdownPostArticle } from "../blog";
import { AdminRecordView } from "./DataStates";
import { usePostPreview } from "./posts/queries";
import { AdminSeo } from "./AdminPageHeader";

const copy = adminCopy.preview;
/** What the post's own editor says of loading it, and of a post that is not there. */
const { loadingPost, loadFailed, notFound } = adminCopy.form;

/**
 * /admin/posts/{id}/preview: a draft or scheduled post in the public article layout, for the
 * signed-in admin only. It is read with the admin's session in the browser (the admin shell is the
 * same static page for everyone and holds no post), and marked noindex.
 */
export function PostPreviewPage() {
  const { id = "" } = useParams();
  const loaded = usePostPreview(id);
  const post = loaded.data ?? null;

  return (
    <div className="mx-auto max-w-4xl">
      <AdminSeo title={post ? post.title : loadingPost} path={`/admin/posts/${id}/preview`} />
      <div className="mb-6 flex flex-col gap-4 rounded-card border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm font-semibold text-ink">
          <FileSearch aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
          {copy.banner}
        </p>
        <div className="flex flex-wrap gap-2">
          <BackLink
            to="/admin"
            className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-white focus-ring"
          >
            {copy.back}
          </BackLink>
          {post ? (
            <ButtonLink to={`/admin/posts/${id}/edit`} size="sm">
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {copy.edit}
            </ButtonLink>
          ) : null}
        </div>
      </div>
      <AdminRecordView query={loaded} loading={loadingPost} error={loadFailed} notFound={notFound}>
        {(found) => <MarkdownPostArticle post={found} />}
      </AdminRecordView>
    </div>
  );
}
