import { Settings } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { ButtonLink } from "../../../components/ui/Button";
import { TextAreaField } from "../../../components/ui/Field";
import { toast } from "../../../components/ui/toast-store";
import { callsAdminCopy } from "../../../content/calls-admin";
import { cn } from "../../../lib/cn";
import { AdminScreenHeader } from "../AdminPageHeader";
import { ConfirmDialog } from "../ConfirmDialog";
import type { CallListItem } from "../data/calls";
import { AdminDataView, EmptyState } from "../DataStates";
import { errorMessage } from "../error-message";
import { CallItem, type CallHandlers } from "./CallItem";
import { callName } from "./call-format";
import { lagosDay as lagosDayOf, lagosDayStart, lagosMoment } from "./call-time";
import { CallWeek } from "./CallWeek";
import { useCallList, useCancelCall, useMarkCall } from "./queries";

const copy = callsAdminCopy.list;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function CallSection({
  title,
  calls,
  none,
  handlers,
}: {
  title: string;
  calls: CallListItem[];
  none: string;
  handlers: CallHandlers;
}) {
  const id = `calls-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {calls.length === 0 ? (
        <p className="text-sm text-ink-muted">{none}</p>
      ) : (
        <ul className="space-y-3">
          {calls.map((call) => (
            <CallItem key={call.id} call={call} handlers={handlers} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /admin/calls: the discovery calls, as a list (upcoming, then the latest past ones) or a week in
 * Lagos time (`?view=week`, `&week=<a day of it>`), each linked to its lead; mark a call completed or
 * a no-show, or cancel it with a note the visitor's cancellation e-mail carries.
 */
export function CallsPage() {
  // useLocation and useNavigate rather than useSearchParams, as in LeadsPage: the router's
  // search-params code would otherwise join every public page's entry script (0.3 KB on a post).
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const setParams = (next: Record<string, string>, options: { replace: boolean }) => {
    const query = new URLSearchParams(next).toString();
    navigate(query ? `?${query}` : "/admin/calls", options);
  };
  const week = params.get("week");
  const view = params.get("view") === "week" || week ? "week" : "list";
  const anchor = week && DAY_PATTERN.test(week) ? lagosDayStart(week) : new Date();
  const calls = useCallList();
  const mark = useMarkCall();
  const cancel = useCancelCall();
  const [pending, setPending] = useState<CallListItem | null>(null);
  const [note, setNote] = useState("");
  const [now] = useState(() => new Date());

  const handlers: CallHandlers = {
    now,
    busyId: mark.isPending ? (mark.variables?.id ?? null) : null,
    onMark: (call, status) =>
      mark.mutate(
        { id: call.id, status },
        {
          onSuccess: () =>
            toast({ title: status === "completed" ? copy.markedCompleted : copy.markedNoShow, variant: "success" }),
          onError: (error) => toast({ title: copy.markFailed, description: errorMessage(error), variant: "error" }),
        },
      ),
    onCancel: (call) => {
      setNote("");
      setPending(call);
    },
  };

  function confirmCancel() {
    if (!pending) return;
    cancel.mutate(
      { id: pending.id, note },
      {
        onSuccess: () => {
          toast({ title: callsAdminCopy.cancel.done, variant: "success" });
          setPending(null);
        },
        onError: (error) =>
          toast({ title: callsAdminCopy.cancel.failed, description: errorMessage(error), variant: "error" }),
      },
    );
  }

  function showView(next: "list" | "week") {
    setParams(next === "week" ? { view: "week" } : {}, { replace: true });
  }

  const tab = (value: "list" | "week", label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => showView(value)}
      className={cn(
        "rounded-lg px-3 py-1.5 text-sm font-semibold focus-ring",
        view === value ? "bg-brand-700 text-white" : "text-ink hover:bg-slate-100",
      )}
    >
      {label}
    </button>
  );

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminScreenHeader
        path="/admin/calls"
        copy={copy}
        actions={
          <ButtonLink to="/admin/calls/settings" size="sm" variant="outline">
            <Settings aria-hidden="true" className="h-4 w-4" />
            {copy.settingsLink}
          </ButtonLink>
        }
      />
      <div
        role="group"
        aria-label={copy.view}
        className="inline-flex gap-1 rounded-xl border border-slate-200 bg-white p-1 shadow-soft"
      >
        {tab("list", copy.listView)}
        {tab("week", copy.weekView)}
      </div>
      {view === "week" ? (
        <CallWeek
          anchor={anchor}
          onAnchor={(day) => setParams({ view: "week", week: lagosDayOf(day) }, { replace: true })}
          handlers={handlers}
        />
      ) : (
        <AdminDataView
          query={calls}
          loading={copy.loading}
          error={copy.error}
          isEmpty={(list) => list.upcoming.length === 0 && list.past.length === 0}
          empty={<EmptyState message={copy.empty} />}
        >
          {(list) => (
            <div className="space-y-8">
              <CallSection title={copy.upcoming} calls={list.upcoming} none={copy.noUpcoming} handlers={handlers} />
              <CallSection title={copy.past} calls={list.past} none={copy.noPast} handlers={handlers} />
            </div>
          )}
        </AdminDataView>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={callsAdminCopy.cancel.title}
        description={
          pending ? callsAdminCopy.cancel.body(callName(pending), lagosMoment(new Date(pending.starts_at))) : ""
        }
        confirmLabel={callsAdminCopy.cancel.confirm}
        busyLabel={callsAdminCopy.cancel.busy}
        cancelLabel={callsAdminCopy.cancel.keep}
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setPending(null)}
      >
        <TextAreaField
          id="cancel-call-note"
          label={callsAdminCopy.cancel.noteLabel}
          hint={callsAdminCopy.cancel.noteHint}
          value={note}
          onValueChange={setNote}
          maxLength={1000}
          rows={3}
        />
      </ConfirmDialog>
    </div>
  );
}
