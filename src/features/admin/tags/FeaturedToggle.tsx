import { useId } from "react";
import { toast } from "../../../components/ui/toast-store";
import { tagsAdminCopy as copy } from "../../../content/tags-admin";
import { runDetached } from "../../../lib/detached";
import { useFeaturedPost, useSetFeaturedPost } from "./queries";

/**
 * "Feature this post on /blog", for the members who may (Owner, Administrators, Editors: the
 * database refuses the others). Applies at once, apart from saving the post: the database swaps
 * the featured post in one call, so the explanation names the post it replaces.
 */
export function FeaturedToggle({ postId, published }: { postId: string; published: boolean }) {
  const id = useId();
  const featured = useFeaturedPost();
  const change = useSetFeaturedPost();
  const current = featured.data ?? null;
  const checked = current?.id === postId;
  const other = current && current.id !== postId ? current.title : null;

  async function toggle(feature: boolean) {
    try {
      await change.mutateAsync({ postId, feature });
      toast({ title: feature ? copy.featured : copy.unfeatured, variant: "success" });
    } catch {
      toast({ title: copy.featureFailed, variant: "error" });
    }
  }

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 rounded border-slate-300 text-brand-700 focus-ring"
          checked={checked}
          disabled={featured.isPending || change.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => runDetached(toggle(event.target.checked), "Featuring the post")}
        />
        <div>
          <label htmlFor={id} className="font-semibold text-ink">
            {copy.featureLabel}
          </label>
          <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
            {copy.featureHint} {other ? copy.replaces(other) : null} {published ? null : copy.featureOnlyPublished}
          </p>
        </div>
      </div>
    </div>
  );
}
