import { useMemo, useState } from "react";
import { Button, ButtonLink } from "../../components/ui/Button";
import { toast } from "../../components/ui/toast-store";
import { adminCopy } from "../../content/admin";
import { rolesCopy } from "../../content/roles";
import { trafficCopy } from "../../content/traffic";
import type { AdminPostSummary as AdminPost } from "./data/posts";
import { AdminScreenHeader } from "./AdminPageHeader";
import { CallStats } from "./calls/CallStats";
import { ConfirmDialog } from "./ConfirmDialog";
import { AdminDataView, EmptyState } from "./DataStates";
import { stageOf } from "./editor/post-stage";
import { errorMessage } from "./error-message";
import { LeadResponseTimes } from "./leads/LeadResponseTimes";
import { useMember } from "./member";
import { allows, READS_TRAFFIC } from "./roles";
import { PostList } from "./posts/PostList";
import { useDeletePost, usePostList } from "./posts/queries";
import { StageFilters, type StageFilter } from "./posts/StageFilters";
import { usePostTraffic } from "./traffic/queries";
import { runDetached } from "../../lib/detached";

const copy = adminCopy.dashboard;

/**
 * /admin: for the lead team, how soon leads are answered (speed to lead) and the calls booked; then
 * every post the role reads with its status, a filter, and preview, view, and the edit and delete
 * (after a confirmation) the role allows. Each widget shows only to a role that may read it.
 */
export function DashboardPage() {
  const member = useMember();
  const { can } = member;
  const readsTraffic = allows(can, READS_TRAFFIC);
  const posts = usePostList();
  const traffic = usePostTraffic({ enabled: readsTraffic });
  const remove = useDeletePost();
  const [filter, setFilter] = useState<StageFilter>("all");
  const [pending, setPending] = useState<AdminPost | null>(null);

  const shown = useMemo(
    () => (posts.data ?? []).filter((post) => filter === "all" || stageOf(post).kind === filter),
    [posts.data, filter],
  );

  function confirmDelete() {
    if (!pending) return;
    remove.mutate(pending, {
      onSuccess: () => {
        toast({ ...copy.deleted, variant: "success" });
        setPending(null);
      },
      onError: (error) => toast({ title: copy.deleteFailed, description: errorMessage(error), variant: "error" }),
    });
  }

  return (
    <div className="mx-auto max-w-5xl">
      <AdminScreenHeader
        path="/admin"
        copy={can.works_leads ? copy : { ...copy, intro: rolesCopy.dashboard.intro(readsTraffic) }}
        actions={
          can.writes_posts ? (
            <ButtonLink to="/admin/create-post" size="sm">
              {adminCopy.nav.newPost}
            </ButtonLink>
          ) : null
        }
      />
      <div className="mt-8 space-y-6">
        {can.works_leads ? (
          <>
            <LeadResponseTimes />
            <CallStats />
          </>
        ) : null}
        <AdminDataView
          query={posts}
          loading={copy.loading}
          error={copy.error}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState message={copy.empty} />}
        >
          {(list) => (
            <>
              <StageFilters posts={list} value={filter} onChange={setFilter} />
              {traffic.isError ? (
                <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
                  {trafficCopy.posts.error}
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => runDetached(traffic.refetch(), "Reading the traffic again")}
                  >
                    {adminCopy.retry}
                  </Button>
                </p>
              ) : null}
              {shown.length === 0 ? (
                <EmptyState message={copy.emptyFilter} />
              ) : (
                <PostList
                  posts={shown}
                  member={member}
                  traffic={traffic.isError || !readsTraffic ? undefined : traffic.data}
                  onDelete={setPending}
                />
              )}
            </>
          )}
        </AdminDataView>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={copy.confirmTitle}
        description={pending ? copy.confirmBody(pending.title) : ""}
        confirmLabel={copy.confirmDelete}
        busyLabel={copy.deleting}
        cancelLabel={copy.cancel}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
