import {
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  not,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from "xstate";
import { balanceCovers } from "../../domain/cart.ts";
import { parseCents } from "../../domain/money.ts";
import { cartItemMachine, type CartItemInput } from "../cartItem/cartItem.machine.ts";
import {
  submitQueueMachine,
  type PersistedQueue,
  type QueueOrder,
  type SubmitQueueInput,
} from "../submitQueue/submitQueue.machine.ts";
import type { Notice } from "../shared/messages.ts";

/**
 * The saved-items page (/saveItems, CART-016..017, CART-034..039): the page's cards (one cartItem
 * actor each, spawned here), what is selected (the stored check flag, CART-034), whether checkout may
 * run, and the submission queue it starts (the submitQueue machine, invoked here, which makes one
 * idempotency key per order and ends with the receipt). The list and the summary are read by the
 * feature (React Query) and told to the machine (`list.read`, `summary.read`); saving a check flag and
 * reading the balance before are actors the feature provides.
 *
 * The shape other "rows chosen, then act" pages copy: rows + selection, a guarded `user.checkout`, a
 * step that reads what the receipt needs, the queue invoked with its per-item keys, back to browsing.
 */

/** What the page machine needs of a saved order (a `CartOrder` of the list has all of it). */
export interface CartRow {
  orderId: string;
  orderCode: string;
  /** CART-017: 1 only when the caller may change the order. */
  isEdit: number;
  /** CART-034: the stored selection flag. */
  check: number;
  amount: number;
  addProduct: number;
  /** The order's price as the server writes it ("123.45"). */
  price: string;
  /** Whom and what the order is for, as the list shows them (the submission queue names the order by them). */
  custName: string;
  clothZhName: string;
}

/** The account's balance and what a selection costs (CART-022, CART-045), integer cents. */
export interface Figures {
  balanceCents: number;
  orderCents: number;
  moneyType: string;
}

/** The summary as the feature last read it for a selection. */
export interface SummaryRead {
  /** The selection the read is for. */
  orderIds: readonly string[];
  /** The figures on show; while `stale` they are an earlier selection's, kept on screen meanwhile. */
  figures: Figures | null;
  stale: boolean;
  /** A read is on its way (the figures may be about to change). */
  reading: boolean;
  /** The read failed. */
  failed: boolean;
}

export type SaveItemsMessageKey =
  | "cart.noPermission" // CART-017
  | "cart.insufficientBalance" // CART-037, CART-052
  | "cart.updateFailed" // CART-053: a check flag was not stored
  | "cart.balanceUnread"; // the balance before could not be read: nothing was submitted

export type CartItemRef = ActorRefFrom<typeof cartItemMachine>;

export interface SaveItemsInput {
  rows: readonly CartRow[];
}

export interface SaveItemsContext {
  rows: readonly CartRow[];
  /** One card actor per row, by order id. */
  cards: Readonly<Record<string, CartItemRef>>;
  /** The cards with a change waiting or on its way (CART-030): checkout waits for the server's price. */
  savingCards: readonly string[];
  summary: SummaryRead;
  /** The orders checkout takes (fixed when it starts), in the list's order. */
  checkout: readonly QueueOrder[];
  /** What the queue runs with: the orders and the balance before, or a queue resumed after a reload. */
  queue: SubmitQueueInput | null;
  /** Numbers the check-flag saves (their actor ids). */
  checkSeq: number;
  refusal: Notice<SaveItemsMessageKey> | null;
}

export type SaveItemsEvent =
  | { type: "list.read"; rows: readonly CartRow[] }
  | ({ type: "summary.read" } & SummaryRead)
  | { type: "user.select"; orderId: string; checked: boolean }
  | { type: "user.selectAll"; checked: boolean }
  | { type: "user.checkout" }
  | { type: "queue.resume"; queue: PersistedQueue };

export interface CheckRequest {
  orderIds: string[];
  check: 0 | 1;
}

// --- what the guards and the selectors ask (one place, so the button and the guard cannot disagree) ---

export const isRowEditable = (row: CartRow) => row.isEdit === 1;
export const selectedRows = (c: SaveItemsContext) => c.rows.filter((row) => row.check === 1);
const sameIds = (a: readonly string[], b: readonly string[]) => {
  const sorted = (ids: readonly string[]) => [...ids].sort().join(",");
  return sorted(a) === sorted(b);
};
/** The summary's figures when they are this selection's (not an earlier one's), else null. */
export const currentFigures = (c: SaveItemsContext): Figures | null =>
  c.summary.figures !== null &&
  !c.summary.stale &&
  sameIds(
    c.summary.orderIds,
    selectedRows(c).map((row) => row.orderId),
  )
    ? c.summary.figures
    : null;
/** CART-036: the balance covers the subtotal of the selection (false while that is not known). */
export const coversSubtotal = (c: SaveItemsContext) => {
  const figures = currentFigures(c);
  return figures !== null && balanceCovers(figures.balanceCents, figures.orderCents);
};
/** CART-037: the selection's subtotal is known and more than the balance. */
export const isShort = (c: SaveItemsContext) => currentFigures(c) !== null && !coversSubtotal(c);
export const hasSelection = (c: SaveItemsContext) => selectedRows(c).length > 0;
export const areCardsSaved = (c: SaveItemsContext) => c.savingCards.length === 0;
export const isSummaryRead = (c: SaveItemsContext) => currentFigures(c) !== null && !c.summary.reading;

const cardInput = (row: CartRow): CartItemInput => ({
  orderId: row.orderId,
  isEdit: row.isEdit === 1,
  amount: row.amount,
  addProduct: row.addProduct === 1 ? 1 : 0,
  price: row.price,
});
const sameCard = (a: CartRow, b: CartRow) =>
  a.isEdit === b.isEdit && a.amount === b.amount && a.addProduct === b.addProduct && a.price === b.price;

/** The price a card's server last answered (its quantity's update), else the list's; in cents. */
function priceCents(c: SaveItemsContext, row: CartRow): number {
  const text = c.cards[row.orderId]?.getSnapshot().context.price ?? row.price;
  const cents = parseCents(text);
  if (cents === null) throw new Error(`not a money amount: ${JSON.stringify(text)}`);
  return cents;
}

/** The cards with a change waiting or on its way (their machine's `pending` tag). */
const savingCardIds = (cards: SaveItemsContext["cards"]): string[] =>
  Object.keys(cards).filter((id) => cards[id]!.getSnapshot().hasTag("pending"));

const NO_SUMMARY: SummaryRead = { orderIds: [], figures: null, stale: false, reading: true, failed: false };

export const saveItemsMachine = setup({
  types: {
    context: {} as SaveItemsContext,
    events: {} as SaveItemsEvent,
    input: {} as SaveItemsInput,
  },
  actors: {
    cartItem: cartItemMachine,
    // CART-019..029: the queue, one order at a time under its own idempotency key, then the receipt
    submitQueue: submitQueueMachine,
    // CART-034: GET pc/order/updateOrderCheck stores the flag of some orders
    saveCheck: fromPromise<unknown, CheckRequest>(async () => {
      throw new Error("saveCheck actor not provided");
    }),
    // CART-045: the account's balance now (the receipt's balance before)
    readBalance: fromPromise<{ balanceCents: number; moneyType: string }>(async () => {
      throw new Error("readBalance actor not provided");
    }),
  },
  guards: {
    // CART-017: only an order whose isEdit is 1 may be selected
    isEditable: ({ context, event }) => {
      assertEvent(event, "user.select");
      const row = context.rows.find((r) => r.orderId === event.orderId);
      return row !== undefined && isRowEditable(row);
    },
    // CART-039: checkout needs a selection
    hasSelection: ({ context }) => hasSelection(context),
    // CART-030: checkout waits until no card has a quantity waiting or on its way (it pays the server's price)
    areCardsSaved: ({ context }) => areCardsSaved(context),
    // The summary of this very selection has been read (not an earlier selection's, not being read again)
    isSummaryRead: ({ context }) => isSummaryRead(context),
    // CART-036: submission only when the balance is at least the subtotal
    doesBalanceCoverSubtotal: ({ context }) => coversSubtotal(context),
  },
  actions: {
    refuse: assign({ refusal: (_, params: { key: SaveItemsMessageKey }) => ({ key: params.key }) }),
    noteSavingCards: assign({ savingCards: ({ context }) => savingCardIds(context.cards) }),
    saveCheck: assign(({ context, spawn }, params: CheckRequest) => {
      if (params.orderIds.length > 0) spawn("saveCheck", { id: `check.${context.checkSeq}`, input: params });
      return { checkSeq: context.checkSeq + 1 };
    }),
  },
}).createMachine({
  id: "saveItems",
  context: ({ input, spawn }) => ({
    rows: input.rows,
    cards: Object.fromEntries(
      input.rows.map((row) => [
        row.orderId,
        spawn("cartItem", { id: `card.${row.orderId}`, input: cardInput(row), syncSnapshot: true }),
      ]),
    ),
    savingCards: [],
    summary: NO_SUMMARY,
    checkout: [],
    queue: null,
    checkSeq: 0,
    refusal: null,
  }),
  on: {
    // The list was read again: new rows get a card, rows gone lose theirs, an idle card takes what changed.
    "list.read": {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const before = new Map(context.rows.map((row) => [row.orderId, row]));
        const now = new Set(event.rows.map((row) => row.orderId));
        for (const [id, ref] of Object.entries(context.cards)) if (!now.has(id)) enqueue.stopChild(ref);
        for (const row of event.rows) {
          const ref = context.cards[row.orderId];
          const old = before.get(row.orderId);
          if (ref && old && !sameCard(old, row) && ref.getSnapshot().status === "active")
            enqueue.sendTo(ref, { type: "sync", ...cardInput(row) });
        }
        enqueue.assign(({ spawn }) => {
          const cards = Object.fromEntries(
            event.rows.map((row) => [
              row.orderId,
              context.cards[row.orderId] ??
                spawn("cartItem", { id: `card.${row.orderId}`, input: cardInput(row), syncSnapshot: true }),
            ]),
          );
          // Another selection: the figures read before are not trusted until its summary is read.
          const selectionChanged = !sameIds(
            selectedRows(context).map((row) => row.orderId),
            event.rows.filter((row) => row.check === 1).map((row) => row.orderId),
          );
          const summary = selectionChanged ? { ...context.summary, stale: true, reading: true } : context.summary;
          return { rows: event.rows, cards, savingCards: savingCardIds(cards), summary };
        });
      }),
    },
    // A card changed: which cards are saving
    "xstate.snapshot.card.*": { actions: "noteSavingCards" },
    "summary.read": {
      actions: assign({
        summary: ({ event }) => {
          assertEvent(event, "summary.read");
          const { orderIds, figures, stale, reading, failed } = event;
          return { orderIds, figures, stale, reading, failed };
        },
      }),
    },
    "user.select": [
      { guard: not("isEditable"), actions: { type: "refuse", params: { key: "cart.noPermission" } } },
      {
        actions: {
          type: "saveCheck",
          params: ({ event }) => ({ orderIds: [event.orderId], check: event.checked ? 1 : 0 }),
        },
      },
    ],
    // CART-034: select-all sends every editable id of the page (CART-017: the others are not the caller's)
    "user.selectAll": {
      actions: {
        type: "saveCheck",
        params: ({ context, event }) => ({
          orderIds: context.rows.filter(isRowEditable).map((row) => row.orderId),
          check: event.checked ? 1 : 0,
        }),
      },
    },
    // CART-053: a check flag the server did not store (the feature has put the list back)
    "xstate.error.actor.check.*": { actions: { type: "refuse", params: { key: "cart.updateFailed" } } },
  },
  initial: "browsing",
  states: {
    browsing: {
      on: {
        "user.checkout": [
          // CART-039: nothing selected, nothing to pay (the button is inactive)
          { guard: not("hasSelection") },
          { guard: not("areCardsSaved") },
          { guard: not("isSummaryRead") },
          // CART-037, CART-052: the balance is short: "Insufficient Balance", nothing is sent
          {
            guard: not("doesBalanceCoverSubtotal"),
            actions: { type: "refuse", params: { key: "cart.insufficientBalance" } },
          },
          {
            target: "readingBalance",
            actions: assign({
              checkout: ({ context }) =>
                selectedRows(context).map((row) => ({
                  id: Number(row.orderId),
                  code: row.orderCode,
                  customer: row.custName,
                  garment: row.clothZhName,
                  priceCents: priceCents(context, row),
                })),
              refusal: null,
            }),
          },
        ],
        // A queue this tab was running before a reload goes on with its own keys
        "queue.resume": {
          target: "paying",
          actions: assign({ queue: ({ event }) => ({ resume: event.queue }) }),
        },
      },
    },
    // The receipt's balance before is the account's balance now, not what the page showed earlier.
    readingBalance: {
      tags: ["pending"],
      invoke: {
        id: "readBalance",
        src: "readBalance",
        onDone: {
          target: "paying",
          actions: assign({
            queue: ({ context, event }) => ({
              orders: [...context.checkout],
              balanceBeforeCents: event.output.balanceCents,
              moneyType: event.output.moneyType,
            }),
          }),
        },
        onError: { target: "browsing", actions: { type: "refuse", params: { key: "cart.balanceUnread" } } },
      },
    },
    // CART-019..029: the submit-progress dialog runs the queue; closed (or left), the page goes on
    paying: {
      tags: ["pending"],
      invoke: {
        id: "queue",
        src: "submitQueue",
        input: ({ context }) => context.queue!,
        onDone: { target: "browsing", actions: assign({ queue: null, checkout: [] }) },
      },
    },
  },
});

export type SaveItemsMachine = typeof saveItemsMachine;
export type SaveItemsSnapshot = SnapshotFrom<SaveItemsMachine>;
