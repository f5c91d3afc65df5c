/**
 * The cartItem machine as its own model (xstate/graph): every event it accepts, its actors' outcomes
 * and its 500 ms wait (CART-030) as events (tests/machines/paths.ts). A card of quantity 1 without
 * add-product; the quantity is kept within 1..3 by the model's events so the graph stays finite.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from "xstate";
import {
  AMOUNT_DEBOUNCE_MS,
  cartItemMachine,
  type CartItemContext,
  type CartItemEvent,
  type CartItemInput,
} from "../../machines/cartItem/cartItem.machine.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";
import {
  adjacencyOf,
  noticeKey,
  shortestPaths,
  traversal,
  type ActorOutcome,
  type ModelAdjacency,
  type ModelPath,
} from "./paths.ts";

type Snap = AnyMachineSnapshot;

export const CART_ITEM_INPUT: CartItemInput = { orderId: "41", isEdit: true, amount: 1, addProduct: 0, price: "10.00" };

/** The delayed transition of `amountChanged`, as xstate names its event. */
export const WAITED = { type: `xstate.after.${AMOUNT_DEBOUNCE_MS}.cartItem.amountChanged` };

export type CartItemModelEvent = CartItemEvent | ActorOutcome | typeof WAITED;

export const cartItemModelEvents: readonly CartItemModelEvent[] = [
  { type: "user.increment" },
  { type: "user.decrement" },
  { type: "user.setAmount", amount: 3 },
  { type: "user.setAmount", amount: 0 },
  { type: "user.toggleAddProduct" },
  { type: "user.edit" },
  { type: "user.requestDelete" },
  { type: "user.cancelDelete" },
  { type: "user.confirmDelete" },
  // The list read again: another quantity and price (a change made elsewhere)
  { type: "sync", isEdit: true, amount: 2, addProduct: 0, price: "20.00" },
  WAITED,
  { type: "xstate.done.actor.updateAmount", output: { price: "20.00" } },
  { type: "xstate.error.actor.updateAmount", error: new ApiError(1003, "Order not found", 200) },
  { type: "xstate.done.actor.updateAddProduct", output: null },
  { type: "xstate.error.actor.updateAddProduct", error: new NetworkError("Failed to fetch") },
  { type: "xstate.done.actor.deleteOrder", output: null },
  { type: "xstate.error.actor.deleteOrder", error: new ApiError(1002, "The order cannot be deleted", 200) },
];

export function serializeCartItem(snapshot: Snap): string {
  const c = snapshot.context as CartItemContext;
  return JSON.stringify({
    value: snapshot.value,
    amount: c.amount,
    saved: c.savedAmount,
    sending: c.sendingAmount,
    addProduct: c.addProduct,
    price: c.price,
    refusal: noticeKey(c.refusal),
  });
}

/** Only the events that keep the quantity within 1..3 (the model's bound). */
const bounded = (snapshot: Snap, event: EventObject) => {
  const c = snapshot.context as CartItemContext;
  return !(event.type === "user.increment" && c.amount >= 3);
};

function options() {
  const base = traversal(cartItemModelEvents, serializeCartItem, CART_ITEM_INPUT);
  const events = base.events as (s: Snap) => EventObject[];
  return { ...base, events: (s: Snap) => events(s).filter((e) => bounded(s, e)) };
}

export const cartItemShortestPaths = (): ModelPath[] =>
  shortestPaths(cartItemMachine as unknown as AnyStateMachine, options());
export const cartItemAdjacency = (): ModelAdjacency =>
  adjacencyOf(cartItemMachine as unknown as AnyStateMachine, options());
