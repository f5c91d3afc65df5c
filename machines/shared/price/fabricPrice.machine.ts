import { assign, fromPromise, setup } from "xstate";
import { serverNotice, type Notice } from "../messages.ts";

/**
 * QO-111: the garment's price in the chosen fabric, recalculated 1000 ms after the fabric changes
 * (a new change restarts the wait, so typing or browsing fabrics asks the server once). A child of
 * the order-entry machines; the view reads its context.
 */

/** QO-111 */
export const FABRIC_PRICE_DEBOUNCE_MS = 1000;

export interface FabricQuote { makePrice: string; fabricPrice: string; price: string; moneyType: string }
export interface FabricPriceInput { categoryId: number; source: "sys" | "cus"; code: string }
export type FabricChanged = { type: "fabric.changed"; source: "sys" | "cus"; code: string };

export interface FabricPriceContext {
  categoryId: number;
  fabric: { source: "sys" | "cus"; code: string };
  quote: FabricQuote | null;
  failure: Notice<"price.failed"> | null;
}

export const fabricPriceMachine = setup({
  types: {
    context: {} as FabricPriceContext,
    events: {} as FabricChanged,
    input: {} as FabricPriceInput,
    tags: {} as "pending",
  },
  actors: {
    quote: fromPromise<FabricQuote, FabricPriceInput>(async () => {
      throw new Error("quote actor not provided");
    }),
  },
  delays: { debounce: FABRIC_PRICE_DEBOUNCE_MS },
}).createMachine({
  id: "fabricPrice",
  context: ({ input }) => ({ categoryId: input.categoryId, fabric: { source: input.source, code: input.code }, quote: null, failure: null }),
  initial: "waiting",
  on: {
    // QO-111: every change restarts the 1000 ms wait; an answer for an older fabric is dropped
    "fabric.changed": { target: ".waiting", reenter: true, actions: assign({ fabric: ({ event }) => ({ source: event.source, code: event.code }) }) },
  },
  states: {
    waiting: { tags: ["pending"], after: { debounce: "quoting" } },
    quoting: {
      tags: ["pending"],
      invoke: {
        src: "quote",
        input: ({ context }) => ({ categoryId: context.categoryId, ...context.fabric }),
        onDone: { target: "priced", actions: assign({ quote: ({ event }) => event.output, failure: null }) },
        onError: { target: "priced", actions: assign({ quote: null, failure: ({ event }) => serverNotice(event.error, "price.failed" as const) }) },
      },
    },
    priced: {},
  },
});
