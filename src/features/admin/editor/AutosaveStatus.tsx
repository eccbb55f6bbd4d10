import { revisionsCopy } from "../../../content/revisions";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import type { AutosaveState } from "./use-server-autosave";

const copy = revisionsCopy;

/** The autosave's quiet line under the editor, announced politely to screen readers. */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  const text =
    state.kind === "saved"
      ? copy.autosaved(formatLagosDateTime(state.at))
      : state.kind === "saving"
        ? copy.autosaving
        : state.kind === "offline"
          ? copy.offline
          : "";
  return (
    <p role="status" aria-live="polite" className="min-h-5 text-xs text-ink-muted">
      {text}
    </p>
  );
}
