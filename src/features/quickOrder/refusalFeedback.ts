import { useEffect, useRef } from "react";
import { useSelector } from "@xstate/react";
import { selectRefusal, selectRefusalView } from "../../../machines/orderEntry/feedback.selectors.ts";
import { toasts } from "../../ui/toast.ts";
import { refusalText } from "./messages.ts";
import type { OrderEntryRef } from "./orderEntryRef.ts";

/** The text of the order's refusal as the page says it (QO-148: an out-of-range one with its range), or null. */
export function useRefusalText(order: OrderEntryRef): string | null {
  return useSelector(order, (s) => {
    const view = selectRefusalView(s);
    return view ? refusalText(view.notice) : null;
  });
}

/** The error a field shows under it: the refusal's text when the refusal names this field. */
export function useFieldError(order: OrderEntryRef, field: string): string | null {
  return useSelector(order, (s) => {
    const view = selectRefusalView(s);
    return view?.field === field ? refusalText(view.notice) : null;
  });
}

/** The focusable control of a field: the marked element itself, or the first input of a marked group. */
function controlOf(field: string): HTMLElement | null {
  const marked = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
  if (!marked || marked.matches("input, select, textarea, button")) return marked;
  return marked.querySelector<HTMLElement>("input:not([disabled]), select, textarea, button") ?? marked;
}

/**
 * 000 §8: every refusal is on screen right after the click that caused it: a toast in the viewport
 * with its message (the one before it goes), and the field it names scrolled into view and focused.
 */
export function useRefusalFeedback(order: OrderEntryRef) {
  const refusal = useSelector(order, selectRefusal);
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (!refusal) return;
    const view = selectRefusalView(order.getSnapshot());
    if (!view) return;
    if (shown.current !== null) toasts.dismiss(shown.current);
    toasts.show("error", refusalText(view.notice));
    shown.current = toasts.snapshot().at(-1)?.id ?? null;
    const control = view.field ? controlOf(view.field) : null;
    if (!control) return;
    control.scrollIntoView({ block: "center" });
    control.focus({ preventScroll: true });
  }, [refusal, order]);
}
