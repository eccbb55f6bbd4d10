import type { ReactNode } from "react";

interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Why the form cannot go on unticked; the box is marked invalid and described by it while set. */
  error?: ReactNode;
}

/**
 * A box a form checks before sending (agreeing to a proposal's terms): the label beside the box and,
 * when the form refuses it, the error under both, tied to the box as Field ties a text control's.
 */
export function Checkbox({ id, label, checked, onCheckedChange, error }: CheckboxProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700 focus-ring"
        />
        <label htmlFor={id} className="text-sm text-ink">
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
