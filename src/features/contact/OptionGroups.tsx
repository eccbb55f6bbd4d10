import { useRef } from "react";
import type { Option } from "../../content/contact";
import { cn } from "../../lib/cn";
import { useCheckedBeforeHydration } from "../../lib/use-typed-before-hydration";

/**
 * The option groups of the contact form: radios or checkboxes drawn as pills in a fieldset named by
 * its legend. Its text fields are the shared ones (components/ui/Field.tsx); these groups stay here,
 * as no other form asks one of several fixed answers.
 */
const legendClass = "text-sm font-semibold text-ink";

const pillClass =
  "relative inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-ink transition-colors hover:border-brand-400 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500";

interface OptionPillsProps {
  type: "radio" | "checkbox";
  name: string;
  legend: string;
  options: Option[];
  /** The values checked now (a radio group's one value, or none). */
  checked: string[];
  onPick: (value: string) => void;
  className?: string;
}

/** A group of radios or checkboxes drawn as pills; the native inputs stay keyboard operable. */
function OptionPills({ type, name, legend, options, checked, onPick, className }: OptionPillsProps) {
  const ref = useRef<HTMLFieldSetElement>(null);
  // What the visitor checked before the script ran and React does not know yet: picked as if clicked.
  useCheckedBeforeHydration(ref, (found) => found.filter((value) => !checked.includes(value)).forEach(onPick));
  return (
    <fieldset ref={ref} className={className}>
      <legend className={legendClass}>{legend}</legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className={type === "checkbox" ? cn(pillClass, "rounded-xl") : pillClass}>
            <input
              type={type}
              name={name}
              value={option.value}
              checked={checked.includes(option.value)}
              onChange={() => onPick(option.value)}
              className="h-4 w-4 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface ChoiceGroupProps {
  name: string;
  legend: string;
  options: Option[];
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
}

/** One answer of several (radios). */
export function ChoiceGroup({ value, onValueChange, ...rest }: ChoiceGroupProps) {
  return <OptionPills type="radio" checked={[value]} onPick={onValueChange} {...rest} />;
}

interface CheckboxGroupProps {
  name: string;
  legend: string;
  options: Option[];
  values: string[];
  onToggle: (value: string) => void;
  className?: string;
}

/** Any number of answers (checkboxes). */
export function CheckboxGroup({ values, onToggle, ...rest }: CheckboxGroupProps) {
  return <OptionPills type="checkbox" checked={values} onPick={onToggle} {...rest} />;
}
