import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/Button";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/Field";
import { toast } from "../../../components/ui/toast-store";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { CURRENCIES, CURRENCY_INFO, formatMoney, type Currency } from "../../../lib/money";
import { runDetached } from "../../../lib/detached";
import { renderMarkdown } from "../../../lib/markdown";
import { CheckboxField } from "../CheckboxField";
import { ContentTabs } from "../editor/ContentTabs";
import { errorMessage } from "../error-message";
import { LeadPanel } from "../leads/LeadPanel";
import { AmountField } from "./AmountField";
import { DeleteDraftButton } from "./DeleteDraftButton";
import { LinesEditor } from "./LinesEditor";
import { PlanEditor } from "./PlanEditor";
import { fieldId, liveTotals, readForm, type FormErrors, type ProposalForm } from "./proposal-form";
import { useSaveDraft, useSendProposal } from "./queries";

const copy = proposalsAdminCopy.editor;

/** The form's fields typed as text, each bound to the form by its key alone (see `bind`). */
type TextKey = "title" | "validUntil" | "discount" | "scope" | "retainerAmount" | "retainerMonth";

/** The scope as the client will read it, through the posts' renderer (which escapes raw HTML). */
function ScopePreview({ scope }: { scope: string }) {
  if (!scope.trim()) {
    return (
      <p className="rounded-card border border-dashed border-slate-300 p-8 text-center text-ink-muted">
        {copy.scopeEmpty}
      </p>
    );
  }
  return <div className="post-body" dangerouslySetInnerHTML={{ __html: renderMarkdown(scope).html }} />;
}

/**
 * A draft's editor (a new one, or one saved before): details, lines and discount with the totals,
 * the scope, the payment plan and the retainer. Saving reads the form (proposal-form.ts) and, when a
 * field is refused, says so beside it and moves the focus there; what the database refuses is said
 * at the top. Nothing typed is ever cleared by a refusal. "Save and send" saves, then asks the
 * function for the client's link, which the proposal's page shows.
 */
