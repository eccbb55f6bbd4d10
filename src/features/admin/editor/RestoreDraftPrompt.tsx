import { RotateCcw } from "lucide-react";
import { Button } from "../../../components/ui/Button";
import { adminCopy } from "../../../content/admin";
import { formatLagosDateTime } from "../../../lib/lagos-time";

const copy = adminCopy.form;

interface RestoreDraftPromptProps {
  /** When the unsaved work was kept in this browser. */
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Offers back the unsaved work this browser kept for the post: restore it or discard it. */
export function RestoreDraftPrompt({ savedAt, onRestore, onDiscard }: RestoreDraftPromptProps) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-card border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-ink">
        <RotateCcw aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
        {copy.unsavedFound(formatLagosDateTime(savedAt))}
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onRestore}>
          {copy.restore}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDiscard}>
          {copy.discard}
        </Button>
      </div>
    </div>
  );
}
