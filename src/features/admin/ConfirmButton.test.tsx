import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentToast, dismissToast } from "../../components/ui/toast-store";
import { ConfirmButton } from "./ConfirmButton";

/** An action the test settles itself, to see the button and the dialog while it runs. */
function heldAction() {
  let resolve = () => {};
  let reject: (error: Error) => void = () => {};
  const held = new Promise<void>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { resolve: () => resolve(), reject: (error: Error) => reject(error), action: vi.fn(() => held) };
}

function renderButton(action: () => Promise<unknown>, done?: string) {
  render(
    <ConfirmButton
      words={{
        label: "Stop the plan",
        busy: "Stopping...",
        title: "Stop the plan?",
        description: "It cannot be undone.",
        confirm: "Stop it",
        cancel: "Cancel",
        done,
        failed: "The plan was not stopped",
      }}
      action={action}
    />,
  );
}

afterEach(() => dismissToast());

describe("ConfirmButton", () => {
  it("acts only once confirmed, says its busy label on the button and the dialog meanwhile, then closes and says it worked", async () => {
    const user = userEvent.setup();
    const { action, resolve } = heldAction();
    renderButton(action, "Plan stopped");

    await user.click(screen.getByRole("button", { name: "Stop the plan" }));
    const dialog = screen.getByRole("alertdialog", { name: "Stop the plan?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Stop the plan" }));
    await user.click(screen.getByRole("button", { name: "Stop it" }));
    expect(action).toHaveBeenCalledOnce();
    const busy = screen.getAllByRole("button", { name: "Stopping..." });
    expect(busy).toHaveLength(2);
    for (const button of busy) expect(button).toBeDisabled();

    resolve();
    expect(await screen.findByRole("button", { name: "Stop the plan" })).toBeEnabled();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(currentToast()).toMatchObject({ title: "Plan stopped", variant: "success" });
  });

  it("closes on a failure too, and says it failed with the error's own words", async () => {
    const user = userEvent.setup();
    const { action, reject } = heldAction();
    renderButton(action);

    await user.click(screen.getByRole("button", { name: "Stop the plan" }));
    await user.click(screen.getByRole("button", { name: "Stop it" }));
    reject(new Error("The database refused it."));
    expect(await screen.findByRole("button", { name: "Stop the plan" })).toBeEnabled();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(currentToast()).toMatchObject({
      title: "The plan was not stopped",
      description: "The database refused it.",
      variant: "error",
    });
  });

  it("says nothing when it worked and has no words for that (the screen shows it)", async () => {
    const user = userEvent.setup();
    renderButton(async () => {});

    await user.click(screen.getByRole("button", { name: "Stop the plan" }));
    await user.click(screen.getByRole("button", { name: "Stop it" }));
    expect(await screen.findByRole("button", { name: "Stop the plan" })).toBeEnabled();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(currentToast()).toBeNull();
  });
});
