import { TextField, type TextFieldProps } from "../../../components/ui/Field";

/**
 * An amount typed in the proposal's currency (a line's price, the discount, the retainer): the phone
 * offers its decimal keypad, and the browser fills in nothing of its own, as it might a card number.
 */
export function AmountField(props: Omit<TextFieldProps, "inputMode" | "autoComplete">) {
  return <TextField {...props} inputMode="decimal" autoComplete="off" />;
}
