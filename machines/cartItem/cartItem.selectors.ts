import type { CartItemContext, CartItemSnapshot } from "./cartItem.machine.ts";

/** What a cart card's view reads of its machine (CART-011..017, CART-030..041). */

/** CART-011, CART-035: the quantity shown (the one on its way included). */
export const selectAmount = (s: CartItemSnapshot): number => s.context.amount;

/** CART-012, CART-032, CART-033: whether add-product is ticked (reverted when the server refuses). */
export const isAddProductTicked = (s: CartItemSnapshot): boolean => s.context.addProduct === 1;

/** CART-047: the price the server last answered, as it writes it ("123.45"). */
export const selectPrice = (s: CartItemSnapshot): string => s.context.price;

/** A change waits its 500 ms or is being saved (CART-030): the card says "Saving…" and checkout waits. */
export const isCardSaving = (s: CartItemSnapshot): boolean => s.hasTag("pending");

/** CART-041: the delete confirmation is open (and stays open while the delete is on its way). */
export const isConfirmingDelete = (s: CartItemSnapshot): boolean =>
  s.matches("confirmingDelete") || s.matches("deleting");

/** The card's last refusal (a new object each time, so the view says each once). */
export const selectCardRefusal = (s: CartItemSnapshot): CartItemContext["refusal"] => s.context.refusal;
