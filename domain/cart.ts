/**
 * The cart's rules (002 §4, §5): what a saved or pending order's quantity and add-product flag may be,
 * and when a selection can be paid. The server's cart module, the cart card machine and the pages ask
 * these functions; none restates them.
 */

/** CART-035, CART-047: a cart order's quantity is a whole number from 1 to 99. */
export const MIN_AMOUNT = 1;
export const MAX_AMOUNT = 99;

/** CART-040: the add-product flag can change only while the quantity is 1. */
export const canToggleAddProduct = (amount: number) => amount === 1;

/** CART-040: an order marked add-product keeps the quantity 1. */
export const canChangeAmount = (order: { addProduct: number }, amount: number) =>
  order.addProduct !== 1 || amount === 1;

/** CART-036: the selected orders can be submitted only when the balance covers their subtotal. */
export const balanceCovers = (balanceCents: number, subtotalCents: number) => balanceCents >= subtotalCents;
