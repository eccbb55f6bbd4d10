import { TextAreaField, TextField, type TextAreaFieldProps, type TextFieldProps } from "../../../components/ui/Field";

/** The post form's fields: each named as the column it fills, with the id `post-<name>` and the editor's label size. */
type PostFieldProps<P> = Omit<P, "id" | "name" | "labelSize"> & { name: string };

const idOf = (name: string) => `post-${name.replace(/_/g, "-")}`;

export function PostTextField({ name, ...props }: PostFieldProps<TextFieldProps>) {
  return <TextField id={idOf(name)} name={name} labelSize="md" {...props} />;
}

export function PostTextAreaField({ name, ...props }: PostFieldProps<TextAreaFieldProps>) {
  return <TextAreaField id={idOf(name)} name={name} labelSize="md" {...props} />;
}
