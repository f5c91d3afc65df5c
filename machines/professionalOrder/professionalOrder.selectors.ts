import type { SnapshotFrom } from "xstate";
import { keptForm, orderPieces } from "../../domain/orderEntry/professional.ts";
import { ORDER_TYPE } from "../../domain/ids.ts";
import type { LoadedOrder } from "../../domain/orderEntry/form.ts";
import type { ProfessionalOrderMachine } from "./professionalOrder.machine.ts";
import type { OrderEntryContext } from "../orderEntry/types.ts";
import { summaryCrafts, summaryMonogram, type SummaryCraft } from "../orderEntry/selectors.ts";

/**
 * What the professional order's views read (000 §2.7); what every order flow shows is read through
 * machines/orderEntry/selectors.ts and feedback.selectors.ts.
 */
type Snap = Pick<SnapshotFrom<ProfessionalOrderMachine>, "matches"> & { context: OrderEntryContext };

/** PO-001, PO-003: the professional order's type, which is also the order way of its categories. */
export const PROFESSIONAL_ORDER_WAY = ORDER_TYPE.professional;

/** PO-005: the four step labels of the header, each the section it leads to (PO-011). */
export const PROFESSIONAL_SECTIONS = ["crafts", "customer", "method", "measurements"] as const;
export type ProfessionalSection = (typeof PROFESSIONAL_SECTIONS)[number];

/** PO-009: the fixed bar of Save to cart and Submit shows once the page is scrolled past 120 px. */
export const FIXED_BAR_AFTER_PX = 120;
/** PO-010: the scroll handling of the fixed bar runs at most every 200 ms. */
export const FIXED_BAR_THROTTLE_MS = 200;
export const showsFixedBar = (scrollY: number) => scrollY > FIXED_BAR_AFTER_PX;

/** The page is at rest on its form (not loading, failed or done). */
export const selectOnForm = (s: Snap) => s.matches("entry");

/** PO-007: the warning banner: the order's backend error, only for a new or a pending order. */
export const selectWarning = (s: Snap): string | null => {
  const text = s.context.setup?.order?.blError ?? "";
  return text && (s.context.mode === "new" || s.context.mode === "pending") ? text : null;
};

/** PO-002: the garment pieces of the order (its own category, then each further piece chosen), with their crafts and rows. */
export const selectOrderPieces = (s: Snap) => orderPieces(s.context);

/** PO-020: the unsaved form, as it is kept while another category is open. */
export const selectKeptForm = (s: Snap): LoadedOrder => keptForm(s.context);

/** One piece of the order summary: its name, its crafts (with surcharges) and its monogram rows. */
export interface SummaryPiece {
  categoryId: number;
  name: string;
  crafts: SummaryCraft[];
  monogram: string[];
}

/**
 * PO-002, QO-010: the order summary lists each piece of the order (its own category, then each further
 * piece chosen, e.g. Suit + Trousers), each with its own crafts and monogram rows.
 */
export const selectSummaryPieces = (s: { context: OrderEntryContext }): SummaryPiece[] =>
  orderPieces(s.context).map((piece) => ({
    categoryId: piece.categoryId,
    name: piece.name,
    crafts: summaryCrafts(piece.tree, piece.picks.crafts.selected),
    monogram: summaryMonogram(piece.picks.monogram),
  }));

/** The summary redraws only when a piece's lines changed (for `useSelector`'s compare). */
export const sameSummaryPieces = (a: SummaryPiece[], b: SummaryPiece[]) => JSON.stringify(a) === JSON.stringify(b);
