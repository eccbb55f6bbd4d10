import {
  useCallback,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefCallback,
  type RefObject,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "../../lib/cn";
import { useTypedBeforeHydration } from "../../lib/use-typed-before-hydration";

/**
 * The one form field of the site and the admin: a label, the control, an optional hint and an
 * optional error, tied together with `aria-describedby` and `aria-invalid`. The contact form, the
 * editor, the sign-in form, the lead notes and the newsletter all draw their fields with it.
 *
 * `Field` lays out any control through a render prop that receives the props the control needs;
 * `TextField`, `TextAreaField` and `SelectField` are the common controls already wired.
 */

/** What `Field` hands its control: spread it on the input, textarea or select. */
interface FieldControlProps {
  id: string;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  className: string;
}

/**
 * How the control looks. `box`: full width under its label (most forms). `inline`: a box that sits
 * in a row beside a button (the editor's schedule time). `pill` and `pill-on-dark`: the rounded
 * input of the newsletter, on a white card or on the dark footer (the label turns white there).
 */
export type FieldVariant = "box" | "inline" | "pill" | "pill-on-dark";

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** Help under the control, announced with it. */
  hint?: ReactNode;
  /** What is wrong with the value; the control is marked invalid while it is set. */
  error?: ReactNode;
  /** Announces the error as it appears (role="alert"), for a field the focus is not moved to. */
  announceError?: boolean;
  /** Marks the control invalid while its error is told elsewhere (the newsletter's status line). */
  invalid?: boolean;
  /** Ids of descriptions outside the field (a status line), announced after the hint and the error. */
  describedBy?: string;
  /** Marks the label with an asterisk and the control as required. */
  required?: boolean;
  /** False where the form does not explain the asterisk (sign-in, the editor): the control stays required. */
  requiredMark?: boolean;
  /** "sm" for dense forms (contact, sign-in, lead notes); "md" for the editor's long fields. */
  labelSize?: "sm" | "md";
  variant?: FieldVariant;
  /** Classes of the wrapper (grid placement and the like). */
  className?: string;
  /** Extra classes of the control (a textarea's resize, a monospace body). */
  controlClassName?: string;
  /** Something beside the label (a character count, a link). */
  labelAside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

const controlBase: Record<FieldVariant, string> = {
  box: "mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink placeholder:text-ink-soft shadow-sm transition-colors focus-visible:border-brand-500 focus-ring disabled:cursor-not-allowed disabled:bg-slate-50",
  inline:
    "min-h-11 rounded-xl border bg-white px-4 text-ink transition-colors focus-visible:border-brand-500 focus-ring",
  pill: "min-h-12 w-full min-w-0 flex-1 rounded-full border border-brand-200 bg-white px-5 text-base text-ink placeholder:text-ink-soft transition-colors focus-visible:border-brand-500 focus-ring",
  "pill-on-dark":
    "min-h-12 w-full min-w-0 flex-1 rounded-full border border-white/20 bg-white/10 px-5 text-base text-white placeholder:text-brand-300 transition-colors focus-visible:border-accent-400 focus-ring-on-dark",
};

const onDark = (variant: FieldVariant) => variant === "pill-on-dark";

/** The classes of a control; a box is red-bordered while invalid (a pill's error is told beside it). */
function controlClasses(invalid: boolean, extra?: string, variant: FieldVariant = "box"): string {
  const border = variant === "box" || variant === "inline" ? (invalid ? "border-red-600" : "border-slate-300") : null;
  return cn(controlBase[variant], border, extra);
}

function hintIdOf(id: string): string {
  return `${id}-hint`;
}

function errorIdOf(id: string): string {
  return `${id}-error`;
}

export function Field({
  id,
  label,
  hint,
  error,
  announceError,
  invalid: invalidElsewhere,
  describedBy,
  required,
  requiredMark = true,
  labelSize = "sm",
  variant = "box",
  className,
  controlClassName,
  labelAside,
  children,
}: FieldProps) {
  const hasError = error !== undefined && error !== null && error !== false && error !== "";
  const invalid = hasError || Boolean(invalidElsewhere);
  const describedByIds =
    [hint ? hintIdOf(id) : null, hasError ? errorIdOf(id) : null, describedBy].filter(Boolean).join(" ") || undefined;
  const dark = onDark(variant);
  const labelElement = (
    <label
      htmlFor={id}
      className={cn(
        "block font-semibold",
        dark ? "text-white" : "text-ink",
        labelSize === "sm" ? "text-sm" : "text-base",
      )}
    >
      {label}
      {required && requiredMark ? (
        <span aria-hidden="true" className={dark ? "text-red-300" : "text-red-700"}>
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
        "aria-describedby": describedByIds,
        "aria-invalid": invalid ? true : undefined,
        className: controlClasses(invalid, controlClassName, variant),
      })}
      {hint ? (
        <p id={hintIdOf(id)} className={cn("mt-2 text-sm", dark ? "text-brand-200" : "text-ink-soft")}>
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p
          id={errorIdOf(id)}
          role={announceError ? "alert" : undefined}
          className={cn("mt-2 text-sm font-medium", dark ? "text-red-300" : "text-red-700")}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FrameProps = Omit<FieldProps, "children">;

const frameKeys = [
  "id",
  "label",
  "hint",
  "error",
  "announceError",
  "invalid",
  "describedBy",
  "required",
  "requiredMark",
  "labelSize",
  "variant",
  "className",
  "controlClassName",
  "labelAside",
] as const satisfies readonly (keyof FrameProps)[];

/** A field's props parted into the frame's (label, hint, error...) and the control's own. */
function splitFrame<P extends FrameProps>(props: P): [FrameProps, Omit<P, keyof FrameProps>] {
  const frame: Record<string, unknown> = {};
  const control: Record<string, unknown> = { ...props };
  for (const key of frameKeys) {
    frame[key] = props[key];
    delete control[key];
  }
  return [frame as unknown as FrameProps, control as Omit<P, keyof FrameProps>];
}

/** Controlled with `onValueChange` (the string itself) or plain `onChange`; both may be given. */
interface ValueProps {
  onValueChange?: (value: string) => void;
  /**
   * For a prerendered form: what the visitor typed before the page hydrated is handed to
   * `onValueChange` on mount, so it is neither lost to the empty state nor wiped by the next render.
   */
  keepTypedBeforeHydration?: boolean;
}

const noControl: RefObject<null> = { current: null };

/** The control's ref: the caller's, and the field's own when it adopts what was typed before hydration. */
function useControlRef<T extends HTMLInputElement | HTMLTextAreaElement>(
  outer: Ref<T> | undefined,
  keepTyped: boolean | undefined,
  value: unknown,
  adopt: ((value: string) => void) | undefined,
): RefCallback<T> {
  const own = useRef<T>(null);
  useTypedBeforeHydration(keepTyped ? own : noControl, typeof value === "string" ? value : "", (typed) =>
    adopt?.(typed),
  );
  return useCallback(
    (node: T | null) => {
      own.current = node;
      passNode(outer, node);
    },
    [outer],
  );
}

/** Hands `node` to a ref the caller gave, a callback or an object. */
function passNode<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === "function") ref(node);
  else if (ref) ref.current = node;
}

export type TextFieldProps = FrameProps &
  ValueProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "required"> & { inputRef?: Ref<HTMLInputElement> };

/** A labelled single-line input. */
export function TextField(props: TextFieldProps) {
  const [frame, { onValueChange, keepTypedBeforeHydration, onChange, inputRef, ...input }] = splitFrame(props);
  const ref = useControlRef(inputRef, keepTypedBeforeHydration, input.value, onValueChange);
  return (
    <Field {...frame}>
      {(control) => (
        <input
          ref={ref}
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

export type TextAreaFieldProps = Omit<FrameProps, "variant"> &
  ValueProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className" | "required"> & {
    textareaRef?: Ref<HTMLTextAreaElement>;
  };

/** A labelled multi-line input, resizable in height. */
export function TextAreaField(props: TextAreaFieldProps) {
  const [frame, { onValueChange, keepTypedBeforeHydration, onChange, textareaRef, ...textarea }] = splitFrame(props);
  const ref = useControlRef(textareaRef, keepTypedBeforeHydration, textarea.value, onValueChange);
  return (
    <Field {...frame} controlClassName={cn("resize-y", frame.controlClassName)}>
      {(control) => (
        <textarea
          ref={ref}
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
  Pick<ValueProps, "onValueChange"> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className" | "required"> & { children: ReactNode };

/** A labelled native select. */
export function SelectField(props: SelectFieldProps) {
  const [frame, { onValueChange, onChange, children, ...select }] = splitFrame(props);
  return (
    <Field {...frame}>
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
