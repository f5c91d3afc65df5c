import type * as z from "zod/mini";
import { intParam, searchSchema, textParam } from "../../app/search.ts";
import type { OrderMode } from "../../../machines/quickOrder/quickOrder.machine.ts";

/** The query of both order-entry routes (`/newOrder`, `/quickOrder`): category, and an order to open. */
export const orderEntrySearch = searchSchema({ id: intParam, orderId: textParam, orderType: textParam });
export type OrderEntrySearch = z.output<typeof orderEntrySearch>;

/** Default category when the link names none: the suit. */
const DEFAULT_CATEGORY = 3000;

/**
 * SHELL-008..012: buyagain copies the order, pending edits a pending order, any other value edits.
 * `key` changes with the query, so a new query starts a new order (QO-006: the page reloads).
 */
export function orderEntryOf({ id, orderId, orderType }: OrderEntrySearch): {
  categoryId: number;
  orderId?: string;
  mode: OrderMode;
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
  return { categoryId, orderId, mode, key: `${categoryId}|${orderId ?? ""}|${mode}` };
}
