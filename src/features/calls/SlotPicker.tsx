import { AGENCY_TIME_ZONE } from "../../lib/agency-zone";
import { Globe2, Info, RefreshCw } from "lucide-react";
import {
  memo,
  startTransition,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import { Button } from "../../components/ui/Button";
import { callTimeCopy } from "../../content/calls";
import { commonTimeZones, pickerCopy } from "../../content/booking";
import { cn } from "../../lib/cn";
import { formatBookingMoment, groupSlotsByDay, isValidTimeZone, type SlotDay } from "../../lib/calls/display";
import { runDetached } from "../../lib/detached";
import { onceInView } from "../../lib/in-view";
import { warmIntl } from "../../lib/calls/warm-intl";
import type { SlotList } from "../../lib/calls/contract";
import { loadSlots, type Outcome, type Refusal } from "./calls-api";
import { ReachUs } from "./ReachUs";
import { TimesSkeleton } from "./PickerSkeleton";
import { DEFAULT_CALL_MINUTES } from "../../lib/calls/call-length";
import { FIRST_DAYS, type BookTimes } from "../../lib/calls/book-times";

type SlotsState = { kind: "loading" } | { kind: "failed"; message: string } | { kind: "ready"; list: SlotList };

/** What the page does with the chosen time; a refusal it returns is shown here (null: it handled the outcome). */
export type ConfirmTime = (start: string, timeZone: string, list: SlotList) => Promise<Refusal | null>;

interface SlotPickerProps {
  onConfirm: ConfirmTime;
  /** A time not to offer (the call's own, when moving it). */
  exclude?: string;
  /** Above the times, inside the form (the details of /book). */
  children?: ReactNode;
  heading?: string;
  /** Called with the list once loaded (the manage page reads the agency's zone from it). */
  onLoaded?: (list: SlotList) => void;
  /**
   * The times the server rendered the page with (/book: lib/calls/book-times.ts): shown from the
   * first paint, its first days as the server wrote them, and not loaded again.
   */
  initial?: BookTimes | null;
}

/**
 * The zone the browser reports, if Intl knows it. Asked once the times have loaded, by when a worker
 * has loaded the formatters' data (lib/calls/warm-intl.ts): asked as the picker first rendered, it
 * was the page's first formatter, one long task of the main thread.
 */
function detectedZone(): string {
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isValidTimeZone(zone) ? zone : AGENCY_TIME_ZONE;
  } catch {
    return AGENCY_TIME_ZONE;
  }
}

/**
 * The free times of the next weeks, grouped by day in the visitor's zone (the agency's time beside
 * each when the clocks differ), as radio buttons: one tap picks a time, the button under the list
 * (which names it) books it. It loads the times itself, and says so when they fail to load (with a
 * retry), when there are none, and when the page's booking is refused (a 409's nearby free times are
 * offered to pick from, and the list is loaded again).
 */
