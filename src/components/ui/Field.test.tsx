import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, SelectField, TextAreaField, TextField } from "./Field";

function Controlled({ keepTyped = false }: { keepTyped?: boolean }) {
  const [name, setName] = useState("");
  return (
    <>
      <TextField
        id="name"
        label="Full name"
        value={name}
        onValueChange={setName}
        keepTypedBeforeHydration={keepTyped}
      />
      <output>name={name}</output>
    </>
  );
}

describe("Field", () => {
  it("names the control by its label", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByRole("textbox", { name: "Full name" });
    await user.click(screen.getByText("Full name"));
    expect(input).toHaveFocus();
    await user.type(input, "Ada");
    expect(screen.getByText("name=Ada")).toBeInTheDocument();
  });

  it("announces the hint with the control, and the error after it while there is one", () => {
    const { rerender } = render(
      <TextAreaField id="message" label="Message" hint="A line or two." value="" onValueChange={() => {}} />,
    );
    const message = screen.getByRole("textbox", { name: "Message" });
    expect(message).toHaveAccessibleDescription("A line or two.");
    expect(message).not.toHaveAttribute("aria-invalid");

    rerender(
      <TextAreaField
        id="message"
        label="Message"
        hint="A line or two."
        error="Please write a message."
        value=""
        onValueChange={() => {}}
      />,
    );
    expect(message).toHaveAccessibleDescription("A line or two. Please write a message.");
    expect(message).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Please write a message.")).toBeVisible();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("marks the control invalid only while an error is given, and announces it at once when asked", () => {
    const { rerender } = render(<TextField id="at" label="When" error="" />);
    expect(screen.getByRole("textbox", { name: "When" })).not.toHaveAttribute("aria-invalid");
    rerender(<TextField id="at" label="When" error="Pick a time in the future." announceError />);
    expect(screen.getByRole("textbox", { name: "When" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("Pick a time in the future.");
  });

  it("marks a required control with an asterisk that assistive technology does not read", () => {
    render(<TextField id="email" label="Email address" type="email" required />);
    const email = screen.getByRole("textbox", { name: "Email address" });
    expect(email).toBeRequired();
    const asterisk = screen.getByText("*");
    expect(asterisk).toHaveAttribute("aria-hidden", "true");
    expect(asterisk.closest("label")).toHaveAttribute("for", "email");
  });

  it("can leave the asterisk out where the form does not explain it, still requiring the value", () => {
    render(<TextField id="password" label="Password" type="password" required requiredMark={false} />);
    expect(screen.getByLabelText("Password")).toBeRequired();
    expect(screen.queryByText("*")).not.toBeInTheDocument();
  });

  it("lays out any control through its render prop, with descriptions from outside and an error told elsewhere", () => {
    render(
      <>
        <Field
          id="newsletter-email"
          label="Email address"
          variant="pill-on-dark"
          describedBy="newsletter-status"
          invalid
        >
          {(control) => <input type="email" {...control} />}
        </Field>
        <p id="newsletter-status">That address is already subscribed.</p>
      </>,
    );
    const email = screen.getByRole("textbox", { name: "Email address" });
    expect(email).toHaveAccessibleDescription("That address is already subscribed.");
    expect(email).toHaveAttribute("aria-invalid", "true");
  });

  it("draws a native select with its options", async () => {
    const user = userEvent.setup();
    let picked = "";
    render(
      <SelectField
        id="stage"
        label="Stage"
        hint="Where the lead stands."
        onValueChange={(value) => (picked = value)}
        defaultValue="new"
      >
        <option value="new">New</option>
        <option value="won">Won</option>
      </SelectField>,
    );
    const select = screen.getByRole("combobox", { name: "Stage" });
    expect(select).toHaveAccessibleDescription("Where the lead stands.");
    await user.selectOptions(select, "won");
    expect(picked).toBe("won");
  });

  it("keeps what was typed into the prerendered field before hydration, when asked to", async () => {
    for (const keepTyped of [true, false]) {
      const container = document.createElement("div");
      container.innerHTML = renderToString(<Controlled keepTyped={keepTyped} />);
      document.body.append(container);
      // The visitor types before the script has run: only the DOM knows.
      container.querySelector("input")!.value = "Typed early";
      const root = await act(async () => hydrateRoot(container, <Controlled keepTyped={keepTyped} />));
      expect(container.querySelector("output")).toHaveTextContent(keepTyped ? "name=Typed early" : "name=");
      act(() => root.unmount());
      container.remove();
    }
  });
});
