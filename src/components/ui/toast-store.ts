/**
 * A tiny store for the site's toasts. The spec shows one toast at a time: a new toast replaces the
 * one on screen. Any component calls `toast()`; the single <Toaster> renders it.
 */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "error" | "success";
}

type Listener = (toast: ToastMessage | null) => void;

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

export const TOAST_DURATION_MS = 5000;

export function toast(message: Omit<ToastMessage, "id">): ToastMessage {
  current = { ...message, id: nextId++ };
  listeners.forEach((listener) => listener(current));
  return current;
}

export function dismissToast(id?: number) {
  if (id !== undefined && current?.id !== id) return;
  current = null;
  listeners.forEach((listener) => listener(null));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): ToastMessage | null {
  return current;
}
