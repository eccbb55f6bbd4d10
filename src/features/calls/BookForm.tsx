import { useEffect, useRef, useState } from "react";
import { TextField } from "../../components/ui/Field";
import { bookCopy, pendingCopy } from "../../content/booking";
import { contactCopy, emptyContactRequest, leadForm } from "../../content/contact";
import { callsFunctionCopy } from "../../content/functions";
import { firstLeadError, leadErrors, type LeadErrors } from "../../lib/lead-rules";
import type { Booker, CallPlace } from "../../lib/calls/contract";
import { bookCall, loadChallenge, type Refusal } from "./calls-api";
import { solveOffMainThread } from "../../lib/calls/solve-off-thread";
import { Confirmation } from "./Confirmation";
import { PendingConfirmation } from "./PendingConfirmation";
import { saveConfirmedCall, type ConfirmedCall } from "./confirmed-call";
import { SlotPicker, type ConfirmTime } from "./SlotPicker";
import { Honeypot } from "../../components/ui/Honeypot";
import { BOOK_TIMES_KEY, readBookTimes } from "../../lib/calls/book-times";
import { useRouteSeed } from "../../lib/route-data";

type Details = { fullName: string; email: string; phone: string };
type DetailField = keyof Details;

/** The proof of work's payload, or why there is none: the function's refusal, or a search that failed. */
type Solution = { ok: true; payload: string } | Refusal;
const UNSOLVED: Refusal = { ok: false, status: 0, message: pendingCopy.checkFailed };

/** The function names the fields as its body does; the form as the lead rules do. */
const FROM_SERVER: Record<string, DetailField> = { name: "fullName", email: "email", phone: "phone" };
const IDS: Record<DetailField, string> = { fullName: "book-name", email: "book-email", phone: "book-phone" };

/** The details' errors by the contact form's rules (lib/lead-rules.ts), so they read the same. */
function detailErrors(details: Details, place: CallPlace | null): LeadErrors {
  const found = leadErrors({ ...emptyContactRequest, ...details }, leadForm);
  const errors: LeadErrors = {};
  for (const field of ["fullName", "email", "phone"] as const) if (found[field]) errors[field] = found[field];
  if (!errors.phone && place?.kind === "phone" && !details.phone.trim())
    errors.phone = callsFunctionCopy.messages.phoneRequired;
  return errors;
}

/**
 * /book's form (in the page's chunk): name, e-mail and phone (required when the agency calls by phone),
 * then the time. What is typed stays on any refusal; a refused field shows its message beside it and
 * takes the focus. After a 409 the lead is already stored, so the next try books with its token.
 * The proof of work (challenge.ts) is fetched and solved, in a worker (solve-off-thread.ts), as soon
 * as the form is shown, so it is usually done before Book is pressed; a refused booking starts a
 * fresh one (a solution is good once). One that failed (its request lost or timed out on a phone's
 * 4G, a refusal) is tried again when Book is pressed, before the visitor is told.
 */
