import { compact, optionalInt, optionalText } from "../../app/search.ts";
import type { OrderMode } from "../../../machines/quickOrder/quickOrder.machine.ts";

/** The query of both order-entry routes (`/newOrder`, `/quickOrder`): category, and an order to open. */
export type OrderEntrySearch = { id?: number; orderId?: string; orderType?: string };

/** Default category when the link names none: the suit. */
const DEFAULT_CATEGORY = 3000;

export const validateOrderEntrySearch = (search: Record<string, unknown>): OrderEntrySearch =>
  compact({
    id: optionalInt(search.id),
    orderId: optionalText(search.orderId),
    orderType: optionalText(search.orderType),
  });

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
