import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/Button";
import { signInCopy } from "../../content/account";
import { AccountEmailField } from "./AccountEmailField";
import { isRateLimited, rateLimitMessage } from "./auth-errors";

interface ForgotPasswordFormProps {
  /** Asks for the recovery e-mail (`resetPasswordForEmail`); its outcome is never shown, only a wait. */
  requestReset: (email: string) => Promise<unknown>;
  onBack: () => void;
}

/**
 * 'Forgot password?': the address, then always the same answer whether or not it has an account, and
 * whatever went wrong, except a rate limit, whose wait is worth knowing and says nothing of the account.
 */
export function ForgotPasswordForm({ requestReset, onBack }: ForgotPasswordFormProps) {
  const copy = signInCopy.forgot;
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; waiting: boolean } | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setAnswer(null);
    let waiting = false;
    try {
      await requestReset(email.trim());
    } catch (error) {
      waiting = isRateLimited(error);
      if (!waiting) console.error("Password recovery request failed", error);
    } finally {
      setBusy(false);
    }
    setAnswer({ text: waiting ? rateLimitMessage() : copy.sent, waiting });
  }

  return (
    <div>
      <h2 className="text-xl font-bold text-ink">{copy.heading}</h2>
      <p className="mt-2 text-ink-muted">{copy.intro}</p>
      <form onSubmit={handleSubmit} aria-busy={busy} className="mt-6 space-y-5">
        <AccountEmailField id="forgot-email" label={copy.emailLabel} autoFocus value={email} onValueChange={setEmail} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? copy.submitting : copy.submit}
        </Button>
      </form>
      <p
        role={answer?.waiting ? "alert" : "status"}
        className={answer ? "mt-5 rounded-xl bg-brand-50 p-4 text-sm text-ink" : "sr-only"}
      >
        {answer?.text}
      </p>
      <button
        type="button"
        onClick={onBack}
        className="mt-5 rounded text-sm font-semibold text-brand-700 hover:underline focus-ring"
      >
        {copy.back}
      </button>
    </div>
  );
}
