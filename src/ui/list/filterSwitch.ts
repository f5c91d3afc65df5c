import { useState, useSyncExternalStore } from "react";

/**
 * Whether a list's filter dialog is open, kept outside the page (issue 21): the Filter button calls `show`,
 * and only the dialog, which reads it with `useFilterOpen`, renders again. Held in the page's state, opening
 * the dialog rendered the whole list again (every row, its labels and its actions): 152 ms to paint the
 * production list's filter at 4x CPU slow-down.
 */
export interface FilterSwitch {
  readonly show: () => void;
  readonly hide: () => void;
  readonly isOpen: () => boolean;
  readonly subscribe: (listener: () => void) => () => void;
}

function createFilterSwitch(): FilterSwitch {
  let open = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    if (open === next) return;
    open = next;
    for (const listener of listeners) listener();
  };
  return {
    show: () => set(true),
    hide: () => set(false),
    isOpen: () => open,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's filter switch: one for the page's life, closed at first. */
export function useFilterSwitch(): FilterSwitch {
  const [filterSwitch] = useState(createFilterSwitch);
  return filterSwitch;
}

/** Whether the filter dialog is open; the calling component renders again when it opens or closes. */
export const useFilterOpen = (filter: FilterSwitch): boolean =>
  useSyncExternalStore(filter.subscribe, filter.isOpen, filter.isOpen);
