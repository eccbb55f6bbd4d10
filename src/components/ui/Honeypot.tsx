import type { RefObject } from "react";

/**
 * A field people never see or reach; form-filling bots fill it in. The enquiry and booking forms
 * send it as `website`, and their functions (api/contact, api/calls) treat a filled one as a bot.
 */
export function Honeypot({ id, inputRef }: { id: string; inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website (leave empty)</label>
      <input ref={inputRef} id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
