import { useState } from "react";
import { Button } from "../../components/ui/Button";
import { TextAreaField } from "../../components/ui/Field";
import { LabelledSection } from "../../components/ui/LabelledSection";
import { proposalCopy } from "../../content/proposals";
import { runDetached } from "../../lib/detached";
import { declineProposal, type Refusal } from "./proposals-api";

const copy = proposalCopy.decline;
const REASON_MAX = 500;

interface DeclineBoxProps {
  token: string;
  onDeclined: () => void;
  /** A refusal that ends the page's proposal (404, 410, 409 answered); false when it is the box's to show. */
  onRefused: (refusal: Refusal) => boolean;
}

/** Declining, a secondary action: a short optional reason, then a confirmation. */
export function DeclineBox({ token, onDeclined, onRefused }: DeclineBoxProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const [sending, setSending] = useState(false);

  async function decline() {
    if (reason.trim().length > REASON_MAX) {
      setError({ field: copy.reasonTooLong });
      document.getElementById("decline-reason")?.focus();
      return;
    }
    setSending(true);
    const outcome = await declineProposal(token, reason);
    setSending(false);
    if (outcome.ok) return onDeclined();
    if (onRefused(outcome)) return;
    if (outcome.field === "reason") {
      setError({ field: outcome.message });
      document.getElementById("decline-reason")?.focus();
    } else setError({ form: outcome.message });
  }

  if (!open)
    return (
      <Button
        variant="ghost"
        onClick={() => {
          setOpen(true);
          // The box appears where the button was: its field takes the focus.
          requestAnimationFrame(() => document.getElementById("decline-reason")?.focus());
        }}
      >
        {copy.open}
      </Button>
    );
  return (
    <LabelledSection
      id="decline-heading"
      heading={copy.heading}
      className="w-full rounded-card border border-slate-200 p-5 sm:p-8"
      headingClassName="text-xl font-extrabold text-ink"
    >
      <TextAreaField
        id="decline-reason"
        className="mt-4"
        label={copy.reasonLabel}
        hint={copy.reasonHint}
        error={error.field}
        value={reason}
        onValueChange={setReason}
        rows={3}
        maxLength={REASON_MAX}
      />
      {error.form ? (
        <p role="alert" className="mt-3 font-medium text-red-700">
          {error.form}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-3">
        <Button variant="danger" disabled={sending} onClick={() => runDetached(decline(), "Declining the proposal")}>
          {sending ? copy.declining : copy.confirm}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {copy.keep}
        </Button>
      </div>
    </LabelledSection>
  );
}
