import type { BrowserContext, Page } from "@playwright/test";

/** A layout shift no input caused, with what moved, as the browser reports it. */
export interface Shift {
  value: number;
  /** When it happened, in milliseconds from the document's start. */
  at: number;
  sources: string[];
}

/**
 * Collects a page's layout shifts from its start (an observer added before the page's own script, on
 * every document the page or context opens from now on); read them back with `layoutShifts`. Shifts
 * within half a second of an input are left out, as Cumulative Layout Shift leaves them out.
 */
export async function recordLayoutShifts(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    type LayoutShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const shifts: { value: number; at: number; sources: string[] }[] = [];
    Object.defineProperty(window, "__layoutShifts", { value: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: entry.sources.map(
            ({ node, previousRect: from, currentRect: to }) =>
              `${node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : node?.nodeName} ` +
              `from y ${from.y} (${from.height} high) to y ${to.y} (${to.height} high), ` +
              `x ${from.x} to ${to.x}, ${from.width} to ${to.width} wide`,
          ),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The layout shifts of the page's document so far (`recordLayoutShifts`), once the current frame is done. */
export async function layoutShifts(page: Page): Promise<Shift[]> {
  // The observer hears of a shift once the frame it happened in is done.
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[] | null>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() => resolve((window as unknown as { __layoutShifts?: Shift[] }).__layoutShifts ?? null)),
        ),
      ),
  );
  if (!shifts) throw new Error("The page's layout shifts were not recorded: call recordLayoutShifts before it opens.");
  return shifts;
}

/** Forgets the page's layout shifts so far (`recordLayoutShifts`): what `layoutShifts` reads starts again from now. */
export async function forgetLayoutShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shifts = (window as unknown as { __layoutShifts?: unknown[] }).__layoutShifts;
    if (!shifts)
      throw new Error("The page's layout shifts were not recorded: call recordLayoutShifts before it opens.");
    shifts.length = 0;
  });
}

/**
 * Cumulative Layout Shift so far, to three decimals, as Chrome and Lighthouse report it, and a message
 * that lists each shift (when, by how much, and what moved from where to where) for a failed expect.
 */
export async function cumulativeLayoutShift(page: Page): Promise<{ value: number; shifts: string }> {
  const shifts = await layoutShifts(page);
  const value = Math.round(shifts.reduce((sum, shift) => sum + shift.value, 0) * 1000) / 1000;
  return { value, shifts: `layout shifts on ${page.url()}: ${JSON.stringify(shifts, null, 1)}` };
}
