import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

/** The browser's media query for the user's motion preference (none where the page has no `matchMedia`). */
const motionQuery = () => (typeof window === "undefined" ? undefined : window.matchMedia?.(QUERY));

function subscribe(onChange: () => void) {
  const query = motionQuery();
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/**
 * The user asks for less motion (the system's setting, `prefers-reduced-motion: reduce`), followed live:
 * what moves by itself (the carousels' autoplay) stays still and a change of picture jumps instead of
 * sliding (WCAG 2.3.3). Also the cheaper page: a sliding full-width banner keeps a core busy on a machine
 * without a GPU.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => motionQuery()?.matches === true,
    () => false,
  );
}
