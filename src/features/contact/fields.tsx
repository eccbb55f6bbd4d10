import { useRef, type InputHTMLAttributes, type RefObject } from "react";
import type { Option } from "../../content/contact";
import { cn } from "../../lib/cn";
import { useCheckedBeforeHydration, useTypedBeforeHydration } from "../../lib/use-typed-before-hydration";

/** Form controls of the contact page: native inputs with native labels, groups as fieldsets. */
const controlClass =
  "mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink placeholder:text-ink-soft shadow-sm transition-colors focus-ring";
const labelClass = "block text-sm font-semibold text-ink";
const legendClass = "text-sm font-semibold text-ink";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value" | "id"> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function TextField({ id, label, value, onValueChange, error, inputRef, required, className, ...rest }: TextFieldProps) {
  const errorId = `${id}-error`;
  const ownRef = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(inputRef ?? ownRef, value, onValueChange);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
      </label>
      <input
        id={id}
        ref={inputRef ?? ownRef}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(controlClass, error ? "border-red-600" : "border-slate-300")}
        {...rest}
      />
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextAreaFieldProps {
  id: string;
  name?: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  rows?: number;
  className?: string;
}

export function TextAreaField({ id, name, label, value, onValueChange, error, rows = 4, className }: TextAreaFieldProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const errorId = `${id}-error`;
  useTypedBeforeHydration(ref, value, onValueChange);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        name={name}
        rows={rows}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(controlClass, "resize-y", error ? "border-red-600" : "border-slate-300")}
      />
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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
            <input type={type} name={name} value={option.value} checked={checked.includes(option.value)} onChange={() => onPick(option.value)} className="h-4 w-4 accent-brand-700" />
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
