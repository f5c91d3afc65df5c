/** CART-036: the selected orders can be submitted only when the balance covers their subtotal. */
export { balanceCovers } from "../../../domain/cart.ts";
/** PROD-052: an item is changed only when the server's isEdit and its status both allow it. */
export { mayEditItem } from "../../../domain/orderStatus.ts";
