import { useState } from "react";

/**
 * True once `value` has differed from what it was on the first render. Content swaps use it to skip
 * the enter animation of what the page first shows: prerendered markup must be visible before any
 * JavaScript runs (an `initial` of opacity 0 would hide it until hydration and delay LCP).
 */
export function useChangedSinceMount<T>(value: T): boolean {
  const [first] = useState(value);
  const [changed, setChanged] = useState(false);
  const differs = !Object.is(value, first);
  if (differs && !changed) setChanged(true);
  return changed || differs;
}
