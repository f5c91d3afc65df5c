import { useEffect, useState } from "react";

/** CART-003: the order-number lookup asks the server this long after the last keystroke. */
export const LOOKUP_DEBOUNCE_MS = 300;

/** The value as it was `delayMs` after it last changed (a search asked once the typing pauses). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
