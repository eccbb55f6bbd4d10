import { toast } from "../../../components/ui/toast-store";
import { securityCopy } from "../../../content/account";
import { runDetached } from "../../../lib/detached";
import { CheckboxField } from "../CheckboxField";
import { AdminDataView } from "../DataStates";
import { errorMessage } from "../error-message";
import { useSecondFactorRequired, useSetSecondFactorRequired } from "./queries";

const copy = securityCopy.requirement;

/**
 * The Owner's switch for the agency's requirement of a second factor. The database holds it and
 * enforces it (Owner, Administrators and Sales read no personal data below aal2 while it is on) and
 * refuses the change to anyone but the Owner signed in with an authenticator app: so the switch
 * waits until the Owner has one (`hasFactor`), and nobody turns on a rule that locks themselves out.
 */
export function SecondFactorRequirement({ hasFactor }: { hasFactor: boolean }) {
  const required = useSecondFactorRequired();
  const change = useSetSecondFactorRequired();

  async function toggle(on: boolean) {
    try {
      await change.mutateAsync(on);
      toast({ title: on ? copy.on : copy.off, variant: "success" });
    } catch (error) {
      toast({ title: copy.failed, description: errorMessage(error), variant: "error" });
    }
  }

  return (
    <AdminDataView query={required} loading={copy.loading} error={copy.error}>
      {(on) => (
        <CheckboxField
          label={copy.label}
          hint={hasFactor ? undefined : copy.needsOwnFactor}
          checked={on}
          disabled={!hasFactor || change.isPending}
          onChange={(checked) => runDetached(toggle(checked), "Changing the second-factor requirement")}
        />
      )}
    </AdminDataView>
  );
}
