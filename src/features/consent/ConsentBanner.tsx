import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { Link } from "../../components/ui/Link";
import { toast } from "../../components/ui/toast-store";
import { consentCopy } from "../../content/consent";
import type { Consent } from "../../lib/consent";
import { saveConsent, type ConsentChoice } from "../../lib/consent-cookies";
import { cn } from "../../lib/cn";

export interface ConsentBannerProps {
  initialView: "choice" | "settings";
  /** The choice this browser holds, shown in the settings view; none on a first visit. */
  current: Consent | null;
  /** Opened from the footer: focus moves to it now. A first visit's banner never takes the focus. */
  openedByVisitor: boolean;
  onClose: (focusWasInside: boolean) => void;
}

/**
 * The consent choice, loaded only when needed (ConsentHost). A non-modal region fixed to the bottom of
 * the screen, as GOV.UK's cookie banner is: the page stays usable and nothing is sent until the
 * visitor chooses. Accept and Reject look the same. Escape never counts as a choice: it goes back
 * from the settings to the short choice, or closes settings opened from the footer unchanged.
 */
export default function ConsentBanner({ initialView, current, openedByVisitor, onClose }: ConsentBannerProps) {
  const [view, setView] = useState(initialView);
  const [adUserData, setAdUserData] = useState(current?.adUserData ?? false);
  const [adPersonalization, setAdPersonalization] = useState(current?.adPersonalization ?? false);
  const region = useRef<HTMLDivElement>(null);
  const settingsHeading = useRef<HTMLHeadingElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<"settings" | "choose" | null>(openedByVisitor ? "settings" : null);
  const id = useId();

  useEffect(() => {
    const target =
      focusNext.current === "settings"
        ? settingsHeading.current
        : focusNext.current === "choose"
          ? chooseButton.current
          : null;
    focusNext.current = null;
    target?.focus();
  }, [view]);

  function showView(next: "choice" | "settings") {
    focusNext.current = next === "settings" ? "settings" : "choose";
    setView(next);
  }

  function decide(choice: ConsentChoice) {
    saveConsent(choice);
    toast({ title: consentCopy.saved, variant: "success" });
    onClose(!!region.current?.contains(document.activeElement));
  }

  function leaveSettings() {
    if (openedByVisitor) onClose(!!region.current?.contains(document.activeElement));
    else showView("choice");
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape" || view !== "settings") return;
    event.stopPropagation();
    leaveSettings();
  }

  const titleId = `${id}-title`;

  if (view === "choice") {
    return (
      // Phones: a compact bar along the foot of the screen, below the hero's call to action. Tablets:
      // a card at the bottom left. Wide screens: a card at the bottom right, beside the WhatsApp button,
      // over the hero's illustration rather than its call to action (left) on short laptop screens.
      <div ref={region} role="region" aria-labelledby={titleId} className={cn(frame, "px-4 py-3 sm:max-w-md sm:p-5")}>
        <ConsentSummary
          titleId={titleId}
          chooseRef={chooseButton}
          onDecide={decide}
          onChoose={() => showView("settings")}
        />
      </div>
    );
  }

  return (
    <div
      ref={region}
      role="region"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      className={cn(frame, "max-h-[85vh] overflow-y-auto p-4 sm:max-w-lg sm:p-6")}
    >
      <ConsentSettings
        id={id}
        titleId={titleId}
        headingRef={settingsHeading}
        purposes={[
          { name: "adUserData", checked: adUserData, onChange: setAdUserData },
          { name: "adPersonalization", checked: adPersonalization, onChange: setAdPersonalization },
        ]}
        onDecide={decide}
        onSave={() => decide({ adUserData, adPersonalization })}
        leaveLabel={openedByVisitor ? consentCopy.close : consentCopy.back}
        onLeave={leaveSettings}
      />
    </div>
  );
}

const choiceButton =
  "inline-flex min-h-11 items-center justify-center rounded-full border-2 border-brand-700 bg-white px-4 text-sm font-semibold text-brand-800 transition-colors hover:bg-brand-50 focus-ring focus-visible:ring-offset-2";
const saveButton =
  "col-span-2 inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-800 focus-ring focus-visible:ring-offset-2";
const frame =
  "fixed inset-x-0 bottom-0 z-50 border-t border-brand-100 bg-white text-ink shadow-lift print:hidden sm:bottom-6 sm:left-6 sm:right-auto sm:w-full sm:rounded-2xl sm:border lg:left-auto lg:right-24";

const rejectAll: ConsentChoice = { adUserData: false, adPersonalization: false };
const acceptAll: ConsentChoice = { adUserData: true, adPersonalization: true };

