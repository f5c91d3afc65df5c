import { assign, fromPromise, setup } from "xstate";
import type { OrderDraft } from "../../../domain/orderEntry/draft.ts";
import type { components } from "../../../openapi/portal";
import { serverNotice, type Notice } from "../messages.ts";

/**
 * QO-111: the prices order entry shows while the user chooses, each asked for once what it depends
 * on has rested 1000 ms (a new change restarts the wait, so typing or browsing asks the server once;
 * an answer for an older request is dropped): the garment in the chosen fabric (making + fabric) and
 * the whole order so far (crafts, monogram and contrast included, priced by the server as saving
 * will price it). A child of the order-entry machines, told of every fabric change and every change
 * of the priced draft; the view reads its context.
 */

/** QO-111: one wait for every price. */
export const PRICE_DEBOUNCE_MS = 1000;

export interface FabricQuote {
  makePrice: string;
  fabricPrice: string;
  price: string;
  moneyType: string;
}
export interface FabricPriceInput {
  categoryId: number;
  source: "sys" | "cus";
  code: string;
  /** SO-005, SO-023: a style order prices its style in the fabric (POST pc/style/{id}/calculatePrice). */
  styleId?: number;
}
export type { OrderDraft };
export type OrderQuote = components["schemas"]["OrderQuote"];

export type FabricChanged = { type: "fabric.changed"; source: "sys" | "cus"; code: string };
/** The priced draft (domain/orderEntry/draft.ts `pricedDraft`) changed. */
export type DraftChanged = { type: "draft.changed"; draft: OrderDraft };

export interface PriceContext {
  categoryId: number;
  /** SO-005: the style a style order prices; absent for the other flows. */
  styleId?: number;
  fabric: { source: "sys" | "cus"; code: string };
  quote: FabricQuote | null;
  failure: Notice<"price.failed"> | null;
  /** The draft last told, and the order's price for it. */
  draft: OrderDraft | null;
  orderQuote: OrderQuote | null;
  orderFailure: Notice<"price.failed"> | null;
}

const priceSetup = setup({
  types: {
    context: {} as PriceContext,
    events: {} as FabricChanged | DraftChanged,
    input: {} as FabricPriceInput,
    /** `pending`: the garment's price is being recalculated; `orderPending`: the order's. */
    tags: {} as "pending" | "orderPending",
  },
  actors: {
    quote: fromPromise<FabricQuote, FabricPriceInput>(async () => {
      throw new Error("quote actor not provided");
    }),
    quoteOrder: fromPromise<OrderQuote, OrderDraft>(async () => {
      throw new Error("quoteOrder actor not provided");
    }),
  },
  delays: { debounce: PRICE_DEBOUNCE_MS },
  guards: {
    // QO-111: a draft equal to the last one told changes no price (the order tells it after every edit of a pick)
    isNewDraft: ({ context, event }) =>
      event.type === "draft.changed" && JSON.stringify(event.draft) !== JSON.stringify(context.draft),
  },
});

/** A new fabric or draft (re)starts its region's wait; leaving `quoting` drops the older answer. */
const fabricChanged = priceSetup.createStateConfig({
  on: {
    "fabric.changed": {
      target: "waiting",
      reenter: true,
      actions: assign({ fabric: ({ event }) => ({ source: event.source, code: event.code }) }),
    },
  },
}).on!["fabric.changed"]!;
const draftChanged = priceSetup.createStateConfig({
  on: {
    "draft.changed": {
      guard: "isNewDraft",
      target: "waiting",
      reenter: true,
      actions: assign({ draft: ({ event }) => event.draft }),
    },
  },
}).on!["draft.changed"]!;

export const priceMachine = priceSetup.createMachine({
  id: "price",
  context: ({ input }) => ({
    categoryId: input.categoryId,
    ...(input.styleId !== undefined ? { styleId: input.styleId } : {}),
    fabric: { source: input.source, code: input.code },
    quote: null,
    failure: null,
    draft: null,
    orderQuote: null,
    orderFailure: null,
  }),
  type: "parallel",
  states: {
    // The garment in the chosen fabric
    fabric: {
      initial: "waiting",
      // Each state restarts the wait itself: a change re-enters `waiting` of this region only.
      states: {
        waiting: { tags: ["pending"], on: { "fabric.changed": fabricChanged }, after: { debounce: "quoting" } },
        quoting: {
          on: { "fabric.changed": fabricChanged },
          tags: ["pending"],
          invoke: {
            src: "quote",
            input: ({ context }) => ({
              categoryId: context.categoryId,
              ...context.fabric,
              ...(context.styleId !== undefined ? { styleId: context.styleId } : {}),
            }),
            onDone: { target: "priced", actions: assign({ quote: ({ event }) => event.output, failure: null }) },
            onError: {
              target: "priced",
              actions: assign({
                quote: null,
                failure: ({ event }) => serverNotice(event.error, "price.failed" as const),
              }),
            },
          },
        },
        priced: { on: { "fabric.changed": fabricChanged } },
      },
    },
    // The whole order so far: nothing until the order tells its first draft
    order: {
      initial: "idle",
      states: {
        idle: { on: { "draft.changed": draftChanged } },
        waiting: { tags: ["orderPending"], on: { "draft.changed": draftChanged }, after: { debounce: "quoting" } },
        quoting: {
          on: { "draft.changed": draftChanged },
          tags: ["orderPending"],
          invoke: {
            src: "quoteOrder",
            input: ({ context }) => context.draft!,
            onDone: {
              target: "priced",
              actions: assign({ orderQuote: ({ event }) => event.output, orderFailure: null }),
            },
            // the last price no longer holds: it goes with the failure
            onError: {
              target: "priced",
              actions: assign({
                orderQuote: null,
                orderFailure: ({ event }) => serverNotice(event.error, "price.failed" as const),
              }),
            },
          },
        },
        priced: { on: { "draft.changed": draftChanged } },
      },
    },
  },
});
