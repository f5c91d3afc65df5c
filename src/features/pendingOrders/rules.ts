/** CART-036: the selected orders can be submitted only when the balance covers their subtotal. */
export { balanceCovers } from "../../../domain/cart.ts";
