import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { runDetached } from "../../../lib/detached";

const copy = proposalsAdminCopy.editor;

/** The client's link the function answered, selectable, with a button that copies it. */
export function SentLink({ link }: { link: string }) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  }

  return (
    <section
      aria-labelledby="proposal-link-heading"
      className="rounded-card border border-emerald-200 bg-emerald-50 p-5"
    >
      <h2 id="proposal-link-heading" className="font-bold text-ink">
        {copy.linkLabel}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{copy.linkHint}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <input
          readOnly
          aria-labelledby="proposal-link-heading"
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 w-full min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 font-mono text-sm text-ink focus-ring sm:w-auto"
        />
        <button
          type="button"
          onClick={() => runDetached(copyLink(), "Copying the link")}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-ring focus-visible:ring-offset-2"
        >
          {status === "copied" ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )}
          {copy.copy}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm font-medium text-ink">
        {status === "copied" ? copy.copied : status === "failed" ? copy.copyFailed : ""}
      </p>
    </section>
  );
}
