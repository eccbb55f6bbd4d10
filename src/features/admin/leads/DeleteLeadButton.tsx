import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { leadsCopy } from "../../../content/leads";
import { ConfirmDialog } from "../ConfirmDialog";
import { useEraseLead } from "./queries";

const copy = leadsCopy.erase;

/**
 * Erases the lead (a visitor's erasure request), after a confirmation that names the person and
 * their address, then returns to the inbox with a message. The database takes the history with it
 * and records the erasure (data/lead-erasure.ts); the inbox, its figures and the new-leads badge are
 * read again (useEraseLead).
 */
export function DeleteLeadButton({ lead }: { lead: { id: string; full_name: string; email: string } }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const erase = useEraseLead(() => {
    setOpen(false);
    navigate("/admin/leads", { replace: true });
  });

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-2 rounded-full border border-red-200 px-4 py-2 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 focus-ring-danger focus-visible:ring-offset-2"
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {copy.button}
      </button>
      <ConfirmDialog
        open={open}
        title={copy.title(lead.full_name)}
        description={copy.body(lead.full_name, lead.email)}
        confirmLabel={copy.confirm}
        busyLabel={copy.busy}
        cancelLabel={copy.cancel}
        busy={erase.isPending}
        onConfirm={() => erase.mutate(lead)}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
