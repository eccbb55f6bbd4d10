import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/toast-store";
import { useConfirmation } from "./confirmation";
import { ConfirmDialog } from "./ConfirmDialog";
import { errorMessage } from "./error-message";

/** What a ConfirmButton says, kept together in the screen's copy. */
export interface ConfirmButtonWords {
  label: string;
  /** Said by the button and the dialog's confirm while the action runs. */
  busy: string;
  /** The dialog's title, description, confirm and cancel. */
  title: string;
  description: string;
  confirm: string;
  cancel: string;
  /** The toast's title when it worked; none when the screen shows it. */
  done?: string;
  /** The toast's title when it failed, above the error's own words. */
  failed: string;
}

/** A small outline button that runs its action after a ConfirmDialog, then says in a toast how it ended. */
export function ConfirmButton({ words, action }: { words: ConfirmButtonWords; action: () => Promise<unknown> }) {
  const { label, busy: busyLabel, done, failed } = words;
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
      <ConfirmDialog
        {...confirmation.dialog}
        title={words.title}
        description={words.description}
        confirmLabel={words.confirm}
        busyLabel={busyLabel}
        cancelLabel={words.cancel}
      />
    </>
  );
}