export default function BookForm() {
  // The times the server rendered /book with (read once: the seed is the landing page's).
  const seed = useRouteSeed(BOOK_TIMES_KEY);
  const [initial] = useState(() => readBookTimes(seed));
  const [details, setDetails] = useState<Details>({ fullName: "", email: "", phone: "" });
  const [errors, setErrors] = useState<LeadErrors>({});
  const [place, setPlace] = useState<CallPlace | null>(initial?.list.place ?? null);
  const [leadToken, setLeadToken] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<ConfirmedCall | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const openedAt = useRef(0);
  const formArea = useRef<HTMLDivElement>(null);
  const solution = useRef<Promise<Solution>>(Promise.resolve(UNSOLVED));

  const startChallenge = () => {
    solution.current = loadChallenge()
      .then(async (challenge): Promise<Solution> => {
        if (!challenge.ok) return challenge;
        const payload = await solveOffMainThread(challenge.value);
        return payload ? { ok: true, payload } : UNSOLVED;
      })
      .catch(() => UNSOLVED);
  };

  useEffect(() => {
    openedAt.current = performance.now();
    startChallenge();
  }, []);

  const focusField = (field: DetailField) => formArea.current?.querySelector<HTMLElement>(`#${IDS[field]}`)?.focus();

  function setField(field: DetailField, value: string) {
    const next = { ...details, [field]: value };
    // An update of the field alone: the fields typed in before hydration are handed over together.
    setDetails((current) => ({ ...current, [field]: value }));
    if (errors[field]) {
      const stillWrong = detailErrors(next, place)[field];
      setErrors(({ [field]: _cleared, ...rest }) => (stillWrong ? { ...rest, [field]: stillWrong } : rest));
    }
  }

  const confirm: ConfirmTime = async (start, timeZone, list) => {
    let booker: Booker;
    if (leadToken) booker = { leadToken };
    else {
      const found = detailErrors(details, list.place);
      setErrors(found);
      const first = firstLeadError(found);
      if (first) {
        focusField(first.field as DetailField);
        return null;
      }
      const { readAttribution } = await import("../../lib/attribution");
      let solved = await solution.current;
      // Asked for as the page loaded and lost or refused then: asked for again now, while the button
      // says the booking is on its way. Told only if this one fails too; the next press asks again.
      if (!solved.ok) {
        startChallenge();
        solved = await solution.current;
      }
      if (!solved.ok) return solved;
      booker = {
        challenge: solved.payload,
        name: details.fullName.trim(),
        email: details.email.trim(),
        ...(details.phone.trim() ? { phone: details.phone.trim() } : {}),
        website: honeypot.current?.value ?? "",
        elapsedMs: Math.round(performance.now() - openedAt.current),
        attribution: readAttribution(),
      };
    }
    const outcome = await bookCall(start, timeZone, booker);
    if (outcome.ok) {
      const booking = outcome.value.booking;
      const call = { booking, visitorZone: timeZone, agencyZone: list.timeZone, token: booking.manageToken ?? "" };
      saveConfirmedCall(call);
      setConfirmed(call);
      return null;
    }
    if (outcome.leadToken) setLeadToken(outcome.leadToken);
    else if (!leadToken) startChallenge();
    const field = outcome.field ? FROM_SERVER[outcome.field] : undefined;
    if (outcome.status === 400 && field) {
      setErrors((shown) => ({ ...shown, [field]: outcome.message }));
      focusField(field);
      return null;
    }
    return outcome;
  };

  if (confirmed)
    return confirmed.token ? (
      <Confirmation {...confirmed} />
    ) : (
      <PendingConfirmation booking={confirmed.booking} visitorZone={confirmed.visitorZone} />
    );

  // Each detail reads as the contact form's field of the same name: its label and its placeholder.
  const field = (name: DetailField) => ({
    id: IDS[name],
    name,
    label: contactCopy.labels[name],
    placeholder: contactCopy.placeholders[name],
    value: details[name],
    error: errors[name],
    onValueChange: (value: string) => setField(name, value),
    // Typed before this chunk hydrated the prerendered fields (seconds on a slow phone): kept, not
    // written over by the first render after (the times arriving).
    keepTypedBeforeHydration: true,
  });

  return (
    <SlotPicker onConfirm={confirm} onLoaded={(list) => setPlace(list.place)} initial={initial}>
      <div ref={formArea}>
        <fieldset className="mb-10 space-y-5" disabled={Boolean(leadToken)}>
          <legend className="mb-4 text-xl font-extrabold tracking-tight text-ink sm:text-2xl">
            {bookCopy.detailsLegend}
          </legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField {...field("fullName")} required autoComplete="name" />
            <TextField {...field("email")} type="email" required autoComplete="email" />
            <TextField
              {...field("phone")}
              type="tel"
              required={place?.kind === "phone"}
              hint={place?.kind === "phone" ? bookCopy.phoneHint : undefined}
              autoComplete="tel"
            />
          </div>
          <Honeypot id="book-website" inputRef={honeypot} />
        </fieldset>
      </div>
    </SlotPicker>
  );
}
