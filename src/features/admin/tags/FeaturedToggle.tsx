import { toast } from "../../../components/ui/toast-store";
import { tagsAdminCopy as copy } from "../../../content/tags-admin";
import { runDetached } from "../../../lib/detached";
import { CheckboxField } from "../CheckboxField";
import { useFeaturedPost, useSetFeaturedPost } from "./queries";

/**
 * "Feature this post on /blog", for the members who may (Owner, Administrators, Editors: the
 * database refuses the others). Applies at once, apart from saving the post: the database swaps
 * the featured post in one call, so the explanation names the post it replaces.
 */
export function FeaturedToggle({ postId, published }: { postId: string; published: boolean }) {
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
      <CheckboxField
        label={copy.featureLabel}
        hint={
          <>
            {copy.featureHint} {other ? copy.replaces(other) : null} {published ? null : copy.featureOnlyPublished}
          </>
        }
        checked={checked}
        disabled={featured.isPending || change.isPending}
        onChange={(feature) => runDetached(toggle(feature), "Featuring the post")}
      />
    </div>
  );
}
