import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  /** What choosing it means, under the label; without one, the card is the label on one line. */
  description?: ReactNode;
}

// Written out whole, so that Tailwind finds the classes.
const COLUMNS = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-3" };

/**
 * One choice among a few, as radio buttons drawn as cards in a grid (one column on phones): the
 * chosen card is tinted, and the card takes the keyboard's focus ring.
 */
export function ChoiceCards<T extends string>({
  name,
  choices,
  value,
  onChange,
  columns,
  className,
}: {
  name: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  columns: keyof typeof COLUMNS;
  /** Space around the grid. */
  className?: string;
}) {
  return (
    <div className={cn(className, "grid gap-2", COLUMNS[columns])}>
      {choices.map((choice) => {
        const chosen = choice.value === value;
        const described = choice.description !== undefined;
        return (
          <label
            key={choice.value}
            className={cn(
              "flex cursor-pointer gap-3 rounded-xl border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
              described ? "items-start" : "items-center font-semibold text-ink",
              chosen ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white",
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={chosen}
              onChange={() => onChange(choice.value)}
              // Beside two lines, the button stays level with the first.
              className={described ? "mt-0.5 h-4 w-4 shrink-0 accent-brand-700" : "h-4 w-4 accent-brand-700"}
            />
            {described ? (
              <span>
                <span className="block font-semibold text-ink">{choice.label}</span>
                <span className="block text-ink-muted">{choice.description}</span>
              </span>
            ) : (
              choice.label
            )}
          </label>
        );
      })}
    </div>
  );
}
