import type { ComponentProps } from "react";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/toast-store";
import { useConfirmation } from "./confirmation";
import { ConfirmDialog } from "./ConfirmDialog";
import { errorMessage } from "./error-message";

/** A small outline button that runs its action after a ConfirmDialog, then says in a toast how it ended. */
export function ConfirmButton({
  label,
  busyLabel,
  dialog,
  cancelLabel,
  done,
  failed,
  action,
}: {
  label: string;
  /** Said by the button and the dialog's confirm while the action runs. */
  busyLabel: string;
  /** The dialog's own words. */
  dialog: Pick<ComponentProps<typeof ConfirmDialog>, "title" | "description" | "confirmLabel">;
  cancelLabel: string;
  /** The toast's title when it worked; none when the screen shows it. */
  done?: string;
  /** The toast's title when it failed, above the error's own words. */
  failed: string;
  action: () => Promise<unknown>;
}) {
  const confirmation = useConfirmation<true>(
    () =>
      action().then(
        () => (done ? toast({ title: done, variant: "success" }) : null),
        (error: unknown) => toast({ title: failed, description: errorMessage(error), variant: "error" }),
      ),
    label,
  );
  const { busy } = confirmation.dialog;
  return (
    <>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => confirmation.ask(true)}>
        {busy ? busyLabel : label}
      </Button>
      <ConfirmDialog {...confirmation.dialog} {...dialog} busyLabel={busyLabel} cancelLabel={cancelLabel} />
    </>
  );
}
