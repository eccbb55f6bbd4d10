import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { constants, runInThisContext } from "node:vm";
import { BOOTSTRAP_SCRIPT } from "../../scripts/bootstrap-script";
import { replayEarlyPress as scheduleReplay, stopKeepingPresses } from "./early-press";

/** The page's inline script, run as a page runs it: from here presses are kept. Its entry is an empty module. */
function keepEarlyPresses() {
  const script = document.createElement("script");
  script.dataset.entry = "data:text/javascript,";
  document.body.append(script);
  runInThisContext(BOOTSTRAP_SCRIPT, { importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
}

/** The idle callbacks asked for, run when the test says the main thread is idle. */
let idle: (() => void)[] = [];

beforeEach(() => {
  idle = [];
  vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
});

/** The first render has committed, then the main thread is idle. */
function replayEarlyPress() {
  scheduleReplay();
  for (const callback of idle.splice(0)) callback();
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

afterEach(() => {
  stopKeepingPresses();
  // Clears a press a test left kept.
  replayEarlyPress();
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe("a press made before the app started", () => {
  it("is made again, once, on the same button once the app has rendered", () => {
    keepEarlyPresses();
    const tab = button("button", "tab");
    tab.pressBeforeTheApp();
    replayEarlyPress();
    expect(tab.pressed).toHaveBeenCalledTimes(1);
    replayEarlyPress();
    expect(tab.pressed).toHaveBeenCalledTimes(1);
  });

  it("is the last one when there were several", () => {
    keepEarlyPresses();
    const first = button("button", "first");
    const second = button("button", "second");
    first.element.click();
    second.element.click();
    first.element.addEventListener("click", first.pressed);
    second.element.addEventListener("click", second.pressed);
    replayEarlyPress();
    expect(first.pressed).not.toHaveBeenCalled();
    expect(second.pressed).toHaveBeenCalledTimes(1);
  });

  it("is a press inside the button too (its icon or label)", () => {
    keepEarlyPresses();
    const menu = button("button", "menu");
    const icon = document.createElement("span");
    menu.element.append(icon);
    icon.click();
    menu.element.addEventListener("click", menu.pressed);
    replayEarlyPress();
    expect(menu.pressed).toHaveBeenCalledTimes(1);
  });

  it("is left alone on a submit button, which works as plain HTML", () => {
    keepEarlyPresses();
    const submit = button("submit", "send");
    // Not sent anywhere: jsdom would try to submit a form; there is none.
    submit.pressBeforeTheApp();
    replayEarlyPress();
    expect(submit.pressed).not.toHaveBeenCalled();
  });

  it("is not kept once hydration has started, when React answers presses itself", () => {
    keepEarlyPresses();
    stopKeepingPresses();
    const tab = button("button", "tab");
    tab.pressBeforeTheApp();
    replayEarlyPress();
    expect(tab.pressed).not.toHaveBeenCalled();
  });

  it("waits for the main thread to be idle: the page's route hydrates after the first commit", () => {
    keepEarlyPresses();
    const tab = button("button", "tab");
    tab.pressBeforeTheApp();
    scheduleReplay();
    expect(tab.pressed).not.toHaveBeenCalled();
    for (const callback of idle.splice(0)) callback();
    expect(tab.pressed).toHaveBeenCalledTimes(1);
  });

  it("is not made when the visitor has pressed again since the app started", () => {
    keepEarlyPresses();
    const menu = button("button", "menu");
    menu.element.click();
    stopKeepingPresses();
    menu.element.addEventListener("click", menu.pressed);
    // A second tap, answered by React's own handler.
    menu.element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    replayEarlyPress();
    expect(menu.pressed).toHaveBeenCalledTimes(1);
  });

  it("is dropped when its button has left the page or is disabled", () => {
    keepEarlyPresses();
    const gone = button("button", "gone");
    gone.pressBeforeTheApp();
    gone.element.remove();
    replayEarlyPress();
    expect(gone.pressed).not.toHaveBeenCalled();

    keepEarlyPresses();
    const off = button("button", "off");
    off.element.click();
    off.element.disabled = true;
    off.element.addEventListener("click", off.pressed);
    replayEarlyPress();
    expect(off.pressed).not.toHaveBeenCalled();
  });
});
