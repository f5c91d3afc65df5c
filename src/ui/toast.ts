import { useSyncExternalStore } from "react";

export type ToastKind = "success" | "error" | "warning" | "info";
export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
  duration: number;
}

/** Durations: warnings for HTTP errors stay 10 s (SHELL-135), errors 4 s, the rest 3 s. */
export const TOAST_DURATION: Record<ToastKind, number> = { success: 3000, error: 4000, info: 3000, warning: 10_000 };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = () => listeners.forEach((l) => l());

/** Queue of messages shown by the Toaster in the shell. */
export const toasts = {
  /**
   * Shows a message, once: a text already on screen is not shown again (an HTTP error is announced by
   * the transport, and the form that met it says the same as its refusal). `duration` (ms) overrides the
   * kind's duration when a rule names its own (PROD-031: the failed-status notice, 8 s).
   */
  show(kind: ToastKind, text: string, duration: number = TOAST_DURATION[kind]) {
    if (!text || items.some((t) => t.text === text)) return;
    items = [...items, { id: nextId++, kind, text, duration }];
    publish();
  },
  dismiss(id: number) {
    items = items.filter((t) => t.id !== id);
    publish();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => items,
};

export const useToasts = () => useSyncExternalStore(toasts.subscribe, toasts.snapshot);
