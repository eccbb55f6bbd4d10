import { TextField } from "../../../components/ui/Field";
import { callsAdminCopy } from "../../../content/calls-admin";
import type { NumberField, SettingsDraft } from "./settings-form";

const copy = callsAdminCopy.settings;

const FIELDS: { field: NumberField; label: string; hint?: string }[] = [
  { field: "callMinutes", label: copy.callMinutes },
  { field: "bufferBeforeMinutes", label: copy.bufferBefore, hint: copy.bufferHint },
  { field: "bufferAfterMinutes", label: copy.bufferAfter },
  { field: "minNoticeHours", label: copy.minNotice },
  { field: "horizonDays", label: copy.horizon, hint: copy.horizonHint },
  { field: "maxPerDay", label: copy.maxPerDay, hint: copy.maxPerDayHint },
];

/** Call length, buffers, notice, days ahead and the daily cap, as typed. */
export function CallRulesFields({
  draft,
  errors,
  onChange,
}: {
  draft: SettingsDraft;
  errors: Partial<Record<NumberField, string>>;
  onChange: (field: NumberField, value: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {FIELDS.map(({ field, label, hint }) => (
        <TextField
          key={field}
          id={`call-${field}`}
          label={label}
          hint={hint}
          error={errors[field]}
          inputMode="numeric"
          value={draft[field]}
          onValueChange={(value) => onChange(field, value)}
        />
      ))}
    </div>
  );
}
