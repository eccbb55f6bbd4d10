import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/Field";
import { signInCopy } from "../../content/account";
import { normaliseCode } from "./second-factor";

interface CodeFormProps {
  id: string;
  label?: string;
  hint?: string;
  submitLabel?: string;
  busyLabel?: string;
  /** Checks the six digits; resolves to what to say under the field, or null when the code was accepted. */
  onSubmit: (code: string) => Promise<string | null>;
  /** Beside the button (Cancel, Use another account). */
  secondary?: ReactNode;
  autoFocus?: boolean;
}

/**
 * One field for a 6-digit code from an authenticator app: numeric keyboard on phones, the browser's
 * one-time-code autofill, and an error under the field (the field is emptied and focused again) when
 * the code is refused, so the admin simply types the next one.
 */
export function CodeForm({
  id,
  label = signInCopy.code.label,
  hint = signInCopy.code.hint,
  submitLabel = signInCopy.code.submit,
  busyLabel = signInCopy.code.submitting,
  onSubmit,
  secondary,
  autoFocus,
}: CodeFormProps) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const digits = normaliseCode(code);
    if (!digits) {
      setError(signInCopy.code.invalidFormat);
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const refused = await onSubmit(digits);
      setError(refused);
      if (refused) {
        setCode("");
        input.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-busy={busy} noValidate className="space-y-5">
      <TextField
        id={id}
        inputRef={input}
        label={label}
        hint={hint}
        error={error}
        announceError
        labelSize="sm"
        required
        requiredMark={false}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={7}
        autoFocus={autoFocus}
        controlClassName="font-mono text-2xl tracking-[0.3em]"
        value={code}
        onValueChange={setCode}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
