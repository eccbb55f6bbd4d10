import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/Button";
import { toast } from "../../../components/ui/toast-store";
import { securityCopy } from "../../../content/account";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { CodeForm, submitSecondFactorCode } from "../../auth";
import type { Authenticator } from "../data/security";
import { errorMessage } from "../error-message";
import { useSupabase } from "../supabase-context";
import { useRemoveAuthenticator } from "./queries";

const copy = securityCopy.factors;

/** Removing asks for a current code first: the session reaches aal2, then `mfa.unenroll`. */
function RemoveAuthenticator({ factor, last, onClose }: { factor: Authenticator; last: boolean; onClose: () => void }) {
  const supabase = useSupabase();
  const remove = useRemoveAuthenticator();
  async function confirm(code: string): Promise<string | null> {
    const refused = await submitSecondFactorCode(code, supabase);
    if (refused) return refused;
    try {
      await remove.mutateAsync(factor.id);
    } catch (error) {
      return errorMessage(error);
    }
    toast({ title: copy.removed(factor.name), variant: "success" });
    onClose();
    return null;
  }
  return (
    <div className="mt-4 space-y-3 rounded-xl border border-red-200 bg-red-50/50 p-4">
      <h3 className="font-bold text-ink">{copy.removeHeading(factor.name)}</h3>
      <p className="text-sm text-ink-muted">{copy.removeIntro}</p>
      {last ? <p className="text-sm font-medium text-red-800">{copy.removeLast}</p> : null}
      <CodeForm
        id={`remove-code-${factor.id}`}
        autoFocus
        submitLabel={copy.removeConfirm}
        busyLabel={copy.removing}
        onSubmit={confirm}
        secondary={
          <Button variant="ghost" onClick={onClose}>
            {copy.cancel}
          </Button>
        }
      />
    </div>
  );
}

/** The verified authenticator apps, each with its name, when it was added, and Remove. */
export function AuthenticatorList({ factors }: { factors: Authenticator[] }) {
  const [removing, setRemoving] = useState<string | null>(null);
  return (
    <ul className="divide-y divide-slate-100">
      {factors.map((factor) => (
        <li key={factor.id} className="py-4 first:pt-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex min-w-0 items-center gap-3">
              <KeyRound aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
              <div className="min-w-0">
                <p className="break-words font-semibold text-ink">{factor.name}</p>
                <p className="text-sm text-ink-soft">{copy.added(formatLagosDateTime(factor.addedAt))}</p>
              </div>
            </div>
            {removing === factor.id ? null : (
              <Button
                size="sm"
                variant="outline"
                aria-label={`${copy.remove} ${factor.name}`}
                onClick={() => setRemoving(factor.id)}
              >
                {copy.remove}
              </Button>
            )}
          </div>
          {removing === factor.id ? (
            <RemoveAuthenticator factor={factor} last={factors.length === 1} onClose={() => setRemoving(null)} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
