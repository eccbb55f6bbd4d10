import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { adminCopy } from "../../../content/admin";
import { cn } from "../../../lib/cn";

const copy = adminCopy.form;
type Tab = "write" | "preview";

const tabClasses =
  "rounded-full px-4 py-2 text-sm font-semibold transition-colors focus-ring focus-visible:ring-offset-2";

/**
 * Write and Preview tabs around the content field (WAI-ARIA tabs: arrow keys move between them).
 * The writing panel stays mounted while previewing, so the text, the caret and the undo history
 * are where the admin left them.
 */
export function ContentTabs({ write, preview }: { write: ReactNode; preview: () => ReactNode }) {
  const id = useId();
  const [tab, setTab] = useState<Tab>("write");
  const refs = { write: useRef<HTMLButtonElement>(null), preview: useRef<HTMLButtonElement>(null) };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next: Tab =
      event.key === "Home" ? "write" : event.key === "End" ? "preview" : tab === "write" ? "preview" : "write";
    setTab(next);
    refs[next].current?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={copy.editorTabsLabel}
        onKeyDown={onKeyDown}
        className="inline-flex gap-1 rounded-full bg-slate-100 p-1"
      >
        {(["write", "preview"] as const).map((name) => (
          <button
            key={name}
            ref={refs[name]}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={cn(
              tabClasses,
              tab === name ? "bg-white text-brand-800 shadow-soft" : "text-ink-muted hover:text-ink",
            )}
          >
            {name === "write" ? copy.writeTab : copy.previewTab}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-write-panel`}
        aria-labelledby={`${id}-write-tab`}
        hidden={tab !== "write"}
        className="mt-4"
      >
        {write}
      </div>
      <div
        role="tabpanel"
        id={`${id}-preview-panel`}
        aria-labelledby={`${id}-preview-tab`}
        hidden={tab !== "preview"}
        tabIndex={0}
        className="mt-4 focus-ring"
      >
        {tab === "preview" ? preview() : null}
      </div>
    </div>
  );
}
