import { LockKeyhole } from "lucide-react";
import { useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/Field";
import { authCopy } from "../../content/account";
import { AccountEmailField } from "./AccountEmailField";

interface LoginFormProps {
  /** Resolves when the attempt is over; the form keeps what was typed either way. */
  onSubmit: (email: string, password: string) => Promise<unknown>;
  /** Why the last attempt failed, shown above the button and announced. */
  error?: string | null;
  /** Under the button, disabled with the form until hydration ('Forgot password?'). */
  footer?: ReactNode;
}

const noSubscription = () => () => {};

/**
 * False in the prerendered HTML and during hydration, true once React owns the form. The fields stay
 * disabled until then, so nothing typed or clicked before hydration is lost to a native submit.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** E-mail and password, both required; the button reads 'Signing in...' and is disabled while busy. */
export function LoginForm({ onSubmit, error, footer }: LoginFormProps) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onSubmit(email.trim(), password);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-busy={busy}>
      <fieldset disabled={!hydrated} className="space-y-5">
        <AccountEmailField id="login-email" label={authCopy.emailLabel} value={email} onValueChange={setEmail} />
        <TextField
          id="login-password"
          label={authCopy.passwordLabel}
          labelSize="sm"
          type="password"
          name="password"
          required
          requiredMark={false}
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
        <p role="alert" className={error ? "rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800" : "sr-only"}>
          {error}
        </p>
        <Button type="submit" disabled={busy} className="w-full">
          <LockKeyhole aria-hidden="true" className="h-4 w-4" />
          {busy ? authCopy.submitting : authCopy.submit}
        </Button>
        {footer}
      </fieldset>
    </form>
  );
}
