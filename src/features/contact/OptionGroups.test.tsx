import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CheckboxGroup, ChoiceGroup } from "./OptionGroups";

const options = [
  { value: "speed", label: "Speed" },
  { value: "lead-form", label: "Lead form" },
  { value: "shop", label: "E-commerce" },
];

function Choices() {
  const [value, setValue] = useState("");
  const [values, setValues] = useState<string[]>([]);
  const toggle = (item: string) =>
    setValues((current) => (current.includes(item) ? current.filter((other) => other !== item) : [...current, item]));
  return (
    <>
      <ChoiceGroup name="focus" legend="Main focus" options={options} value={value} onValueChange={setValue} />
      <CheckboxGroup name="features" legend="Features" options={options} values={values} onToggle={toggle} />
      <p>
        focus={value} features={values.join(",")}
      </p>
    </>
  );
}

describe("ChoiceGroup and CheckboxGroup", () => {
  it("are groups named by their legend: one radio answer, any number of checkbox answers", async () => {
    const user = userEvent.setup();
    render(<Choices />);
    const focus = screen.getByRole("group", { name: "Main focus" });
    const features = screen.getByRole("group", { name: "Features" });
    expect(within(focus).getAllByRole("radio")).toHaveLength(3);
    expect(within(features).getAllByRole("checkbox")).toHaveLength(3);

    await user.click(within(focus).getByRole("radio", { name: "Speed" }));
    await user.click(within(focus).getByRole("radio", { name: "E-commerce" }));
    expect(within(focus).getByRole("radio", { name: "E-commerce" })).toBeChecked();
    expect(within(focus).getByRole("radio", { name: "Speed" })).not.toBeChecked();

    await user.click(within(features).getByRole("checkbox", { name: "Speed" }));
    await user.click(within(features).getByRole("checkbox", { name: "Lead form" }));
    await user.click(within(features).getByRole("checkbox", { name: "Speed" }));
    expect(screen.getByText("focus=shop features=lead-form")).toBeInTheDocument();
    expect(within(features).getByRole("checkbox", { name: "Lead form" })).toHaveAttribute("name", "features");
  });
});
