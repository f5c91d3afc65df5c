import { assign, emit, fromPromise, not, setup, type SnapshotFrom } from "xstate";
import { canToggleAddProduct, MAX_AMOUNT, MIN_AMOUNT } from "../../domain/cart.ts";
import { serverNotice, type Notice } from "../shared/messages.ts";

/**
 * One card of the cart (/saveItems, CART-011..017, CART-030..041): the quantity, debounced 500 ms
 * and restored on failure; the add-product flag, reverted on failure; delete after a confirmation;
 * edit. Every change is refused with "No permission to modify" when the order is not the caller's to
 * change (isEdit not 1). The server is the authority: the price comes from its answer.
 */

/** CART-035 and the contract's range of updateCartOrderAmount (domain/cart.ts). */
export { MAX_AMOUNT, MIN_AMOUNT };
/** CART-030: a quantity change is sent once it has rested this long. */
export const AMOUNT_DEBOUNCE_MS = 500;

export type CartItemMessageKey =
  | "cart.noPermission" // CART-017
  | "cart.minAmount" // CART-035
  | "cart.maxAmount"
  | "cart.doChangeNum" // CART-040
  | "cart.updateFailed" // CART-053
  | "cart.deleteFailed"
  | "cart.waitSaving"; // a click while a change is being saved

/** What the list last read of the order (a refetch after a change elsewhere), taken when the card is idle. */
export interface CartItemSync {
  type: "sync";
  isEdit: boolean;
  amount: number;
  addProduct: 0 | 1;
  price: string;
}

export interface CartItemInput {
  orderId: string;
  isEdit: boolean;
  amount: number;
  addProduct: 0 | 1;
  /** The order's price as the server writes it ("123.45"). */
  price: string;
}

export interface CartItemContext extends CartItemInput {
  /** The amount the server holds (restored when an update fails, CART-031). */
  savedAmount: number;
  /** The amount of the update on its way, null when none is. */
  sendingAmount: number | null;
  refusal: Notice<CartItemMessageKey> | null;
}

export type CartItemEvent =
  | { type: "user.increment" }
  | { type: "user.decrement" }
  | { type: "user.setAmount"; amount: number }
  | { type: "user.toggleAddProduct" }
  | { type: "user.edit" }
  | { type: "user.requestDelete" }
  | { type: "user.cancelDelete" }
  | { type: "user.confirmDelete" }
  | CartItemSync;

/** The amount an amount event asks for. */
function wanted(context: CartItemContext, event: CartItemEvent): number {
  if (event.type === "user.increment") return context.amount + 1;
  if (event.type === "user.decrement") return context.amount - 1;
  if (event.type === "user.setAmount") return event.amount;
  return context.amount;
}

const amountEvents = ["user.increment", "user.decrement", "user.setAmount"] as const;

/**
 * While a change waits or is saved, delete, add-product and edit are refused with a notice (never
 * dropped silently): each would act on an order whose quantity the server does not hold yet.
 */
const refusedWhileSaving = Object.fromEntries(
  (["user.requestDelete", "user.toggleAddProduct", "user.edit"] as const).map((type) => [
    type,
    { actions: { type: "refuse" as const, params: { key: "cart.waitSaving" as const } } },
  ]),
);

