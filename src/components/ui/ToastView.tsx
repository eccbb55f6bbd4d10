import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { cn } from "../../lib/cn";
import { TOAST_DURATION_MS, dismissToast, type ToastMessage } from "./toast-store";

/**
 * The one current toast, rendered with Radix (announced politely; swipe, Escape or the close button
 * dismiss it). Loaded on demand by <Toaster> when the first toast is raised.
 */
export default function ToastView({ message }: { message: ToastMessage | null }) {
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {message ? (
        <ToastPrimitive.Root
          key={message.id}
          open
          onOpenChange={(open) => {
            if (!open) dismissToast(message.id);
          }}
          className={cn(
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border bg-white p-4 pr-10 shadow-lift",
            "data-[state=open]:animate-[toast-in_200ms_ease-out] data-[swipe=end]:animate-[toast-out_150ms_ease-in]",
            message.variant === "error"
              ? "border-red-200"
              : message.variant === "success"
                ? "border-emerald-200"
                : "border-brand-100",
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              "mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full",
              message.variant === "error"
                ? "bg-red-500"
                : message.variant === "success"
                  ? "bg-emerald-500"
                  : "bg-brand-500",
            )}
          />
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold text-ink">{message.title}</ToastPrimitive.Title>
            {message.description ? (
              <ToastPrimitive.Description className="text-sm text-ink-muted">
                {message.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-full p-1.5 text-ink-soft hover:bg-slate-100 hover:text-ink focus-ring"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:bottom-4 sm:right-4" />
    </ToastPrimitive.Provider>
  );
}
