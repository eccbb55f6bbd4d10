import { TextField } from "./Field";
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

/**
 * A new password typed twice: the reset page and the join page ask for one the same way, with the
 * same rules (`newPasswordErrors`), hints and password-manager hints (`new-password`).
 */
export function NewPasswordFields(props: {
  idPrefix: string;
  password: string;
  again: string;
  errors: NewPasswordErrors;
  onPassword: (value: string) => void;
  onAgain: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        id={`${props.idPrefix}-password`}
        label={copy.passwordLabel}
        hint={copy.passwordHint}
        error={props.errors.password}
        announceError
        type="password"
        autoComplete="new-password"
        required
        requiredMark={false}
        minLength={MIN_PASSWORD_LENGTH}
        autoFocus={props.autoFocus}
        value={props.password}
        onValueChange={props.onPassword}
      />
      <TextField
        id={`${props.idPrefix}-password-again`}
        label={copy.confirmLabel}
        error={props.errors.again}
        announceError
        type="password"
        autoComplete="new-password"
        required
        requiredMark={false}
        value={props.again}
        onValueChange={props.onAgain}
      />
    </>
  );
}
