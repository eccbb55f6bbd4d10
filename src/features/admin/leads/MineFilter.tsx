import { assignmentCopy } from "../../../content/assignment";
import { cn } from "../../../lib/cn";

const copy = assignmentCopy;

const choice =
  "rounded-full px-4 py-1.5 text-sm font-semibold focus-ring aria-pressed:bg-brand-700 aria-pressed:text-white";

/**
 * Everyone's leads or only the signed-in member's: two buttons, the chosen one pressed. Kept in the
 * address with the other filters (`mine=1`), so "Mine" can be bookmarked.
 */
export function MineFilter({ mine, onChange }: { mine: boolean; onChange: (mine: boolean) => void }) {
  return (
    <div
      role="group"
      aria-label={copy.whose}
      className="inline-flex gap-1 rounded-full border border-slate-200 bg-white p-1 shadow-soft"
    >
      <button
        type="button"
        aria-pressed={!mine}
        className={cn(choice, !mine ? null : "text-ink hover:bg-brand-50")}
        onClick={() => onChange(false)}
      >
        {copy.everyone}
      </button>
      <button
        type="button"
        aria-pressed={mine}
        title={copy.mineHint}
        className={cn(choice, mine ? null : "text-ink hover:bg-brand-50")}
        onClick={() => onChange(true)}
      >
        {copy.mine}
      </button>
    </div>
  );
}
