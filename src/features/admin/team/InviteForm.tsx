import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { TextField } from "../../../components/ui/Field";
import { toast } from "../../../components/ui/toast-store";
import { roleCopy, TEAM_ROLES, teamPageCopy, type TeamRole } from "../../../content/team";
import { cn } from "../../../lib/cn";
import { errorMessage } from "../error-message";
import { useInvite } from "./queries";

const copy = teamPageCopy.invite;
const OFFERED = TEAM_ROLES.filter((role) => role !== "owner");

/** An address and a role (each with what it may do); api/team sends the e-mail. */
export function InviteForm() {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TeamRole>("author");
  const [error, setError] = useState("");
  const invite = useInvite();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError("");
    const address = email.trim();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) {
      setError(copy.invalidEmail);
      return;
    }
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (message) => {
          toast({ title: message, variant: "success" });
          setEmail("");
        },
        onError: (failure) => setError(`${copy.failed}: ${errorMessage(failure)}`),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={invite.isPending} className="space-y-5">
      <TextField
        id="invite-email"
        label={copy.emailLabel}
        type="email"
        autoComplete="off"
        required
        requiredMark={false}
        error={error}
        announceError
        value={email}
        onValueChange={setEmail}
      />
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{copy.roleLegend}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {OFFERED.map((value) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                role === value ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white",
              )}
            >
              <input
                type="radio"
                name="invite-role"
                value={value}
                checked={role === value}
                onChange={() => setRole(value)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
              />
              <span>
                <span className="block font-semibold text-ink">{roleCopy[value].label}</span>
                <span className="block text-ink-muted">{roleCopy[value].description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="sm" disabled={invite.isPending}>
        {invite.isPending ? copy.submitting : copy.submit}
      </Button>
    </form>
  );
}
