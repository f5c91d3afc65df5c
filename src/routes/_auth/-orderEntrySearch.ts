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
  /** Issue 24: a new order for this customer of the book, from one of their kept measurement sets when named. */
  customer: intParam,
  measureSet: intParam,
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
  customer,
  measureSet,
}: Pick<OrderEntrySearch, "id" | "orderId" | "orderType"> &
  Partial<Pick<OrderEntrySearch, "remakeOf" | "remakeReason" | "remakeCode" | "customer" | "measureSet">>): {
  categoryId: number;
  orderId?: string;
  mode: OrderMode;
  remake: RemakeMark | null;
  /** Issue 24: a new order starts for a customer of the book (from a kept measurement set when named). */
  start?: { customerId: number; measureSetId?: number };
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
  // Only a new order starts for a named customer; an opened order keeps its own
  const start =
    mode === "new" && customer !== undefined
      ? { customerId: customer, ...(measureSet !== undefined ? { measureSetId: measureSet } : {}) }
      : undefined;
  const startKey = start ? `|${start.customerId}@${start.measureSetId ?? ""}` : "";
  return {
    categoryId,
    orderId,
    mode,
    remake,
    ...(start ? { start } : {}),
    key: `${categoryId}|${orderId ?? ""}|${mode}${remakeKey}${startKey}`,
  };
}
