import { useRef, type KeyboardEvent } from "react";
import { services, servicesPage } from "../../content/services";
import { cn } from "../../lib/cn";
import type { ServiceTabId } from "./use-service-tab";

export const SERVICES_PANEL_ID = "services-panel";
export const tabId = (id: ServiceTabId) => `service-tab-${id}`;

const tabs: { id: ServiceTabId; label: string }[] = [
  { id: "all", label: servicesPage.allTabLabel },
  ...services.map((service) => ({ id: service.id, label: service.name })),
];

/** ARIA tabs: arrow keys, Home and End move between tabs and open them. */
export function ServiceTabs({ active, onSelect }: { active: ServiceTabId; onSelect: (id: ServiceTabId) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    buttons.current[next]?.focus();
    onSelect(tab.id);
  }

  return (
    <div
      role="tablist"
      aria-label={servicesPage.tablistLabel}
      className="mx-auto flex max-w-full flex-wrap justify-center gap-2 rounded-3xl bg-white p-2 shadow-soft sm:w-fit sm:rounded-full"
    >
      {tabs.map((tab, index) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={selected}
            aria-controls={SERVICES_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "rounded-full px-4 py-2.5 text-sm font-semibold transition-colors focus-ring focus-visible:ring-offset-2 sm:px-5",
              selected
                ? "bg-brand-700 text-white shadow-soft"
                : "text-ink-muted hover:bg-brand-50 hover:text-brand-800",
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
