import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/** The look of a text input or textarea on a white form: one definition for every form of the site. */
const fieldClasses =
  "mt-2 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-ink placeholder:text-ink-soft focus-visible:border-brand-500 focus-ring";

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  /** Help under the field, announced with it (aria-describedby). */
  hint?: ReactNode;
  /** "sm" for compact forms such as sign-in. */
  labelSize?: "sm" | "md";
}

function hintId(id: string) {
  return `${id}-hint`;
}

function FieldFrame({ id, label, hint, labelSize = "md", children }: FieldFrameProps & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={cn("font-semibold text-ink", labelSize === "sm" && "text-sm")}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId(id)} className="mt-2 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">;

/** A labelled single-line input, with an optional hint tied to it. */
export function TextField({ id, label, hint, labelSize, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} labelSize={labelSize}>
      <input id={id} aria-describedby={hint ? hintId(id) : undefined} className={fieldClasses} {...input} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">;

/** A labelled multi-line input, with an optional hint tied to it. */
export function TextAreaField({ id, label, hint, labelSize, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} labelSize={labelSize}>
      <textarea id={id} aria-describedby={hint ? hintId(id) : undefined} className={fieldClasses} {...textarea} />
    </FieldFrame>
  );
}
