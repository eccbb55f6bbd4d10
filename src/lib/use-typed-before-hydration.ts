import { useEffect, type RefObject } from "react";

/**
 * A visitor can type into a prerendered field, or tick a prerendered box, before React has hydrated
 * it. The browser keeps what was typed in the DOM, but React's state starts empty, so a submit would
 * send nothing and the next render would wipe the field. On mount, hand what the DOM holds to the
 * state once; later edits arrive through onChange as usual.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  current: string,
  adopt: (value: string) => void,
): void {
  useEffect(() => {
    const typed = ref.current?.value ?? "";
    if (typed && typed !== current) adopt(typed);
    // Once, on mount: only the DOM's state from before hydration is adopted here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * The same for a group of radios or checkboxes inside `ref`: the values of the boxes that are
 * checked in the DOM when React takes over, so the form can adopt a choice made before hydration.
 */
export function useCheckedBeforeHydration(
  ref: RefObject<HTMLElement | null>,
  adopt: (checked: string[]) => void,
): void {
  useEffect(() => {
    const boxes = ref.current?.querySelectorAll<HTMLInputElement>("input[type=radio], input[type=checkbox]") ?? [];
    const checked = [...boxes].filter((box) => box.checked).map((box) => box.value);
    if (checked.length) adopt(checked);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