export function SlotPicker({
  onConfirm,
  exclude,
  children,
  heading = pickerCopy.heading,
  onLoaded,
  initial = null,
}: SlotPickerProps) {
  const [state, setState] = useState<SlotsState>(initial ? { kind: "ready", list: initial.list } : { kind: "loading" });
  // The visitor's choice of zone, if any; else the one the browser reports, read with the first times.
  const [chosenZone, setZone] = useState<string | null>(null);
  const [detected, setDetected] = useState<string | null>(null);
  const zone = chosenZone ?? detected ?? AGENCY_TIME_ZONE;
  const [selected, setSelected] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Times refused as taken: left out even if a cache still lists them.
  const [taken, setTaken] = useState<readonly string[]>([]);
  const headingId = useId();

  const [attempt, setAttempt] = useState(0);
  // Whether the worker of warm-intl.ts has answered. The server's days need no formatter; the next
  // ones do, and made before the worker answered, the page's first formatter loads the date data on
  // the main thread: 117-136 ms in one task at the low-tier phone's 9x, where a tap waited for it
  // (docs/performance.md, "`/book`'s first tap at the line again"). A day scrolled to comes once it has.
  const [warmed, setWarmed] = useState(false);

  // A failed reload keeps the list shown (after a 409); a failed first load says so.
  const loaded = useEffectEvent((outcome: Outcome<SlotList>) => {
    if (outcome.ok) {
      const browserZone = detectedZone();
      // A transition: weeks of times are rendered in slices the page can answer a tap between, not in
      // one task (at 6x CPU, 126 ms of React's work in one task on /book). The page's own update
      // (BookForm's place) goes in the same transition: outside it, it was a render of the whole form
      // and picker of its own, in one task React does not slice (docs/performance.md, "`/book`'s
      // times, a seventh look").
      startTransition(() => {
        setDetected((current) => current ?? browserZone);
        // The server's list, on /book: the same state, so nothing renders again for it.
        setState((current) =>
          current.kind === "ready" && current.list === outcome.value ? current : { kind: "ready", list: outcome.value },
        );
        onLoaded?.(outcome.value);
      });
    } else setState((current) => (current.kind === "ready" ? current : { kind: "failed", message: outcome.message }));
  });

  useEffect(() => {
    let live = true;
    const warm = warmIntl({ locale: callTimeCopy.locale, timeZone: AGENCY_TIME_ZONE });
    runDetached(
      warm.then(() => {
        if (live) setWarmed(true);
      }),
      "Loading the date formats",
    );
    // The server's times are not asked for again; only the visitor's zone is read, once warm.
    const outcome: Promise<Outcome<SlotList>> =
      attempt === 0 && initial
        ? warm.then(() => ({ ok: true, value: initial.list }))
        : Promise.all([loadSlots(attempt > 0), warm]).then(([answer]) => answer);
    runDetached(
      outcome.then((answer) => {
        if (live) loaded(answer);
      }),
      "Loading the free times",
    );
    return () => {
      live = false;
    };
    // `initial` is the page's first render's: a later one does not load the times again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  function retry() {
    setState({ kind: "loading" });
    setAttempt((count) => count + 1);
  }

  // The first day's times first; the next once the visitor brings them on screen (a marker under the
  // last day shown), one day a frame while the marker is on screen, or all at once where the browser
  // cannot tell. Drawn as the times arrived, the next days were a second frame of style and layout in
  // the load, 26-44 ms at 4x CPU. All the days at once, late in the agency's day (a first day of one
  // row, the marker in reach at once), were one frame of two style and layout passes over 148 times,
  // 59-83 ms at 2-3x CPU in CI; a day is 16 times at most. The marker was watched half a screen ahead
  // until 2026-12-02: the second day then came in the load on a 720 px desktop and an 844 px phone,
  // one more frame of 31-41 ms at 3x among those the long-task check counts; on screen, it comes as
  // the visitor scrolls to it. Rendered as a transition, so that a tap on a time is answered between
  // its slices. Only the shown days' clocks are read (one more, to know there is more): two weeks of
  // them were one unit of React's work of 5 ms at full speed on the 2-core machine.
  const [shown, setShown] = useState(FIRST_DAYS);
  const list = state.kind === "ready" ? state.list : null;
  const days = useMemo(() => {
    if (!list) return [];
    // The server's days, while they are the ones to show: hydrated as written, nothing formatted.
    if (initial?.list === list && zone === initial.zone && !exclude && taken.length === 0 && shown === FIRST_DAYS)
      return initial.days;
    const starts = list.slots.filter((slot) => slot !== exclude && !taken.includes(slot)).map((slot) => new Date(slot));
    return groupSlotsByDay(starts, zone, list.timeZone, callTimeCopy, shown + 1);
  }, [list, zone, exclude, taken, shown, initial]);

  const rest = useRef<HTMLDivElement>(null);
  const more = days.length > shown;
  // The server's times are drawn with the page.
  const [firstDrawn, setFirstDrawn] = useState(initial !== null);
  // Watched from the frame after the first day is drawn (firstDrawn, below), and again after each
  // day added: the observer reports where the marker is now, so a day comes a frame after the last.
  useEffect(() => {
    if (!more || !firstDrawn || !warmed || !rest.current) return;
    const stop = onceInView(rest.current, () => startTransition(() => setShown((count) => count + 1)));
    if (!stop) startTransition(() => setShown(Number.POSITIVE_INFINITY));
    return stop ?? undefined;
  }, [more, firstDrawn, warmed, shown]);
  const shownDays = days.slice(0, shown);
  // The first day's times a frame after the frame their place is filled in (the skeleton's blocks
  // taken out): held in their place (content-visibility: hidden, below), then drawn. One frame of
  // both was 30-60 ms at 4x CPU, over the long-task line on a slow machine; each half is about 20.
  // Drawing them a few a frame was measured and not kept (docs/performance.md, "`/book`'s form from
  // the first paint").
  useEffect(() => {
    if (firstDrawn || days.length === 0) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setFirstDrawn(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [firstDrawn, days.length]);

  // The frame that drew the first day had its style, layout and paint in one task: 35-94 ms of the
  // thread's time at the low-tier phone's 10x, median 54-58, over the long-task line in most loads.
  // Its style (about a third) is asked for here, in the commit that shows the day, so that the frame
  // after it only lays out and paints (docs/performance.md, "`/book`'s first day, its style in the
  // commit"). Its layout asked for here too only moved the long task into the commit (median 44 ms).
  // The same when the day is written again in another zone (the server's times, in the agency's, on
  // a visitor's phone elsewhere): drawn in one frame, that was 38-63 ms at 9.5x. Not as the page
  // hydrates: the server's times were styled with its first paint.
  const timesRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  useLayoutEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const lastTime = firstDrawn ? timesRef.current?.querySelector("label:last-of-type") : null;
    if (lastTime) void getComputedStyle(lastTime).color;
  }, [firstDrawn, zone]);

  const zones = useMemo(() => {
    if (!detected) return commonTimeZones;
    const known = commonTimeZones.some((option) => option.zone === detected);
    return known
      ? commonTimeZones.map((option) =>
          option.zone === detected ? { ...option, label: pickerCopy.detectedZone(option.label) } : option,
        )
      : [{ zone: detected, label: pickerCopy.detectedZone(detected.replace(/_/g, " ")) }, ...commonTimeZones];
  }, [detected]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!list || !selected || sending) return;
    setSending(true);
    setRefusal(null);
    const outcome = await onConfirm(selected, zone, list);
    setSending(false);
    if (!outcome) return;
    setRefusal(outcome);
    if (outcome.status === 409) {
      const refused = selected;
      setTaken((times) => [...times, refused]);
      setSelected(null);
      setAttempt((count) => count + 1);
    }
  }

  const send = (event: FormEvent<HTMLFormElement>) => runDetached(submit(event), "Booking the call");
  const moment = selected ? formatBookingMoment(new Date(selected), zone, callTimeCopy) : null;
  const nearest = refusal?.nearest?.filter((slot) => slot !== exclude) ?? [];

  // One form from the first paint, the prerendered page's too: the fields the page puts above the
  // times (/book's details), the heading, the call's length (the default until the list says), the
  // zone and the button are there while the times load and stay through a failed load; only the
  // times' place changes as they arrive. The visitor types while they load, and a field being typed
  // in keeps its focus (the same elements throughout). The frame the times arrived in drew the
  // heading, the zone and the button in place of a skeleton once: 44-53 ms at the low-tier phone's
  // 6.9x on the 2-core machine, style 20 ms of it.
  return (
    <form onSubmit={send} noValidate aria-labelledby={headingId} className="text-left">
      {children}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-xl font-extrabold tracking-tight text-ink sm:text-2xl">
            {heading}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{pickerCopy.intro(list?.callMinutes ?? DEFAULT_CALL_MINUTES)}</p>
        </div>
        <label className="block text-sm font-semibold text-ink sm:min-w-72">
          <span className="flex items-center gap-1.5">
            <Globe2 aria-hidden="true" className="h-4 w-4 text-brand-700" />
            {pickerCopy.zoneLabel}
          </span>
          <select
            value={zone}
            onChange={(event) => setZone(event.target.value)}
            className="mt-2 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base font-normal text-ink shadow-sm focus-visible:border-brand-500 focus-ring"
          >
            {zones.map((option) => (
              <option key={option.zone} value={option.zone}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {state.kind === "failed" ? (
        <div role="alert" className="mt-6 rounded-card border border-red-200 bg-red-50 p-5">
          <p className="font-bold text-red-800">{pickerCopy.failed.heading}</p>
          <p className="mt-1 text-ink">{state.message}</p>
          <p className="mt-1 text-sm text-ink-muted">{pickerCopy.failed.body}</p>
          <Button variant="danger" size="sm" className="mt-4" onClick={retry}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            {pickerCopy.failed.retry}
          </Button>
        </div>
      ) : null}

      {refusal ? (
        <div role="alert" className="mt-6 rounded-card border border-amber-300 bg-amber-50 p-4">
          <p className="flex items-start gap-2 font-semibold text-ink">
            <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
            {refusal.message}
          </p>
          {nearest.length > 0 ? (
            <>
              <p className="mt-3 text-sm text-ink-muted">{pickerCopy.taken.nearest}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {nearest.map((slot) => (
                  <Button
                    key={slot}
                    variant="outline"
                    size="sm"
                    aria-pressed={selected === slot}
                    onClick={() => setSelected(slot)}
                  >
                    {formatBookingMoment(new Date(slot), zone, callTimeCopy)}
                  </Button>
                ))}
              </div>
            </>
          ) : null}
        </div>
      ) : null}

      {state.kind === "loading" ? (
        <TimesSkeleton label={pickerCopy.loading} className="mt-6" />
      ) : state.kind === "failed" ? null : days.length === 0 ? (
        <div className="mt-6 rounded-card border border-brand-100 bg-brand-50 p-5">
          <p className="font-bold text-ink">{pickerCopy.empty.heading}</p>
          <p className="mt-1 text-ink-muted">{pickerCopy.empty.body}</p>
          <ReachUs className="mt-4" />
        </div>
      ) : (
        <div ref={timesRef} className="mt-6 space-y-6">
          {shownDays.map((day, index) => (
            <DayTimes
              key={day.day}
              day={day}
              first={index === 0}
              held={index === 0 && !firstDrawn}
              selected={selected !== null && day.slots.some((slot) => slot.iso === selected) ? selected : null}
              onSelect={setSelected}
            />
          ))}
        </div>
      )}
      {more ? <div ref={rest} aria-hidden="true" className="h-px" /> : null}

      {state.kind === "loading" || (state.kind === "ready" && (days.length > 0 || nearest.length > 0)) ? (
        <div className="sticky bottom-0 z-10 -mx-5 mt-6 border-t border-slate-200 bg-white/95 px-5 py-4 backdrop-blur sm:-mx-8 sm:px-8">
          <Button
            type="submit"
            className="w-full sm:py-4 sm:text-lg"
            disabled={!selected || sending}
            aria-live="polite"
          >
            {sending ? pickerCopy.booking : moment ? pickerCopy.confirm(moment) : pickerCopy.chooseFirst}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

interface DayTimesProps {
  day: SlotDay;
  /** The first day, always near the screen when the times come: drawn at once (below). */
  first: boolean;
  /** Kept in its place, not yet drawn (the first day, the frame the form arrives in). */
  held: boolean;
  /** The chosen time when it is one of this day's, else null: a day re-renders only when that changes. */
  selected: string | null;
  onSelect: (iso: string) => void;
}

/**
 * One day's times as a radio group. Memoized, so that picking a time re-renders the day it leaves and
 * the day it joins, not the weeks of times around them (144 radios on the local seed).
 *
 * The browser skips a day's style and layout until it comes near the screen (`content-visibility`;
 * on a phone even the first day starts below the first screen): drawn all at once, the weeks of
 * times were one task of style and layout of 170-190 ms at the low-tier phone's slowdown as they
 * arrived. The height stands in for a day not laid out yet: one of 16 times at each width (`auto`
 * then keeps its real height). The padding keeps a focused time's ring inside the paint
 * containment that comes with it. Not the first day: it is near the screen whenever the times come
 * (on a phone /book's is 190 px below the first screen, and the browser draws a screen and a half
 * ahead), so skipping it only made the frame they arrive in style and lay out the page twice.
 */
const DayTimes = memo(function DayTimes({ day, first, held, selected, onSelect }: DayTimesProps) {
  return (
    <div
      className={cn(
        "-mx-1 px-1 pb-1",
        (!first || held) &&
          "[contain-intrinsic-size:auto_26.5rem] sm:[contain-intrinsic-size:auto_18.25rem] lg:[contain-intrinsic-size:auto_14.125rem]",
        held ? "[content-visibility:hidden]" : !first && "[content-visibility:auto]",
      )}
    >
      <fieldset>
        <legend className="text-sm font-bold uppercase tracking-[0.12em] text-brand-800">{day.label}</legend>
        <div
          role="radiogroup"
          aria-label={pickerCopy.times(day.label)}
          className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6"
        >
          {day.slots.map((slot) => {
            const checked = selected === slot.iso;
            return (
              <label
                key={slot.iso}
                className={cn(
                  "flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-xl border px-2 py-2 text-center transition-colors",
                  "has-focus-visible:ring-2 has-focus-visible:ring-brand-500 has-focus-visible:ring-offset-2",
                  checked
                    ? "border-brand-700 bg-brand-700 text-white shadow-soft"
                    : "border-slate-300 bg-white text-ink hover:border-brand-500 hover:bg-brand-50",
                )}
              >
                <input
                  type="radio"
                  name="slot"
                  value={slot.iso}
                  checked={checked}
                  aria-label={slot.agencyTime ? `${slot.time} (${slot.agencyTime})` : slot.time}
                  onChange={() => onSelect(slot.iso)}
                  className="sr-only"
                />
                <span aria-hidden="true" className="text-base font-semibold tabular-nums">
                  {slot.time}
                </span>
                {slot.agencyTime ? (
                  <span
                    aria-hidden="true"
                    className={cn("text-xs tabular-nums", checked ? "text-brand-100" : "text-ink-soft")}
                  >
                    {slot.agencyTime}
                  </span>
                ) : null}
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
});