function PolicyLink() {
  return (
    <Link to="/privacy" className="font-semibold text-brand-700 underline underline-offset-2 focus-ring">
      {consentCopy.policyLink}
    </Link>
  );
}

interface ConsentSummaryProps {
  titleId: string;
  /** The "let me choose" button, focused when the visitor comes back from the settings. */
  chooseRef: Ref<HTMLButtonElement>;
  onDecide: (choice: ConsentChoice) => void;
  onChoose: () => void;
}

/** The short choice a first visit shows: what is asked, and Reject, Accept or Let me choose. */
function ConsentSummary({ titleId, chooseRef, onDecide, onChoose }: ConsentSummaryProps) {
  return (
    <>
      <div>
        <h2 id={titleId} className="text-base font-bold">
          {consentCopy.title}
        </h2>
        <p className="mt-1 text-sm leading-snug text-ink-muted">{consentCopy.text}</p>
        <p className="text-sm leading-snug text-ink-muted">
          {consentCopy.promise} <PolicyLink />
        </p>
      </div>
      <div className="mt-3 grid grid-cols-3 gap-2">
        <button type="button" className={choiceButton} onClick={() => onDecide(rejectAll)}>
          {consentCopy.reject}
        </button>
        <button type="button" className={choiceButton} onClick={() => onDecide(acceptAll)}>
          {consentCopy.accept}
        </button>
        <button
          ref={chooseRef}
          type="button"
          className={cn(choiceButton, "border-transparent underline underline-offset-2")}
          onClick={onChoose}
        >
          {consentCopy.choose}
        </button>
      </div>
    </>
  );
}

type PurposeKey = keyof typeof consentCopy.purposes;

interface Purpose {
  name: PurposeKey;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

interface ConsentSettingsProps {
  /** The banner's id, which the purposes' labels and descriptions are named after. */
  id: string;
  titleId: string;
  /** The heading, focused when the settings open. */
  headingRef: Ref<HTMLHeadingElement>;
  purposes: Purpose[];
  onDecide: (choice: ConsentChoice) => void;
  onSave: () => void;
  leaveLabel: string;
  onLeave: () => void;
}

/** The settings: a switch per purpose, Reject all, Accept all, Save, and Back (or Close from the footer). */
function ConsentSettings({
  id,
  titleId,
  headingRef,
  purposes,
  onDecide,
  onSave,
  leaveLabel,
  onLeave,
}: ConsentSettingsProps) {
  return (
    <>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none">
        {consentCopy.settingsTitle}
      </h2>
      <p className="mt-1 text-sm leading-snug text-ink-muted">
        {consentCopy.settingsText} <PolicyLink />
      </p>
      <ul className="mt-4 space-y-3">
        {purposes.map((purpose) => (
          <PurposeToggle key={purpose.name} id={`${id}-${purpose.name}`} {...purpose} />
        ))}
      </ul>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <button type="button" className={choiceButton} onClick={() => onDecide(rejectAll)}>
          {consentCopy.rejectAll}
        </button>
        <button type="button" className={choiceButton} onClick={() => onDecide(acceptAll)}>
          {consentCopy.acceptAll}
        </button>
        <button type="button" className={saveButton} onClick={onSave}>
          {consentCopy.save}
        </button>
        <button
          type="button"
          className={cn(choiceButton, "col-span-2 border-transparent underline underline-offset-2")}
          onClick={onLeave}
        >
          {leaveLabel}
        </button>
      </div>
    </>
  );
}

/** One purpose: its label and description, and a switch (a checkbox with role="switch"). */
function PurposeToggle({ id, name, checked, onChange }: Purpose & { id: string }) {
  const copy = consentCopy.purposes[name];
  return (
    <li className="rounded-xl border border-brand-100 p-3">
      <label className="flex cursor-pointer items-start justify-between gap-4">
        <span>
          <span id={`${id}-label`} className="block text-sm font-semibold text-ink">
            {copy.label}
          </span>
          <span id={id} className="mt-0.5 block text-sm leading-snug text-ink-muted">
            {copy.description}
          </span>
        </span>
        <span className="relative mt-0.5 inline-flex shrink-0">
          <input
            type="checkbox"
            role="switch"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            aria-labelledby={`${id}-label`}
            aria-describedby={id}
            className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none flex h-6 w-11 items-center rounded-full bg-ink-soft p-0.5 transition-colors peer-checked:bg-brand-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 peer-checked:*:translate-x-5"
          >
            <span className="h-5 w-5 rounded-full bg-white shadow-soft transition-transform motion-reduce:transition-none" />
          </span>
        </span>
      </label>
    </li>
  );
}
