import { lazy } from "react";

/**
 * Discovery calls on the visitor's side. The picker and what books with it are chunks of their own,
 * loaded only by the pages that book (/thank-you, /book, the booking's page): what other pages
 * import from here is the lazy stand-in, the skeleton and the no-script message.
 */
export const ThankYouBooking = lazy(() => import("./ThankYouBooking"));
export { PickerSkeleton } from "./PickerSkeleton";
export { NoScriptBooking } from "./NoScriptBooking";
