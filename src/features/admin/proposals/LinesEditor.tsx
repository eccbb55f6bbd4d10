import { Plus, Trash2 } from "lucide-react";
import { TextField } from "../../../components/ui/Field";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { CURRENCY_INFO, formatMoney, parseAmount, type Currency } from "../../../lib/money";
import { AmountField } from "./AmountField";
import { fieldId, newKey, type FormErrors, type LineInput } from "./proposal-form";

const copy = proposalsAdminCopy.editor;

const removeClasses =
  "inline-flex min-h-10 items-center gap-1 rounded-full px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-ring-danger";

/** A line's total while it is typed: its quantity times its price, or a dash until both read. */
function lineTotalText(line: LineInput, currency: Currency): string {
  const price = parseAmount(line.unitPrice, currency);
  const quantity = /^\d{1,6}$/.test(line.quantity.trim()) ? Number(line.quantity.trim()) : 0;
  return price.ok && quantity > 0 ? formatMoney(price.minorUnits * quantity, currency) : "—";
}

/**
 * The proposal's lines: the package first, then the extras, each a group of labelled fields (a row
 * on wide screens, stacked on a phone) with its total; an extra can be removed, and more added.
 */
export function LinesEditor({
  lines,
  currency,
  errors,
  onChange,
}: {
  lines: LineInput[];
  currency: Currency;
  errors: FormErrors;
  onChange: (lines: LineInput[]) => void;
}) {
  const symbol = CURRENCY_INFO[currency].symbol;
  let extras = 0;
  const update = (index: number, change: Partial<LineInput>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...change } : line)));

  return (
    <div className="space-y-4">
      {lines.map((line, index) => {
        const name = line.kind === "package" ? copy.packageLine : copy.extraLine(++extras);
        const key = (field: string) => `line-${index}-${field}`;
        return (
          <fieldset key={line.key} className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-bold text-ink">{name}</legend>
            <div className="grid gap-3 sm:grid-cols-[2fr_0.7fr_1.2fr]">
              <TextField
                id={fieldId(key("description"))}
                label={copy.descriptionLabel}
                value={line.description}
                maxLength={300}
                error={errors[key("description")]}
                onValueChange={(description) => update(index, { description })}
              />
              <TextField
                id={fieldId(key("quantity"))}
                label={copy.quantityLabel}
                value={line.quantity}
                inputMode="numeric"
                error={errors[key("quantity")]}
                onValueChange={(quantity) => update(index, { quantity })}
              />
              <AmountField
                id={fieldId(key("price"))}
                label={copy.unitPriceLabel(symbol)}
                value={line.unitPrice}
                error={errors[key("price")]}
                onValueChange={(unitPrice) => update(index, { unitPrice })}
              />
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
              <p>
                <span className="text-ink-muted">{copy.lineTotal}: </span>
                <span className="font-semibold tabular-nums text-ink">{lineTotalText(line, currency)}</span>
              </p>
              {line.kind === "extra" ? (
                <button
                  type="button"
                  className={removeClasses}
                  onClick={() => onChange(lines.filter((_, at) => at !== index))}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  {copy.removeLine(name)}
                </button>
              ) : null}
            </div>
          </fieldset>
        );
      })}
      <p className="text-sm text-ink-soft">{copy.unitPriceHint}</p>
      <button
        type="button"
        className="inline-flex min-h-10 items-center gap-2 rounded-full border-2 border-brand-700 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-ring"
        onClick={() =>
          onChange([...lines, { key: newKey(), kind: "extra", description: "", quantity: "1", unitPrice: "" }])
        }
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        {copy.addExtra}
      </button>
    </div>
  );
}
