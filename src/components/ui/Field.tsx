import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/**
 * The one form field of the site and the admin: a label, the control, an optional hint and an
 * optional error, tied together with `aria-describedby` and `aria-invalid`. The contact form, the
 * editor, the sign-in form, the lead notes and the newsletter all draw their fields with it.
 *
 * `Field` lays out any control through a render prop that receives the props the control needs;
 * `TextField`, `TextAreaField` and `SelectField` are the common controls already wired.
 */

/** What `Field` hands its control: spread it on the input, textarea or select. */
export interface FieldControlProps {
  id: string;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  className: string;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** Help under the control, announced with it. */
  hint?: ReactNode;
  /** What is wrong with the value; the control is marked invalid while it is set. */
  error?: ReactNode;
  /** Marks the label with an asterisk and the control as required. */
  required?: boolean;
  /** "sm" for dense forms (contact, sign-in, lead notes); "md" for the editor's long fields. */
  labelSize?: "sm" | "md";
  /** Classes of the wrapper (grid placement and the like). */
  className?: string;
  /** Extra classes of the control (a textarea's resize, a monospace body). */
  controlClassName?: string;
  /** Something beside the label (a character count, a link). */
  labelAside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

const controlBase =
  "mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink placeholder:text-ink-soft shadow-sm transition-colors focus-visible:border-brand-500 focus-ring disabled:cursor-not-allowed disabled:bg-slate-50";

/** The classes of a text control, red-bordered while invalid. */
export function controlClasses(invalid: boolean, extra?: string): string {
  return cn(controlBase, invalid ? "border-red-600" : "border-slate-300", extra);
}

export function hintIdOf(id: string): string {
  return `${id}-hint`;
}

export function errorIdOf(id: string): string {
  return `${id}-error`;
}

export function Field({ id, label, hint, error, required, labelSize = "sm", className, controlClassName, labelAside, children }: FieldProps) {
  const invalid = error !== undefined && error !== null && error !== false && error !== "";
  const describedBy = [hint ? hintIdOf(id) : null, invalid ? errorIdOf(id) : null].filter(Boolean).join(" ") || undefined;
  const labelElement = (
    <label htmlFor={id} className={cn("block font-semibold text-ink", labelSize === "sm" ? "text-sm" : "text-base")}>
      {label}
      {required ? (
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
  return (
    <div className={className}>
      {labelAside ? (
        <div className="flex items-baseline justify-between gap-3">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children({
        id,
        required: required || undefined,
        "aria-describedby": describedBy,
        "aria-invalid": invalid ? true : undefined,
        className: controlClasses(invalid, controlClassName),
      })}
      {hint ? (
        <p id={hintIdOf(id)} className="mt-2 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorIdOf(id)} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FrameProps = Omit<FieldProps, "children">;

/** Controlled with `onValueChange` (the string itself) or plain `onChange`; both may be given. */
interface ValueProps {
  onValueChange?: (value: string) => void;
}

export type TextFieldProps = FrameProps &
  ValueProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "required"> & { inputRef?: Ref<HTMLInputElement> };

/** A labelled single-line input. */
export function TextField({ id, label, hint, error, required, labelSize, className, controlClassName, labelAside, onValueChange, onChange, inputRef, ...input }: TextFieldProps) {
  return (
    <Field {...{ id, label, hint, error, required, labelSize, className, controlClassName, labelAside }}>
      {(control) => (
        <input
          ref={inputRef}
          {...input}
          {...control}
          onChange={(event) => {
            onChange?.(event);
            onValueChange?.(event.target.value);
          }}
        />
      )}
    </Field>
  );
}

export type TextAreaFieldProps = FrameProps &
  ValueProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className" | "required"> & { textareaRef?: Ref<HTMLTextAreaElement> };

/** A labelled multi-line input. */
export function TextAreaField({ id, label, hint, error, required, labelSize, className, controlClassName, labelAside, onValueChange, onChange, textareaRef, ...textarea }: TextAreaFieldProps) {
  return (
    <Field {...{ id, label, hint, error, required, labelSize, className, labelAside }} controlClassName={cn("resize-y", controlClassName)}>
      {(control) => (
        <textarea
          ref={textareaRef}
          {...textarea}
          {...control}
          onChange={(event) => {
            onChange?.(event);
            onValueChange?.(event.target.value);
          }}
        />
      )}
    </Field>
  );
}

export type SelectFieldProps = FrameProps &
  ValueProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className" | "required"> & { children: ReactNode };

/** A labelled native select. */
export function SelectField({ id, label, hint, error, required, labelSize, className, controlClassName, labelAside, onValueChange, onChange, children, ...select }: SelectFieldProps) {
  return (
    <Field {...{ id, label, hint, error, required, labelSize, className, controlClassName, labelAside }}>
      {(control) => (
        <select
          {...select}
          {...control}
          onChange={(event) => {
            onChange?.(event);
            onValueChange?.(event.target.value);
          }}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
