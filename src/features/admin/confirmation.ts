import { useState } from "react";
import { runDetached } from "../../lib/detached";

/**
 * Asking before acting: what a ConfirmDialog is open for (`ask`), and the dialog's open, busy,
 * confirm and cancel, which run the action on it and close the dialog once the action has settled.
 */
export function useConfirmation<T>(act: (subject: T) => Promise<unknown>, doing: string) {
  const [subject, setSubject] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(on: T) {
    setBusy(true);
    try {
      await act(on);
    } finally {
      setBusy(false);
      setSubject(null);
    }
  }

  return {
    subject,
    ask: (on: T) => setSubject(on),
    dialog: {
      open: subject !== null,
      busy,
      onConfirm: () => {
        if (subject !== null) runDetached(run(subject), doing);
      },
      onCancel: () => setSubject(null),
    },
  };
}
