import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";

/**
 * CART-034, CART-006: selection is each order's stored check flag; select-all sends every id of the
 * page in one call (updateOrderCheck, at most 200 ids).
 */
export async function updateOrderCheck({ orderIds, check }: { orderIds: readonly string[]; check: 0 | 1 }) {
  return unwrap(await api.POST("/pc/order/updateOrderCheck", { body: { orderIds: orderIds.join(","), check } }));
}
