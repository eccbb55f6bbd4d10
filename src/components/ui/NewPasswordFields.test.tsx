import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { resetPasswordCopy } from "../../content/account";
import { NewPasswordFields, newPasswordErrors, useNewPassword, type NewPasswordErrors } from "./NewPasswordFields";

function Form() {
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setErrors(newPassword.check());
      }}
    >
      <NewPasswordFields idPrefix="test" errors={errors} {...newPassword.fields} />
      <button type="submit">Save</button>
    </form>
  );
}

describe("a new password typed twice", () => {
  it("asks for eight characters first, then for the same password twice", () => {
    expect(newPasswordErrors("short", "short")).toEqual({ password: resetPasswordCopy.tooShort, again: undefined });
    expect(newPasswordErrors("long enough", "long enougH")).toEqual({
      password: undefined,
      again: resetPasswordCopy.mismatch,
    });
    expect(newPasswordErrors("long enough", "long enough")).toEqual({ password: undefined, again: undefined });
  });

  it("shows the message beside its field and keeps what was typed", async () => {
    const user = userEvent.setup();
    render(<Form />);
    const password = screen.getByLabelText(resetPasswordCopy.passwordLabel);
    const again = screen.getByLabelText(resetPasswordCopy.confirmLabel);
    expect(password).toHaveAttribute("autocomplete", "new-password");
    await user.type(password, "long enough");
    await user.type(again, "not the same");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(again).toHaveAccessibleDescription(expect.stringContaining(resetPasswordCopy.mismatch));
    expect(password).toHaveValue("long enough");
    expect(again).toHaveValue("not the same");
  });
});
