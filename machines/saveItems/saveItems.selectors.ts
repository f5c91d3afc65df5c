import type { ActorRefFrom } from "xstate";
import type { submitQueueMachine } from "../submitQueue/submitQueue.machine.ts";
import {
  areCardsSaved,
  currentFigures,
  hasSelection,
  isRowEditable,
  isShort,
  isSummaryRead,
  selectedRows,
  type CartItemRef,
  type Figures,
  type SaveItemsContext,
  type SaveItemsSnapshot,
} from "./saveItems.machine.ts";

/** What the saved-items page reads of its machine (CART-016, CART-017, CART-034..039). */

type Snap = Pick<SaveItemsSnapshot, "context" | "hasTag" | "matches" | "children">;

/** The card actor of an order of the page (its view reads it through cartItem.selectors.ts). */
export const selectCards = (s: Snap): Readonly<Record<string, CartItemRef>> => s.context.cards;

/** CART-034: the selected order ids, in the list's order (compare with `sameList`). */
export const selectSelectedIds = (s: Snap): string[] => selectedRows(s.context).map((row) => row.orderId);

/** For `useSelector`: two id lists are the same selection. */
export const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** CART-034: select-all is ticked when every editable order is; inactive when none is (CART-017). */
export const selectSelectAll = (s: Snap): { checked: boolean; disabled: boolean } => {
  const editable = s.context.rows.filter(isRowEditable);
  return { checked: editable.length > 0 && editable.every((row) => row.check === 1), disabled: editable.length === 0 };
};

/** What the summary shows: the figures last read (perhaps an earlier selection's, meanwhile) and why one is missing. */
export const selectSummary = (
  s: Snap,
): { figures: Figures | null; selected: number; missing: "failed" | "reading"; short: boolean } => ({
  figures: s.context.summary.figures,
  selected: selectedRows(s.context).length,
  missing: s.context.summary.failed ? "failed" : "reading",
  // CART-037, CART-038: the selection's subtotal is more than the balance
  short: isShort(s.context),
});

/** Why checkout cannot run now, as its button says it (data-state), or "ready". */
export type CheckoutState = "empty" | "error" | "saving" | "short" | "ready" | "waiting";

/**
 * The checkout button (CART-016, CART-036..039): its state, whether it is inactive and which note
 * under the figures says why. The same predicates as the machine's guards on `user.checkout`.
 */
export function selectCheckout(s: Snap): {
  state: CheckoutState;
  disabled: boolean;
  /** The notes under the figures: the summary could not be read; a card is saving; the balance is short. */
  failed: boolean;
  saving: boolean;
  short: boolean;
  /** Which note the button points to (aria-describedby). */
  because: "unavailable" | "short" | null;
} {
  const c: SaveItemsContext = s.context;
  const nothingSelected = !hasSelection(c);
  const saving = !areCardsSaved(c);
  const failed = c.summary.failed && currentFigures(c) === null;
  const short = isShort(c);
  const ready = !nothingSelected && s.matches("browsing") && areCardsSaved(c) && isSummaryRead(c) && !short;
  // CART-039: grey and inactive with nothing selected; CART-038: dimmed (yet a click says why) when
  // short; inactive while a card saves, the summary failed or is read again (a click is never swallowed).
  const unavailable = !nothingSelected && (saving || failed);
  const state: CheckoutState = nothingSelected
    ? "empty"
    : failed
      ? "error"
      : saving
        ? "saving"
        : short
          ? "short"
          : ready
            ? "ready"
            : "waiting";
  return {
    state,
    disabled: nothingSelected || unavailable || (!ready && !short),
    failed,
    saving: saving && !failed && !nothingSelected,
    short,
    because: unavailable ? "unavailable" : short ? "short" : null,
  };
}

/** The page's last refusal (a new object each time, so the view says each once). */
export const selectRefusal = (s: Snap): SaveItemsContext["refusal"] => s.context.refusal;

/** CART-019: the running submission queue (the dialog renders it), or null. */
export const selectQueue = (s: Snap): ActorRefFrom<typeof submitQueueMachine> | null =>
  (s.children.queue as ActorRefFrom<typeof submitQueueMachine> | undefined) ?? null;
