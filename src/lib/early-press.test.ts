import { afterEach, describe, expect, it, vi } from "vitest";
import { constants, runInThisContext } from "node:vm";
import { BOOTSTRAP_SCRIPT } from "../../scripts/bootstrap-script";
import { replayEarlyPress as scheduleReplay, stopKeepingPresses } from "./early-press";
import { nextTask } from "./next-task";

/** The page's inline script, run as a page runs it: from here presses are kept. Its entry is an empty module. */
function keepEarlyPresses() {
  const script = document.createElement("script");
  script.dataset.entry = "data:text/javascript,";
  document.body.append(script);
  runInThisContext(BOOTSTRAP_SCRIPT, { importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
}

/** The first render has committed, then the next task has run (timers run in the order they were set). */
async function replayEarlyPress() {
  scheduleReplay();
  await nextTask();
}

function button(type: "button" | "submit", id: string) {
  const element = document.createElement("button");
  element.type = type;
  element.id = id;
  document.body.append(element);
  const pressed = vi.fn();
  /** A press before the app started, then the app's handler, which arrives with hydration. */
  const pressBeforeTheApp = () => {
    element.click();
    element.addEventListener("click", pressed);
  };
  return { element, pressed, pressBeforeTheApp };
}

afterEach(async () => {
  stopKeepingPresses();
  // Clears a press a test left kept.
  await replayEarlyPress();
  document.body.replaceChildren();
});

describe("a press made before the app started", () => {
  it("is made again, once, on the same button once the app has rendered", async () => {
    keepEarlyPresses();
    const tab = button("button", "tab");
    tab.pressBeforeTheApp();
    await replayEarlyPress();
    expect(tab.pressed).toHaveBeenCalledTimes(1);
    await replayEarlyPress();
    expect(tab.pressed).toHaveBeenCalledTimes(1);
  });

  it("is the last one when there were several", async () => {
    keepEarlyPresses();
    const first = button("button", "first");
    const second = button("button", "second");
    first.element.click();
    second.element.click();
    first.element.addEventListener("click", first.pressed);
    second.element.addEventListener("click", second.pressed);
    await replayEarlyPress();
    expect(first.pressed).not.toHaveBeenCalled();
    expect(second.pressed).toHaveBeenCalledTimes(1);
  });

  it("is a press inside the button too (its icon or label)", async () => {
    keepEarlyPresses();
    const menu = button("button", "menu");
    const icon = document.createElement("span");
    menu.element.append(icon);
    icon.click();
    menu.element.addEventListener("click", menu.pressed);
    await replayEarlyPress();
    expect(menu.pressed).toHaveBeenCalledTimes(1);
  });

  it("is left alone on a submit button, which works as plain HTML", async () => {
    keepEarlyPresses();
    const submit = button("submit", "send");
    // Not sent anywhere: jsdom would try to submit a form; there is none.
    submit.pressBeforeTheApp();
    await replayEarlyPress();
    expect(submit.pressed).not.toHaveBeenCalled();
  });

  it("is not kept once hydration has started, when React answers presses itself", async () => {
    keepEarlyPresses();
    stopKeepingPresses();
    const tab = button("button", "tab");
    tab.pressBeforeTheApp();
    await replayEarlyPress();
    expect(tab.pressed).not.toHaveBeenCalled();
  });

  it("waits for a task of its own, out of React's commit, which could not hydrate the route to answer it", async () => {
    keepEarlyPresses();
    const tab = button("button", "tab");
    tab.pressBeforeTheApp();
    scheduleReplay();
    expect(tab.pressed).not.toHaveBeenCalled();
    await nextTask();
    expect(tab.pressed).toHaveBeenCalledTimes(1);
  });

  it("is not made when the visitor has pressed again since the app started", async () => {
    keepEarlyPresses();
    const menu = button("button", "menu");
    menu.element.click();
    stopKeepingPresses();
    menu.element.addEventListener("click", menu.pressed);
    // A second tap, answered by React's own handler.
    menu.element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await replayEarlyPress();
    expect(menu.pressed).toHaveBeenCalledTimes(1);
  });

  it("is dropped when its button has left the page or is disabled", async () => {
    keepEarlyPresses();
    const gone = button("button", "gone");
    gone.pressBeforeTheApp();
    gone.element.remove();
    await replayEarlyPress();
    expect(gone.pressed).not.toHaveBeenCalled();

    keepEarlyPresses();
    const off = button("button", "off");
    off.element.click();
    off.element.disabled = true;
    off.element.addEventListener("click", off.pressed);
    await replayEarlyPress();
    expect(off.pressed).not.toHaveBeenCalled();
  });
});
