/**
 * A worker that makes the call picker's two kinds of date formatter once (src/lib/calls/display.ts)
 * and answers. A page's first date formatter loads ICU's locale and calendar data, which the browser
 * keeps for its whole process: made here, off the main thread, the page's own formatters find the
 * data loaded (src/lib/calls/warm-intl.ts).
 */
import { FIELDS, NUMERIC_LOCALE } from "./display";
import type { IntlWarmup } from "./warm-intl";

addEventListener("message", (event: MessageEvent<IntlWarmup>) => {
  const { locale, timeZone } = event.data;
  const sample = new Date(0);
  new Intl.DateTimeFormat(NUMERIC_LOCALE, { ...FIELDS.numeric, timeZone }).formatToParts(sample);
  new Intl.DateTimeFormat(locale, { ...FIELDS.named, timeZone }).formatToParts(sample);
  new Intl.DateTimeFormat().resolvedOptions();
  postMessage("warm");
});
