import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { currentToast, subscribeToasts } from "./toast-store";

const ToastView = lazy(() => import("./ToastView"));
const serverSnapshot = () => null;

/**
 * Mounted once by the app. Radix's toast code is only fetched when the first toast is raised, so
 * pages that never show one do not pay for it.
 */
export function Toaster() {
  const message = useSyncExternalStore(subscribeToasts, currentToast, serverSnapshot);
  const [needed, setNeeded] = useState(false);
  if (message && !needed) setNeeded(true);
  if (!needed && !message) return null;
  return (
    <Suspense fallback={null}>
      <ToastView message={message} />
    </Suspense>
  );
}
