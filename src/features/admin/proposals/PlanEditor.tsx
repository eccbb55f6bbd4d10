import { Plus, Trash2 } from "lucide-react";
import { SelectField, TextField } from "../../../components/ui/Field";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { formatMoney, type Currency } from "../../../lib/money";
import { basisPointsToPercent, evenShares, INSTALLMENT_DUES, type InstallmentDue } from "./plan";
import { fieldId, liveAmounts, newKey, sharesOf, type FormErrors, type PartInput } from "./proposal-form";

const copy = proposalsAdminCopy.editor;
const MAX_PARTS = 12;

/** The plan with its shares made even again, as a part is added or removed: the admin adjusts from there. */
function evened(plan: PartInput[]): PartInput[] {
  const shares = evenShares(plan.length);
  return plan.map((part, index) => ({ ...part, percent: basisPointsToPercent(shares[index]!) }));
}

/** A new milestone part before the last (the balance at completion stays last), after a lone deposit. */
function withPart(plan: PartInput[]): PartInput[] {
  const part: PartInput = { key: newKey(), label: copy.defaultLabels.part(plan.length), due: "milestone", percent: "" };
  return plan.length === 1 ? [...plan, part] : [...plan.slice(0, -1), part, ...plan.slice(-1)];
}

/**
 * The payment plan: each part's label, when it is due and its share, with the amount it comes to
 * (plan.ts: the parts add up to the total exactly, the rest on the last part), and the shares' sum.
 */
export function PlanEditor({
  plan,
  total,
  currency,
  errors,
  onChange,
}: {
  plan: PartInput[];
  total: number;
  currency: Currency;
  errors: FormErrors;
  onChange: (plan: PartInput[]) => void;
}) {
  const amounts = liveAmounts(plan, total);
  const shares = sharesOf(plan);
  const sum = shares.reduce<number>((all, share) => all + (share ?? 0), 0);
  const update = (index: number, change: Partial<PartInput>) =>
    onChange(plan.map((part, at) => (at === index ? { ...part, ...change } : part)));

  return (
    <div className="space-y-4">
      {plan.map((part, index) => {
        const name = copy.partName(index + 1);
        const key = (field: string) => `part-${index}-${field}`;
        return (
          <fieldset key={part.key} className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-bold text-ink">{name}</legend>
            <div className="grid gap-3 sm:grid-cols-[1.5fr_1.2fr_0.8fr]">
              <TextField
                id={fieldId(key("label"))}
                label={copy.partLabel}
                value={part.label}
                maxLength={80}
                error={errors[key("label")]}
                onValueChange={(label) => update(index, { label })}
              />
              <SelectField
                id={fieldId(key("due"))}
                label={copy.dueLabel}
                value={part.due}
                error={errors[key("due")]}
                onValueChange={(due) => update(index, { due: due as InstallmentDue })}
              >
                {INSTALLMENT_DUES.map((due) => (
                  <option key={due} value={due}>
                    {copy.dues[due]}
                  </option>
                ))}
              </SelectField>
              <TextField
                id={fieldId(key("share"))}
                label={copy.shareLabel}
                value={part.percent}
                inputMode="decimal"
                error={errors[key("share")]}
                onValueChange={(percent) => update(index, { percent })}
              />
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
              <p>
                <span className="text-ink-muted">{copy.partAmount}: </span>
                <output htmlFor={fieldId(key("share"))} className="font-semibold tabular-nums text-ink">
                  {amounts ? formatMoney(amounts[index]!, currency) : "—"}
                </output>
              </p>
              {plan.length > 1 ? (
                <button
                  type="button"
                  className="inline-flex min-h-10 items-center gap-1 rounded-full px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-ring-danger"
                  onClick={() => onChange(evened(plan.filter((_, at) => at !== index)))}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  {copy.removePart(name)}
                </button>
              ) : null}
            </div>
          </fieldset>
        );
      })}
      <p className={sum === 10_000 ? "text-sm text-ink-muted" : "text-sm font-semibold text-red-700"}>
        {copy.sharesTotal(basisPointsToPercent(sum))}
      </p>
      {errors.plan ? (
        <p id={fieldId("plan")} tabIndex={-1} className="text-sm font-medium text-red-700">
          {errors.plan}
        </p>
      ) : null}
      {plan.length < MAX_PARTS ? (
        <button
          type="button"
          className="inline-flex min-h-10 items-center gap-2 rounded-full border-2 border-brand-700 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-ring"
          onClick={() => onChange(evened(withPart(plan)))}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {copy.addPart}
        </button>
      ) : null}
    </div>
  );
}
