import type { RefObject } from "react";

/**
 * A field people never see or reach; form-filling bots fill it in, and the function that takes the
 * form (api/contact, api/calls) treats a filled one as a bot's. Off screen rather than hidden, so a
 * bot that skips hidden fields still finds it; out of the tab order and of the accessibility tree.
 */
export function Honeypot({ id, inputRef }: { id: string; inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website (leave empty)</label>
      <input ref={inputRef} id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
