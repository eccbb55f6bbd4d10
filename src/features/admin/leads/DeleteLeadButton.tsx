import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "../../../components/ui/toast-store";
import { leadsCopy } from "../../../content/leads";
import { eraseLead } from "../data/lead-erasure";
import { getSupabase } from "../../../lib/supabase";
import { ConfirmDialog } from "../ConfirmDialog";

const copy = leadsCopy.erase;

/**
 * Erases the lead (a visitor's erasure request), after a confirmation that names the person and
 * their address, then returns to the inbox with a message. The database takes the history with it
 * and records the erasure (src/features/admin/data/lead-erasure.ts).
 */
export function DeleteLeadButton({ lead, onErased }: { lead: { id: string; full_name: string; email: string }; onErased?: () => void }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function erase() {
    setBusy(true);
    try {
      await eraseLead(await getSupabase(), lead.id);
      setOpen(false);
      toast({ title: copy.done, description: copy.doneBody(lead.full_name), variant: "success" });
      onErased?.();
      navigate("/admin/leads", { replace: true });
    } catch (error) {
      toast({ title: copy.failed, description: error instanceof Error ? error.message : String(error), variant: "error" });
    } finally {
      setBusy(false);
    }
  }

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
        busy={busy}
        onConfirm={() => void erase()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
