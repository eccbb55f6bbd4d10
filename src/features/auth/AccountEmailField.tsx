import { TextField } from "../../components/ui/Field";

interface AccountEmailFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  autoFocus?: boolean;
}

/**
 * The address a staff account signs in with, as the sign-in and the password-recovery forms ask for
 * it: required, and offered the browser's saved username.
 */
export function AccountEmailField(props: AccountEmailFieldProps) {
  return (
    <TextField
      {...props}
      labelSize="sm"
      type="email"
      name="email"
      required
      requiredMark={false}
      autoComplete="username"
    />
  );
}
