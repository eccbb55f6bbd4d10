import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { Field, TextField } from "../../../components/ui/Field";
import { toast } from "../../../components/ui/toast-store";
import { callsAdminCopy } from "../../../content/calls-admin";
import type { CallDayOffRow } from "../../../lib/database";
import { errorMessage } from "../error-message";
import { lagosDayStart, lagosLongDay } from "./call-time";
import { useAddDayOff, useRemoveDayOff } from "./queries";

const copy = callsAdminCopy.settings;

/** The upcoming days off, each removable, and a form to add one (a Lagos date and a note). */
export function DaysOff({ daysOff }: { daysOff: CallDayOffRow[] }) {
  const add = useAddDayOff();
  const remove = useRemoveDayOff();
  const [day, setDay] = useState("");
  const [note, setNote] = useState("");
  const [dayError, setDayError] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setDayError(copy.dayOffDateError);
      return;
    }
    setDayError("");
    add.mutate(
      { day, note },
      {
        onSuccess: () => {
          toast({ title: copy.dayOffAdded, variant: "success" });
          setDay("");
          setNote("");
        },
        onError: (error) => {
          const duplicate = typeof error === "object" && error !== null && "code" in error && error.code === "23505";
          if (duplicate) setDayError(copy.dayOffDuplicate);
          else toast({ title: copy.dayOffAddFailed, description: errorMessage(error), variant: "error" });
        },
      },
    );
  }

  return (
    <div className="space-y-4">
      {daysOff.length === 0 ? (
        <p className="text-sm text-ink-muted">{copy.daysOffNone}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {daysOff.map((off) => {
            const label = lagosLongDay(lagosDayStart(off.day));
            return (
              <li key={off.day} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">
                    <time dateTime={off.day}>{label}</time>
                  </p>
                  {off.note ? <p className="text-sm text-ink-muted break-words">{off.note}</p> : null}
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={copy.removeDayOff(label)}
                  disabled={remove.isPending && remove.variables === off.day}
                  onClick={() =>
                    remove.mutate(off.day, {
                      onSuccess: () => toast({ title: copy.dayOffRemoved, variant: "success" }),
                      onError: (error) =>
                        toast({ title: copy.dayOffRemoveFailed, description: errorMessage(error), variant: "error" }),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
        <Field id="day-off-date" label={copy.dayOffDate} error={dayError}>
          {(control) => <input {...control} type="date" value={day} onChange={(event) => setDay(event.target.value)} />}
        </Field>
        <TextField
          id="day-off-note"
          label={copy.dayOffNote}
          value={note}
          onValueChange={setNote}
          maxLength={200}
          className="min-w-0 flex-1 basis-full sm:basis-48"
        />
        <Button type="submit" size="sm" disabled={add.isPending} className="sm:mt-8">
          {add.isPending ? copy.addingDayOff : copy.addDayOff}
        </Button>
      </form>
    </div>
  );
}