export function ProposalEditor({
  proposalId,
  leadId,
  number,
  initial,
}: {
  proposalId: string | null;
  leadId: string;
  number: number | null;
  initial: ProposalForm;
}) {
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // A new draft's id once its first save made it: the next save updates it instead of making another.
  const [savedId, setSavedId] = useState(proposalId);
  const save = useSaveDraft();
  const send = useSendProposal();
  const busy = save.isPending || send.isPending;
  const totals = liveTotals(form);
  const symbol = CURRENCY_INFO[form.currency].symbol;
  const set = <K extends keyof ProposalForm>(key: K, value: ProposalForm[K]) =>
    setForm((was) => ({ ...was, [key]: value }));
  /** A text field's id, value, error and setter from its key, so that each field names it once. */
  const bind = (key: TextKey) => ({
    id: fieldId(key),
    value: form[key],
    error: errors[key],
    onValueChange: (value: string) => set(key, value),
  });

  async function submit(andSend: boolean) {
    setFailure(null);
    const read = readForm(form);
    if (!read.ok) {
      setErrors(read.errors);
      setFailure(copy.fixErrors);
      const first = Object.keys(read.errors)[0];
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    let id: string;
    try {
      id = await save.mutateAsync({ id: savedId, leadId, draft: read.draft });
      setSavedId(id);
    } catch (error) {
      setFailure(errorMessage(error));
      toast({ title: copy.saveFailed, description: errorMessage(error), variant: "error" });
      return;
    }
    if (!andSend) {
      toast({ title: copy.saved, variant: "success" });
      if (id !== proposalId) navigate(`/admin/proposals/${id}`, { replace: true });
      return;
    }
    try {
      const sent = await send.mutateAsync(id);
      toast({ title: copy.sent, description: sent.message, variant: "success" });
      navigate(`/admin/proposals/${id}`, { replace: true, state: { sentLink: sent.link } });
    } catch (error) {
      setFailure(errorMessage(error));
      toast({ title: copy.sendFailed, description: errorMessage(error), variant: "error" });
    }
  }

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        runDetached(submit(false), "Saving the proposal");
      }}
    >
      {failure ? (
        <p role="alert" className="rounded-card border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          {failure}
        </p>
      ) : null}

      <LeadPanel id="proposal-details-heading" title={copy.details}>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField {...bind("title")} className="sm:col-span-2" label={copy.titleLabel} maxLength={160} required />
          <SelectField
            id={fieldId("currency")}
            label={copy.currencyLabel}
            hint={copy.currencyHint}
            value={form.currency}
            onValueChange={(currency) => set("currency", currency as Currency)}
          >
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {proposalsAdminCopy.currencies[currency]}
              </option>
            ))}
          </SelectField>
          <TextField
            {...bind("validUntil")}
            type="date"
            label={copy.validUntilLabel}
            hint={copy.validUntilHint}
            required
          />
        </div>
      </LeadPanel>

      <LeadPanel id="proposal-lines-heading" title={copy.lines}>
        <div className="mt-4 space-y-4">
          {errors.lines ? <p className="text-sm font-medium text-red-700">{errors.lines}</p> : null}
          <LinesEditor
            lines={form.lines}
            currency={form.currency}
            errors={errors}
            onChange={(lines) => set("lines", lines)}
          />
          <AmountField {...bind("discount")} className="max-w-xs" label={copy.discountLabel(symbol)} />
          <dl className="ml-auto max-w-xs space-y-1 text-sm" aria-live="polite">
            {(
              [
                [copy.subtotal, totals.subtotal],
                [copy.discount, -totals.discount],
                [copy.total, totals.total],
              ] as const
            ).map(([label, amount]) => (
              <div
                key={label}
                className="flex justify-between gap-4 last:border-t last:border-slate-200 last:pt-1 last:font-bold"
              >
                <dt className="text-ink-muted">{label}</dt>
                <dd className="tabular-nums text-ink">{formatMoney(amount, form.currency)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </LeadPanel>

      <LeadPanel id="proposal-scope-heading" title={copy.scope}>
        <div className="mt-4">
          <ContentTabs
            write={
              <TextAreaField
                {...bind("scope")}
                label={copy.scopeLabel}
                hint={copy.scopeHint}
                rows={10}
                maxLength={20_000}
              />
            }
            preview={() => <ScopePreview scope={form.scope} />}
          />
        </div>
      </LeadPanel>

      <LeadPanel
        id="proposal-plan-heading"
        title={copy.plan}
        subtitle={<p className="mt-1 text-sm text-ink-muted">{copy.planIntro}</p>}
      >
        <div className="mt-4">
          <PlanEditor
            plan={form.plan}
            total={totals.total}
            currency={form.currency}
            errors={errors}
            onChange={(plan) => set("plan", plan)}
          />
        </div>
      </LeadPanel>

      <LeadPanel id="proposal-retainer-heading" title={copy.retainer}>
        <div className="mt-4 space-y-4">
          <CheckboxField
            label={copy.retainerLabel}
            checked={form.retainer}
            disabled={false}
            onChange={(on) => set("retainer", on)}
          />
          {form.retainer ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <AmountField {...bind("retainerAmount")} label={copy.retainerAmountLabel(symbol)} />
              <TextField
                {...bind("retainerMonth")}
                type="month"
                label={copy.retainerStartLabel}
                hint={copy.retainerStartHint}
                placeholder="2027-01"
              />
            </div>
          ) : null}
        </div>
      </LeadPanel>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {save.isPending && !send.isPending ? copy.saving : copy.save}
        </Button>
        <Button
          type="button"
          variant="accent"
          disabled={busy}
          onClick={() => runDetached(submit(true), "Sending the proposal")}
        >
          {send.isPending ? copy.sending : copy.send}
        </Button>
        {savedId ? <DeleteDraftButton id={savedId} number={number} leadId={leadId} /> : null}
      </div>
    </form>
  );
}
