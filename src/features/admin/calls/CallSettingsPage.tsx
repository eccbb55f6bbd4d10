import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../../../components/ui/Button";
import { toast } from "../../../components/ui/toast-store";
import { callsAdminCopy } from "../../../content/calls-admin";
import { config } from "../../../config";
import { AdminBackLink, AdminScreenHeader } from "../AdminPageHeader";
import type { CallAvailability } from "../data/calls";
import { AdminDataView } from "../DataStates";
import { errorMessage } from "../error-message";
import { LeadPanel } from "../leads/LeadPanel";
import { CallPlaceFields } from "./CallPlaceFields";
import { CallRulesFields } from "./CallRulesFields";
import { DaysOff } from "./DaysOff";
import { useCallAvailability, useSaveCallAvailability, useTakenCalls } from "./queries";
import {
  availabilityOf,
  checkDraft,
  draftOf,
  hasErrors,
  inputOf,
  settingsRefusal,
  type SettingsDraft,
} from "./settings-form";
import { SlotPreview } from "./SlotPreview";
import { WeeklyHoursEditor } from "./WeeklyHoursEditor";

const copy = callsAdminCopy.settings;

function Panel({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <LeadPanel id={id} title={title} subtitle={intro ? <p className="mt-1 text-sm text-ink-muted">{intro}</p> : null}>
      <div className="mt-4">{children}</div>
    </LeadPanel>
  );
}

/** The form, from the saved values; what was typed stays when a save fails. */
function SettingsForm({ saved }: { saved: CallAvailability }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(saved));
  const [showErrors, setShowErrors] = useState(false);
  const [saveError, setSaveError] = useState("");
  const save = useSaveCallAvailability();
  const taken = useTakenCalls();
  const [now] = useState(() => new Date());
  const errors = useMemo(() => checkDraft(draft), [draft]);
  const shown = showErrors ? errors : { numbers: {}, windows: {}, videoLinkUrl: undefined };
  const daysOff = useMemo(() => saved.daysOff.map((off) => off.day), [saved.daysOff]);
  const availability = useMemo(
    () => (hasErrors(errors) ? null : availabilityOf(draft, saved.settings.slot_step_minutes, daysOff)),
    [draft, errors, saved.settings.slot_step_minutes, daysOff],
  );
  const booked = useMemo(() => taken.data ?? [], [taken.data]);
  const update = (changes: Partial<SettingsDraft>) => setDraft((old) => ({ ...old, ...changes }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    setSaveError("");
    if (hasErrors(errors)) {
      setSaveError(copy.fixErrors);
      return;
    }
    save.mutate(inputOf(draft), {
      onSuccess: () => toast({ title: copy.saved, variant: "success" }),
      onError: (error) => setSaveError(settingsRefusal(error) ?? `${copy.saveFailed}: ${errorMessage(error)}`),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <Panel id="call-hours-heading" title={copy.hoursHeading} intro={copy.hoursIntro}>
        <WeeklyHoursEditor week={draft.week} errors={shown.windows} onChange={(week) => update({ week })} />
      </Panel>
      <Panel id="call-rules-heading" title={copy.rulesHeading}>
        <CallRulesFields draft={draft} errors={shown.numbers} onChange={(field, value) => update({ [field]: value })} />
      </Panel>
      <Panel id="call-place-heading" title={copy.placeHeading}>
        <CallPlaceFields
          kind={draft.placeKind}
          videoLinkUrl={draft.videoLinkUrl}
          error={shown.videoLinkUrl}
          onKind={(placeKind) => update({ placeKind })}
          onVideoLink={(videoLinkUrl) => update({ videoLinkUrl })}
        />
      </Panel>
      <Panel id="call-preview-heading" title={copy.previewHeading} intro={copy.previewIntro}>
        <SlotPreview availability={availability} booked={booked} now={now} />
      </Panel>
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-slate-50/95 px-4 py-3 sm:mx-0 sm:rounded-card sm:border">
        {saveError ? (
          <p role="alert" className="mr-auto text-sm font-medium text-red-700">
            {saveError}
          </p>
        ) : null}
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? copy.saving : copy.save}
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/calls/settings: the weekly hours (Lagos time), call length, buffers, notice, days ahead and
 * daily cap, where the call happens, a preview of the next offered times computed from the values
 * as they are edited, the days off, and how to subscribe to the calls' calendar feed.
 */
export function CallSettingsPage() {
  const availability = useCallAvailability();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminBackLink to="/admin/calls">{copy.back}</AdminBackLink>
      <AdminScreenHeader path="/admin/calls/settings" copy={copy} />
      <AdminDataView query={availability} loading={copy.loading} error={copy.error}>
        {(saved) => (
          <div className="space-y-6">
            <SettingsForm saved={saved} />
            <Panel id="call-days-off-heading" title={copy.daysOffHeading} intro={copy.daysOffIntro}>
              <DaysOff daysOff={saved.daysOff} />
            </Panel>
            <Panel id="call-feed-heading" title={copy.feedHeading} intro={copy.feedIntro}>
              <code className="block overflow-x-auto rounded-xl bg-slate-100 px-4 py-3 text-sm text-ink">
                {copy.feedUrl(config.siteUrl)}
              </code>
            </Panel>
          </div>
        )}
      </AdminDataView>
    </div>
  );
}
