import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { TextField } from "../../../components/ui/Field";
import { toast } from "../../../components/ui/toast-store";
import { roleCopy, TEAM_ROLES, teamPageCopy, type TeamRole } from "../../../content/team";
import { ChoiceCards } from "../ChoiceCards";
import { errorMessage } from "../error-message";
import { useInvite } from "./queries";

const copy = teamPageCopy.invite;
// Every role but the Owner's (ownership is handed over, not invited), with what it may do.
const CHOICES = TEAM_ROLES.filter((role) => role !== "owner").map((value) => ({ value, ...roleCopy[value] }));

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
        <ChoiceCards
          name="invite-role"
          choices={CHOICES}
          value={role}
          onChange={setRole}
          columns={2}
          className="mt-2"
        />
      </fieldset>
      <Button type="submit" size="sm" disabled={invite.isPending}>
        {invite.isPending ? copy.submitting : copy.submit}
      </Button>
    </form>
  );
}
