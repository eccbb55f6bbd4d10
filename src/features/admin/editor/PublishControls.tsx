import { CalendarClock } from "lucide-react";
import { useId } from "react";
import { Button } from "../../../components/ui/Button";
import { Field } from "../../../components/ui/Field";
import { adminCopy } from "../../../content/admin";
import { rolesCopy } from "../../../content/roles";
import { formatLagosDateTime, toLagosInput } from "../../../lib/lagos-time";

const copy = adminCopy.form;

/** Where a post stands, as the editor offers its actions. */
export type EditorStage =
  { kind: "new" } | { kind: "draft" } | { kind: "scheduled"; at: string } | { kind: "published"; at: string };
export type EditorAction = "draft" | "publish" | "schedule" | "keep";

interface PublishControlsProps {
  stage: EditorStage;
  busy: EditorAction | null;
  scheduleAt: string;
  onScheduleAtChange: (value: string) => void;
  scheduleError?: string;
  onAction: (action: EditorAction) => void;
  /** Whether the member may publish and schedule: a Contributor saves drafts only. */
  publishes?: boolean;
}

const busyLabels: Record<EditorAction, string> = {
  draft: copy.savingDraft,
  publish: copy.publishing,
  schedule: copy.scheduling,
  keep: copy.saving,
};

/**
 * Save draft, Schedule (a Lagos date and time) and Publish, as the post's stage allows: a live post
 * is saved as it is or switched back to a draft; a scheduled one can be moved or published now. A
 * role that may not publish (a Contributor) gets Save draft alone, and a line saying who publishes.
 */
export function PublishControls({
  stage,
  busy,
  scheduleAt,
  onScheduleAtChange,
  scheduleError,
  onAction,
  publishes = true,
}: PublishControlsProps) {
  const id = useId();
  const label = (action: EditorAction, idle: string) => (busy === action ? busyLabels[action] : idle);
  const live = stage.kind === "published";
  const status =
    stage.kind === "scheduled"
      ? copy.statusLine.scheduled(formatLagosDateTime(stage.at))
      : stage.kind === "published"
        ? copy.statusLine.published(formatLagosDateTime(stage.at))
        : copy.statusLine.draft;

  return (
    <fieldset className="space-y-5 rounded-card border border-slate-200 bg-slate-50 p-5" disabled={busy !== null}>
      <legend className="px-1 text-sm font-bold uppercase tracking-[0.14em] text-ink-muted">{copy.actionsLabel}</legend>
      <p className="text-sm text-ink-muted">{status}</p>
      {publishes ? null : <p className="text-sm text-ink">{rolesCopy.posts.contributorPublishing}</p>}
      {live || !publishes ? null : (
        <Field
          id={`${id}-at`}
          label={
            <span className="flex items-center gap-2">
              <CalendarClock aria-hidden="true" className="h-4 w-4 text-brand-700" />
              {copy.scheduleLabel}
            </span>
          }
          hint={copy.scheduleHint}
          error={scheduleError}
          announceError
          variant="inline"
        >
          {(control) => (
            <div className="mt-2 flex flex-col gap-3 sm:flex-row">
              <input
                type="datetime-local"
                value={scheduleAt}
                min={toLagosInput(new Date())}
                onChange={(event) => onScheduleAtChange(event.target.value)}
                {...control}
              />
              <Button variant="outline" size="sm" onClick={() => onAction("schedule")}>
                {label("schedule", stage.kind === "scheduled" ? copy.updateSchedule : copy.schedule)}
              </Button>
            </div>
          )}
        </Field>
      )}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        {publishes ? (
          <>
            <Button variant="ghost" size="md" onClick={() => onAction("draft")}>
              {label("draft", live ? copy.unpublish : copy.saveDraft)}
            </Button>
            <Button type="submit" size="md">
              {live
                ? label("keep", copy.save)
                : label("publish", stage.kind === "scheduled" ? copy.publishNow : copy.publish)}
            </Button>
          </>
        ) : (
          <Button type="submit" size="md">
            {label("draft", copy.saveDraft)}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
