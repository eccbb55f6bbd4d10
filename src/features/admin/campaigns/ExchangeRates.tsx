import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { TextField } from "../../../components/ui/Field";
import { toast } from "../../../components/ui/toast-store";
import { AD_REPORT_CURRENCY, adSpendCopy } from "../../../content/ad-spend";
import { deleteExchangeRate, listExchangeRates, saveExchangeRate, type ExchangeRate } from "../data/ad-spend";
import { lagosDay } from "../period/period";
import { useSupabase } from "../supabase-context";
import { CampaignsPanel } from "./CampaignsPanel";

const copy = adSpendCopy.rates;
const ratesKey = ["campaigns", "exchange-rates"] as const;

/** The form's fields, each bound to it by its key (see `bind`). */
type RateField = "from" | "month" | "rate";

/** A rate as typed: digits with an optional point, above zero ("1550.25", "1,550.25"). */
function parseRate(text: string): number | null {
  const plain = text.trim().replace(/,/g, "");
  if (!/^\d+(\.\d{1,8})?$/.test(plain)) return null;
  const rate = Number(plain);
  return rate > 0 && rate < 1_000_000_000 ? rate : null;
}

/**
 * The monthly exchange rates the ad report converts an account's spend with (one unit of the
 * account's currency in naira), set by the Owner and Administrators: the database refuses anyone
 * else, and the Campaigns page shows this form only to them.
 */
export function ExchangeRates() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  const rates = useQuery({ queryKey: ratesKey, queryFn: async () => listExchangeRates(await supabase()) });
  const [form, setForm] = useState<Record<RateField, string>>(() => ({
    from: "USD",
    month: lagosDay(new Date()).slice(0, 7),
    rate: "",
  }));
  const [errors, setErrors] = useState<Partial<Record<RateField, string>>>({});
  /** A field's value, error and setter from its key, so that each field names it once. */
  const bind = (key: RateField) => ({
    value: form[key],
    error: errors[key],
    onValueChange: (value: string) => setForm((was) => ({ ...was, [key]: value })),
  });

  const changed = () => queryClient.invalidateQueries({ queryKey: ["campaigns"] });
  const save = useMutation({
    mutationFn: async (value: Pick<ExchangeRate, "from_currency" | "to_currency" | "month" | "rate">) =>
      saveExchangeRate(await supabase(), value),
    onSuccess: async () => {
      toast({ title: copy.saved, variant: "success" });
      setForm((was) => ({ ...was, rate: "" }));
      await changed();
    },
    onError: (error) => {
      console.error("Could not save the exchange rate", error);
      toast({ title: copy.failed, variant: "error" });
    },
  });
  const remove = useMutation({
    mutationFn: async (value: ExchangeRate) => deleteExchangeRate(await supabase(), value),
    onSuccess: async () => {
      toast({ title: copy.removed, variant: "success" });
      await changed();
    },
    onError: (error) => {
      console.error("Could not remove the exchange rate", error);
      toast({ title: copy.failed, variant: "error" });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = form.from.trim().toUpperCase();
    const parsed = parseRate(form.rate);
    const found = {
      ...(/^[A-Z]{3}$/.test(code) && code !== AD_REPORT_CURRENCY ? {} : { from: copy.invalidCurrency }),
      ...(/^\d{4}-\d{2}$/.test(form.month) ? {} : { month: copy.invalidMonth }),
      ...(parsed === null ? { rate: copy.invalidRate } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length || parsed === null) return;
    save.mutate({ from_currency: code, to_currency: AD_REPORT_CURRENCY, month: `${form.month}-01`, rate: parsed });
  }

  return (
    <CampaignsPanel id="exchange-rates" heading={copy.heading} intro={copy.intro}>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[8rem_12rem_12rem_auto] sm:items-end">
        <TextField id="rate-from" label={copy.from} {...bind("from")} maxLength={3} autoComplete="off" />
        <TextField id="rate-month" label={copy.month} type="month" {...bind("month")} />
        <TextField id="rate-value" label={copy.rate} inputMode="decimal" {...bind("rate")} autoComplete="off" />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? copy.saving : copy.save}
        </Button>
      </form>
      {rates.isPending ? (
        <p className="text-sm text-ink-muted">{copy.loading}</p>
      ) : rates.isError ? (
        <p className="text-sm text-red-700">{copy.error}</p>
      ) : rates.data.length === 0 ? (
        <p className="text-sm text-ink-muted">{copy.none}</p>
      ) : (
        <ul aria-label={copy.listLabel} className="divide-y divide-slate-100 text-sm">
          {rates.data.map((row) => {
            const shownMonth = row.month.slice(0, 7);
            return (
              <li
                key={`${row.from_currency}-${row.to_currency}-${row.month}`}
                className="flex items-center justify-between gap-3 py-2"
              >
                <span className="tabular-nums">
                  {adSpendCopy.rate(
                    row.from_currency,
                    row.to_currency,
                    shownMonth,
                    row.rate.toLocaleString("en-US", { maximumFractionDigits: 8 }),
                  )}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={copy.remove(row.from_currency, shownMonth)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(row)}
                >
                  {copy.removeButton}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </CampaignsPanel>
  );
}
