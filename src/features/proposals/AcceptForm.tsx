import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/Button";
import { Checkbox } from "../../components/ui/Checkbox";
import { TextField } from "../../components/ui/Field";
import { LabelledSection } from "../../components/ui/LabelledSection";
import { proposalCopy } from "../../content/proposals";
import type { AcceptAnswer, ProposalView } from "../../lib/proposals/contract";
import { runDetached } from "../../lib/detached";
import { acceptProposal, type Refusal } from "./proposals-api";

const copy = proposalCopy.accept;
const NAME_MAX = 120;

interface AcceptFormProps {
  token: string;
  proposal: ProposalView;
  onAccepted: (answer: AcceptAnswer) => void;
  /** 409 changed: the page loads the terms again; what was typed stays. */
  onChanged: () => Promise<void>;
  /** A refusal that ends the page's proposal (404, 410); false when it is the form's to show. */
  onRefused: (refusal: Refusal) => boolean;
}

/**
 * Accepting: the typed full name, the box that agrees to the terms, and the button. The name and the
 * box are checked here first (errors tied to their fields); the function then checks the name again
 * and that the terms are the ones shown (termsSha256). Whatever is refused, what was typed stays.
 */
export function AcceptForm({ token, proposal, onAccepted, onChanged, onRefused }: AcceptFormProps) {
  const [name, setName] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; agree?: string; form?: string }>({});
  const [sending, setSending] = useState(false);

  async function submit() {
    const typed = name.trim();
    const found = {
      ...(typed ? {} : { name: copy.nameRequired }),
      ...(typed.length > NAME_MAX ? { name: copy.nameTooLong } : {}),
      ...(agreed ? {} : { agree: copy.agreeRequired }),
    };
    setErrors(found);
    if (found.name || found.agree) {
      document.getElementById(found.name ? "accept-name" : "accept-agree")?.focus();
      return;
    }
    setSending(true);
    const outcome = await acceptProposal(token, typed, proposal.termsSha256);
    setSending(false);
    if (outcome.ok) return onAccepted(outcome.value);
    if (outcome.status === 409 && outcome.reason === "changed") {
      setAgreed(false);
      return onChanged();
    }
    if (onRefused(outcome)) return;
    if (outcome.field === "name") {
      setErrors({ name: outcome.message });
      document.getElementById("accept-name")?.focus();
    } else setErrors({ form: outcome.message });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!sending) runDetached(submit(), "Accepting the proposal");
  }

  return (
    <LabelledSection
      id="accept-heading"
      heading={copy.heading}
      className="rounded-card border border-brand-100 bg-brand-50/60 p-5 sm:p-8"
      headingClassName="text-xl font-extrabold text-ink"
    >
      <p className="mt-2 text-ink-muted">{copy.intro}</p>
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
        <TextField
          id="accept-name"
          label={copy.nameLabel}
          hint={copy.nameHint}
          error={errors.name}
          value={name}
          onValueChange={setName}
          autoComplete="name"
          maxLength={NAME_MAX + 20}
          required
          requiredMark={false}
        />
        <Checkbox
          id="accept-agree"
          label={copy.agreeLabel}
          checked={agreed}
          onCheckedChange={setAgreed}
          error={errors.agree}
        />
        {errors.form ? (
          <p role="alert" className="font-medium text-red-700">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" variant="primary" disabled={sending}>
          {sending ? copy.submitting : copy.submit}
        </Button>
      </form>
    </LabelledSection>
  );
}
