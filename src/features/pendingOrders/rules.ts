import { ORDER_TYPE } from "../../../domain/ids.ts";
import { statusColour } from "../../../domain/orderStatus.ts";

/** PROD-030..034: the colour of a status in the list (10369 red, 10030 orange, 10370 grey, others blue). */
export { statusColour };

/** CART-036: the selected orders can be submitted only when the balance covers their subtotal. */
export { balanceCovers } from "../../../domain/cart.ts";

/**
 * CART-018 as D-03 settles it: a recommended product's go-to-order opens the order entry of its type
 * with the product's garment category: type 7 → /newOrder, type 8 (and any other) → /peofessionalOrder.
 * CART-018's literal text has the inverse; D-03 makes recommendations and buy-again use one mapping.
 */
export const recommendedRoute = (type: number) =>
  type === ORDER_TYPE.simple ? ("/newOrder" as const) : ("/peofessionalOrder" as const);
