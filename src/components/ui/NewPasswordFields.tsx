import { useState } from "react";
import { TextField, type TextFieldProps } from "./Field";
import { MIN_PASSWORD_LENGTH, resetPasswordCopy as copy } from "../../content/account";

export interface NewPasswordErrors {
  password?: string;
  again?: string;
}

/** What is wrong with a new password and its repetition, if anything (checked before any request). */
export function newPasswordErrors(password: string, again: string): NewPasswordErrors {
  return {
    password: password.length < MIN_PASSWORD_LENGTH ? copy.tooShort : undefined,
    again: password.length >= MIN_PASSWORD_LENGTH && again !== password ? copy.mismatch : undefined,
  };
}

interface NewPasswordValues {
  password: string;
  again: string;
  onPassword: (value: string) => void;
  onAgain: (value: string) => void;
}

/**
 * The new password and its repetition, as a form holds them: `fields` goes to `NewPasswordFields`,
 * `check` gives what `newPasswordErrors` finds in what was typed.
 */
export function useNewPassword() {
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const fields: NewPasswordValues = { password, again, onPassword: setPassword, onAgain: setAgain };
  return { password, check: () => newPasswordErrors(password, again), fields };
}

/** Either of the two: a password a manager may offer to generate, its error read out as it appears. */
function PasswordField(
  props: Pick<
    TextFieldProps,
    "id" | "label" | "hint" | "error" | "minLength" | "autoFocus" | "value" | "onValueChange"
  >,
) {
  return (
    <TextField {...props} announceError type="password" autoComplete="new-password" required requiredMark={false} />
  );
}

/**
 * A new password typed twice: the reset page and the join page ask for one the same way, with the
 * same rules (`newPasswordErrors`), hints and password-manager hints (`new-password`).
 */
export function NewPasswordFields(
  props: NewPasswordValues & { idPrefix: string; errors: NewPasswordErrors; autoFocus?: boolean },
) {
  return (
    <>
      <PasswordField
        id={`${props.idPrefix}-password`}
        label={copy.passwordLabel}
        hint={copy.passwordHint}
        error={props.errors.password}
        minLength={MIN_PASSWORD_LENGTH}
        autoFocus={props.autoFocus}
        value={props.password}
        onValueChange={props.onPassword}
      />
      <PasswordField
        id={`${props.idPrefix}-password-again`}
        label={copy.confirmLabel}
        error={props.errors.again}
        value={props.again}
        onValueChange={props.onAgain}
      />
    </>
  );
}
