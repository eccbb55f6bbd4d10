import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "../../../components/ui/toast-store";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { ConfirmDialog } from "../ConfirmDialog";
import { errorMessage } from "../error-message";
import { proposalNumber } from "./proposal-format";
import { useDeleteDraft } from "./queries";

const copy = proposalsAdminCopy.editor;

/** Deletes a draft after a confirmation, then goes back to the lead it was for. */
export function DeleteDraftButton({ id, number, leadId }: { id: string; number: number | null; leadId: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteDraft();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="ml-auto inline-flex items-center gap-2 rounded-full border border-red-200 px-4 py-2 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 focus-ring-danger focus-visible:ring-offset-2"
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {copy.delete}
      </button>
      <ConfirmDialog
        open={open}
        title={copy.deleteTitle(number === null ? copy.newHeading : proposalNumber(number))}
        description={copy.deleteBody}
        confirmLabel={copy.deleteConfirm}
        busyLabel={copy.deleting}
        cancelLabel={copy.cancel}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: copy.deleted, variant: "success" });
              navigate(`/admin/leads/${leadId}`, { replace: true });
            },
            onError: (error) => {
              setOpen(false);
              toast({ title: copy.deleteFailed, description: errorMessage(error), variant: "error" });
            },
          })
        }
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
