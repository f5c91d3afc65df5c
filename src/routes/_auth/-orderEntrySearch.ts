import type * as z from "zod/mini";
import { intParam, searchSchema, textParam } from "../../app/search.ts";
import type { OrderMode } from "../../../machines/quickOrder/quickOrder.machine.ts";
import { remakeOfSearch, type RemakeMark } from "../../../domain/remake.ts";

/** Issue 12: buy again of a delivered order as its remake: the original's id and the reason. */
export const remakeSearch = { remakeOf: textParam, remakeReason: textParam, remakeCode: textParam };

/** The query of both order-entry routes (`/newOrder`, `/quickOrder`): category, and an order to open. */
export const orderEntrySearch = searchSchema({
  id: intParam,
  orderId: textParam,
  orderType: textParam,
  ...remakeSearch,
  /** Issue 25: a new quick order starts with this fabric chosen (from the fabric library's preview). */
  fabric: textParam,
});
export type OrderEntrySearch = z.output<typeof orderEntrySearch>;

/** Default category when the link names none: the suit. */
const DEFAULT_CATEGORY = 3000;

/**
 * SHELL-008..012: buyagain copies the order, pending edits a pending order, any other value edits.
 * `key` changes with the query, so a new query starts a new order (QO-006: the page reloads).
 */
export function orderEntryOf({
  id,
  orderId,
  orderType,
  remakeOf,
  remakeReason,
  remakeCode,
}: Pick<OrderEntrySearch, "id" | "orderId" | "orderType"> &
  Partial<Pick<OrderEntrySearch, "remakeOf" | "remakeReason" | "remakeCode">>): {
  categoryId: number;
  orderId?: string;
  mode: OrderMode;
  remake: RemakeMark | null;
  key: string;
} {
  const categoryId = id ?? DEFAULT_CATEGORY;
  const mode: OrderMode = !orderId
    ? "new"
    : orderType === "buyagain"
      ? "buyagain"
      : orderType === "pending"
        ? "pending"
        : "edit";
  // Remakes: only a buy again carries the delivered order it remakes
  const remake = mode === "buyagain" ? remakeOfSearch({ remakeOf, remakeReason, remakeCode }) : null;
  const remakeKey = remake ? `|${remake.of}|${remake.reason}` : "";
  return { categoryId, orderId, mode, remake, key: `${categoryId}|${orderId ?? ""}|${mode}${remakeKey}` };
}