export const cartItemMachine = setup({
  types: {
    context: {} as CartItemContext,
    events: {} as CartItemEvent,
    input: {} as CartItemInput,
    emitted: {} as { type: "edit" } | { type: "deleted" },
  },
  actors: {
    // CART-047: GET pc/order/updateCartOrderAmount → the new price
    updateAmount: fromPromise<{ price: string }, { orderId: string; amount: number }>(async () => {
      throw new Error("updateAmount actor not provided");
    }),
    // CART-048: GET pc/order/updateOrderAddproduct
    updateAddProduct: fromPromise<unknown, { orderId: string; addProduct: 0 | 1 }>(async () => {
      throw new Error("updateAddProduct actor not provided");
    }),
    // CART-049: the designed deleteCartOrder
    deleteOrder: fromPromise<unknown, { orderId: string }>(async () => {
      throw new Error("deleteOrder actor not provided");
    }),
  },
  guards: {
    // CART-017: only an order whose isEdit is 1 may be changed
    isEditable: ({ context }) => context.isEdit,
    // CART-035: the quantity cannot go below 1
    isAtLeastMinimum: ({ context, event }) => wanted(context, event) >= MIN_AMOUNT,
    // updateCartOrderAmount takes at most 99
    isAtMostMaximum: ({ context, event }) => wanted(context, event) <= MAX_AMOUNT,
    // CART-040: with add-product set the quantity stays 1
    keepsAddProductAmount: ({ context, event }) => context.addProduct === 0 || wanted(context, event) === 1,
    // CART-040: add-product can be changed only at quantity 1
    isAmountOne: ({ context }) => canToggleAddProduct(context.amount) && canToggleAddProduct(context.savedAmount),
    hasUnsavedAmount: ({ context }) => context.amount !== context.savedAmount,
    changedWhileSending: ({ context }) => context.amount !== context.sendingAmount,
  },
  actions: {
    refuse: assign({ refusal: (_, params: { key: CartItemMessageKey }) => ({ key: params.key }) }),
    takeAmount: assign({
      amount: ({ context, event }) => Math.trunc(wanted(context, event)),
      refusal: null,
    }),
  },
}).createMachine({
  id: "cartItem",
  context: ({ input }) => ({ ...input, savedAmount: input.amount, sendingAmount: null, refusal: null }),
  initial: "idle",
  states: {
    idle: {
      on: {
        // The list was read again (after a change here or elsewhere): the card shows what the server holds.
        sync: {
          actions: assign(({ event }) => ({
            isEdit: event.isEdit,
            amount: event.amount,
            savedAmount: event.amount,
            addProduct: event.addProduct,
            price: event.price,
          })),
        },
        ...Object.fromEntries(
          amountEvents.map((type) => [
            type,
            [
              { guard: not("isEditable"), actions: { type: "refuse", params: { key: "cart.noPermission" } } },
              { guard: not("isAtLeastMinimum"), actions: { type: "refuse", params: { key: "cart.minAmount" } } },
              { guard: not("isAtMostMaximum"), actions: { type: "refuse", params: { key: "cart.maxAmount" } } },
              { guard: not("keepsAddProductAmount"), actions: { type: "refuse", params: { key: "cart.doChangeNum" } } },
              { target: "#cartItem.amountChanged", actions: "takeAmount" },
            ],
          ]),
        ),
        "user.toggleAddProduct": [
          { guard: not("isEditable"), actions: { type: "refuse", params: { key: "cart.noPermission" } } },
          { guard: not("isAmountOne"), actions: { type: "refuse", params: { key: "cart.doChangeNum" } } },
          {
            // CART-032: the box toggles at once; CART-033: it reverts if the server refuses
            target: "savingAddProduct",
            actions: assign({ addProduct: ({ context }) => (context.addProduct === 1 ? 0 : 1), refusal: null }),
          },
        ],
        "user.edit": [
          { guard: not("isEditable"), actions: { type: "refuse", params: { key: "cart.noPermission" } } },
          { actions: [assign({ refusal: null }), emit({ type: "edit" })] },
        ],
        "user.requestDelete": [
          { guard: not("isEditable"), actions: { type: "refuse", params: { key: "cart.noPermission" } } },
          // CART-041: a delete asks first
          { target: "confirmingDelete", actions: assign({ refusal: null }) },
        ],
      },
    },
    // CART-030: each change restarts the 500 ms wait; the last amount is sent
    amountChanged: {
      // Busy: checkout waits until the quantity is saved (the price it pays is the server's answer)
      tags: ["pending"],
      on: {
        ...refusedWhileSaving,
        ...Object.fromEntries(
          amountEvents.map((type) => [
            type,
            [
              { guard: not("isAtLeastMinimum"), actions: { type: "refuse", params: { key: "cart.minAmount" } } },
              { guard: not("isAtMostMaximum"), actions: { type: "refuse", params: { key: "cart.maxAmount" } } },
              { guard: not("keepsAddProductAmount"), actions: { type: "refuse", params: { key: "cart.doChangeNum" } } },
              { target: "amountChanged", reenter: true, actions: "takeAmount" },
            ],
          ]),
        ),
      },
      after: {
        [AMOUNT_DEBOUNCE_MS]: [
          { guard: "hasUnsavedAmount", target: "savingAmount" },
          // Back where it started (+1 then −1): nothing to send
          { target: "idle" },
        ],
      },
    },
    savingAmount: {
      tags: ["pending"],
      entry: assign({ sendingAmount: ({ context }) => context.amount }),
      on: {
        ...refusedWhileSaving,
        // A change while the update is on its way is sent after it (the last one wins).
        ...Object.fromEntries(
          amountEvents.map((type) => [
            type,
            [
              { guard: not("isAtLeastMinimum"), actions: { type: "refuse", params: { key: "cart.minAmount" } } },
              { guard: not("isAtMostMaximum"), actions: { type: "refuse", params: { key: "cart.maxAmount" } } },
              { guard: not("keepsAddProductAmount"), actions: { type: "refuse", params: { key: "cart.doChangeNum" } } },
              { actions: "takeAmount" },
            ],
          ]),
        ),
      },
      invoke: {
        id: "updateAmount",
        src: "updateAmount",
        input: ({ context }) => ({ orderId: context.orderId, amount: context.sendingAmount! }),
        onDone: [
          {
            guard: "changedWhileSending",
            target: "amountChanged",
            actions: assign({
              savedAmount: ({ context }) => context.sendingAmount!,
              sendingAmount: null,
              price: ({ event }) => event.output.price,
            }),
          },
          {
            // CART-047: the price is the server's
            target: "idle",
            actions: assign({
              savedAmount: ({ context }) => context.sendingAmount!,
              sendingAmount: null,
              price: ({ event }) => event.output.price,
            }),
          },
        ],
        // CART-031, CART-053: the old amount is restored and "Update failed" is said
        onError: {
          target: "idle",
          actions: assign({
            amount: ({ context }) => context.savedAmount,
            sendingAmount: null,
            refusal: { key: "cart.updateFailed" as const },
          }),
        },
      },
    },
    savingAddProduct: {
      tags: ["pending"],
      on: refusedWhileSaving,
      invoke: {
        id: "updateAddProduct",
        src: "updateAddProduct",
        input: ({ context }) => ({ orderId: context.orderId, addProduct: context.addProduct }),
        onDone: { target: "idle" },
        // CART-033, CART-053: the box reverts and "Update failed" is said
        onError: {
          target: "idle",
          actions: assign({
            addProduct: ({ context }) => (context.addProduct === 1 ? 0 : 1),
            refusal: { key: "cart.updateFailed" as const },
          }),
        },
      },
    },
    confirmingDelete: {
      on: {
        "user.cancelDelete": "idle",
        "user.confirmDelete": "deleting",
      },
    },
    deleting: {
      tags: ["pending"],
      invoke: {
        id: "deleteOrder",
        src: "deleteOrder",
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: "deleted", actions: emit({ type: "deleted" }) },
        onError: {
          target: "idle",
          actions: assign({
            refusal: ({ event }) => serverNotice<CartItemMessageKey>(event.error, "cart.deleteFailed"),
          }),
        },
      },
    },
    deleted: { type: "final" },
  },
});

export type CartItemMachine = typeof cartItemMachine;
export type CartItemSnapshot = SnapshotFrom<CartItemMachine>;
