import { useState } from "react";

/**
 * Where a list's selection is kept: by default in the page (a set of row keys, kept across pages);
 * a list whose selection is the server's (the pending list's stored check flag, CART-034) gives its
 * own: whether a row is selected, and how to select or deselect rows (a call), with `busy` while it runs.
 */
export interface SelectionStore<R> {
  isSelected: (row: R) => boolean;
  set: (rows: readonly R[], on: boolean) => void;
  busy?: boolean;
}

/** What a list reads of its selection, on the rows of the current page. */
export interface RowSelection<R> {
  /** The rows that may be selected. */
  selectable: readonly R[];
  /** The selectable rows that are selected. */
  selected: readonly R[];
  /** Every selectable row is selected (and there is at least one). */
  allSelected: boolean;
  isSelected: (row: R) => boolean;
  canSelect: (row: R) => boolean;
  /** Select (or deselect) these rows; rows that may not be selected are left alone. */
  set: (rows: readonly R[], on: boolean) => void;
  /** Select or deselect every selectable row of the page. */
  setAll: (on: boolean) => void;
  /** A change is on its way (the checkboxes wait). */
  busy: boolean;
}

/** The page's selection read through a store (pure: the hook's logic, tested by table). */
export function summariseSelection<R>(
  rows: readonly R[],
  canSelect: (row: R) => boolean,
  isSelected: (row: R) => boolean,
) {
  const selectable = rows.filter(canSelect);
  const selected = selectable.filter(isSelected);
  return { selectable, selected, allSelected: selectable.length > 0 && selected.length === selectable.length };
}

/** A set of keys with these keys added (`on`) or taken out; the same set when nothing changes. */
export function withKeys<K>(keys: ReadonlySet<K>, changed: readonly K[], on: boolean): ReadonlySet<K> {
  if (changed.every((key) => keys.has(key) === on)) return keys;
  const next = new Set(keys);
  for (const key of changed)
    if (on) next.add(key);
    else next.delete(key);
  return next;
}

/**
 * One selection for every list: the rows of the page, which of them may be selected, and where the
 * selection lives (`store`; by default the page keeps the keys of the selected rows, `rowKey`). Both
 * the client-side selection (the production list's orders for a shipment) and a server's (my order's
 * check flag) are read and changed through the same `RowSelection`.
 */
export function useRowSelection<R, K = string>({
  rows,
  rowKey,
  canSelect = () => true,
  store,
}: {
  rows: readonly R[];
  rowKey: (row: R) => K;
  canSelect?: (row: R) => boolean;
  store?: SelectionStore<R>;
}): RowSelection<R> {
  const [keys, setKeys] = useState<ReadonlySet<K>>(() => new Set());
  const local: SelectionStore<R> = {
    isSelected: (row) => keys.has(rowKey(row)),
    set: (changed, on) => setKeys((current) => withKeys(current, changed.map(rowKey), on)),
  };
  const { isSelected, set: setRows, busy = false } = store ?? local;
  const summary = summariseSelection(rows, canSelect, isSelected);
  const set = (changed: readonly R[], on: boolean) => {
    const allowed = changed.filter(canSelect);
    if (allowed.length > 0) setRows(allowed, on);
  };
  return { ...summary, isSelected, canSelect, set, setAll: (on) => set(summary.selectable, on), busy };
}
