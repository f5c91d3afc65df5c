import { assign, fromPromise, setup } from "xstate";
import { serverNotice, type Notice } from "../shared/messages.ts";

export type CalculatorOrderType = 7 | 8;
/** SHELL-093: the calculator's order methods. */
export const CALCULATOR_ORDER_TYPES: readonly CalculatorOrderType[] = [7, 8];

export interface CalculatorOption {
  id: number;
  name: string;
}
export interface LiningOption {
  code: string;
  name: string;
}

export type CalculatorMessageKey =
  | "calc.orderTypeRequired" // SHELL-115
  | "calc.categoryRequired" // SHELL-116
  | "calc.fabricRequired" // SHELL-117
  | "calc.liningRequired" // SHELL-118
  | "calc.failed";

export interface CalculatorContext {
  orderType: CalculatorOrderType | null;
  categoryId: number | null;
  liningCode: string | null;
  fabricCode: string;
  categories: CalculatorOption[];
  linings: LiningOption[];
  /** SHELL-095: "0.00" until a price is calculated. */
  price: string;
  moneyType: string;
  error: Notice<CalculatorMessageKey> | null;
}

export type CalculatorEvent =
  | { type: "user.open" }
  | { type: "user.close" }
  | { type: "user.selectOrderType"; orderType: CalculatorOrderType }
  | { type: "user.selectCategory"; categoryId: number }
  | { type: "user.selectLining"; liningCode: string }
  | { type: "user.changeFabric"; fabricCode: string }
  | { type: "user.calculate" };

export interface PriceRequest {
  orderType: CalculatorOrderType;
  clothCode: number;
  liningCode: string;
  fabricCode: string;
}

const empty = (): CalculatorContext => ({
  orderType: null,
  categoryId: null,
  liningCode: null,
  fabricCode: "",
  categories: [],
  linings: [],
  price: "0.00",
  moneyType: "",
  error: null,
});

const failure = (error: unknown) => serverNotice<CalculatorMessageKey>(error, "calc.failed");

export const calculatorMachine = setup({
  types: { context: {} as CalculatorContext, events: {} as CalculatorEvent },
  actors: {
    loadCategories: fromPromise<CalculatorOption[], { orderType: CalculatorOrderType }>(async () => {
      throw new Error("loadCategories actor not provided");
    }),
    // SHELL-124: lining types of the category for the order type
    loadLinings: fromPromise<LiningOption[], { categoryId: number; orderType: CalculatorOrderType }>(async () => {
      throw new Error("loadLinings actor not provided");
    }),
    // SHELL-123: the server computes the price
    calculatePrice: fromPromise<{ price: string; moneyType: string }, PriceRequest>(async () => {
      throw new Error("calculatePrice actor not provided");
    }),
  },
  guards: {
    // SHELL-115: order method is required
    isOrderTypeMissing: ({ context }) => context.orderType === null,
    hasOrderType: ({ context }) => context.orderType !== null,
    // SHELL-116: category is required
    isCategoryMissing: ({ context }) => context.categoryId === null,
    // SHELL-117: fabric number is required
    isFabricMissing: ({ context }) => context.fabricCode.trim() === "",
    // SHELL-118: lining type is required
    isLiningMissing: ({ context }) => context.liningCode === null,
  },
}).createMachine({
  id: "calculator",
  context: empty,
  initial: "closed",
  states: {
    closed: { on: { "user.open": { target: "open", actions: assign(empty) } } },
    open: {
      initial: "idle",
      on: {
        "user.close": "closed",
        "user.selectOrderType": {
          target: ".loadingCategories",
          actions: assign({
            orderType: ({ event }) => event.orderType,
            categoryId: null,
            liningCode: null,
            categories: [],
            linings: [],
            price: "0.00",
            moneyType: "",
            error: null,
          }),
        },
        "user.selectCategory": {
          // Categories exist only once an order type is chosen; without one there is nothing to load.
          guard: "hasOrderType",
          target: ".loadingLinings",
          actions: assign({
            categoryId: ({ event }) => event.categoryId,
            liningCode: null,
            linings: [],
            price: "0.00",
            moneyType: "",
            error: null,
          }),
        },
        "user.selectLining": {
          actions: assign({ liningCode: ({ event }) => event.liningCode, price: "0.00", moneyType: "", error: null }),
        },
        "user.changeFabric": {
          actions: assign({ fabricCode: ({ event }) => event.fabricCode, price: "0.00", moneyType: "", error: null }),
        },
      },
      states: {
        idle: {
          on: {
            // Checked in the documented order; the first failure stops (SHELL-115..118).
            "user.calculate": [
              { guard: "isOrderTypeMissing", actions: assign({ error: { key: "calc.orderTypeRequired" as const } }) },
              { guard: "isCategoryMissing", actions: assign({ error: { key: "calc.categoryRequired" as const } }) },
              { guard: "isFabricMissing", actions: assign({ error: { key: "calc.fabricRequired" as const } }) },
              { guard: "isLiningMissing", actions: assign({ error: { key: "calc.liningRequired" as const } }) },
              { target: "calculating", actions: assign({ error: null }) },
            ],
          },
        },
        loadingCategories: {
          tags: ["pending"],
          invoke: {
            id: "loadCategories",
            src: "loadCategories",
            input: ({ context }) => ({ orderType: context.orderType! }),
            onDone: { target: "idle", actions: assign({ categories: ({ event }) => event.output }) },
            onError: { target: "idle", actions: assign({ error: ({ event }) => failure(event.error) }) },
          },
        },
        loadingLinings: {
          tags: ["pending"],
          invoke: {
            id: "loadLinings",
            src: "loadLinings",
            input: ({ context }) => ({ categoryId: context.categoryId!, orderType: context.orderType! }),
            onDone: { target: "idle", actions: assign({ linings: ({ event }) => event.output }) },
            onError: { target: "idle", actions: assign({ error: ({ event }) => failure(event.error) }) },
          },
        },
        calculating: {
          tags: ["pending"],
          entry: assign({ price: "0.00", moneyType: "" }),
          // A change while the price is computed makes that price stale: drop it and go back to idle.
          on: {
            "user.selectLining": {
              target: "idle",
              actions: assign({
                liningCode: ({ event }) => event.liningCode,
                price: "0.00",
                moneyType: "",
                error: null,
              }),
            },
            "user.changeFabric": {
              target: "idle",
              actions: assign({
                fabricCode: ({ event }) => event.fabricCode,
                price: "0.00",
                moneyType: "",
                error: null,
              }),
            },
          },
          invoke: {
            id: "calculatePrice",
            src: "calculatePrice",
            input: ({ context }) => ({
              orderType: context.orderType!,
              clothCode: context.categoryId!,
              liningCode: context.liningCode!,
              fabricCode: context.fabricCode.trim(),
            }),
            // SHELL-097: the result shows price and moneyType
            onDone: {
              target: "idle",
              actions: assign({
                price: ({ event }) => event.output.price,
                moneyType: ({ event }) => event.output.moneyType,
              }),
            },
            onError: { target: "idle", actions: assign({ error: ({ event }) => failure(event.error) }) },
          },
        },
      },
    },
  },
});
