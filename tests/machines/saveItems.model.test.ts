/**
 * The saved-items page machine at the level of its steps (tests/machines/paths.ts): what is selected
 * (nothing, orders the balance covers, orders beyond it), whether the summary of that selection has
 * been read, and the checkout's phase (browsing, reading the balance before, paying, the receipt).
 * Each abstract step stands for the real events of the page: the user's intent, the list and the
 * summary as the feature reads them, the actors' outcomes. A real actor follows tours that take every
 * transition of the model; after every step it must show what the model says (the checkout button,
 * the refusal said, the phase).
 */
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from "xstate";
import {
  saveItemsMachine,
  type CartRow,
  type CheckRequest,
  type SaveItemsEvent,
  type SaveItemsInput,
} from "../../machines/saveItems/saveItems.machine.ts";
import {
  selectCheckout,
  selectQueue,
  selectRefusal,
  selectSelectedIds,
  type CheckoutState,
} from "../../machines/saveItems/saveItems.selectors.ts";
import {
  submitQueueMachine,
  type PushRequest,
  type PushResult,
} from "../../machines/submitQueue/submitQueue.machine.ts";
import { isQueueFinished } from "../../machines/submitQueue/submitQueue.selectors.ts";
import { NetworkError } from "../../machines/shared/messages.ts";
import { abstractStates, isOutcome, same, stepGraph, transitionTours, type StepModel } from "./paths.ts";
import { createController, flush } from "./replay.ts";

const A: CartRow = {
  orderId: "21",
  orderCode: "SO21",
  isEdit: 1,
  check: 0,
  amount: 1,
  addProduct: 0,
  price: "100.00",
  custName: "Ann",
  clothZhName: "Shirt",
};
const B: CartRow = { ...A, orderId: "22", orderCode: "SO22", price: "250.50" };
const BALANCE = 20_000;
const SUBTOTAL: Record<string, number> = { none: 0, within: 10_000, beyond: 35_050 };
const INPUT: SaveItemsInput = { rows: [A, B] };

interface PageState {
  selection: "none" | "within" | "beyond";
  /** The summary of this selection has been read. */
  read: boolean;
  phase: "browsing" | "starting" | "paying" | "receipt";
  /** The refusal the last step said. */
  shown: string | null;
}

const listWith = (ids: string[]): SaveItemsEvent => ({
  type: "list.read",
  rows: INPUT.rows.map((row) => ({ ...row, check: ids.includes(row.orderId) ? 1 : 0 })),
});
const IDS = { none: [], within: [A.orderId], beyond: [A.orderId, B.orderId] };
const browsing = (s: PageState) => s.phase === "browsing";
const choose = (selection: PageState["selection"]) => ({
  offered: (s: PageState) => browsing(s) && s.selection !== selection,
  next: (s: PageState): PageState => ({ ...s, selection, read: false, shown: null }),
  // The user's intent, then the list as the feature's write of the check flag shows it (CART-034)
  concrete: (): EventObject[] => {
    const intent: SaveItemsEvent[] =
      selection === "none"
        ? [{ type: "user.selectAll", checked: false }]
        : selection === "within"
          ? [
              { type: "user.select", orderId: B.orderId, checked: false },
              { type: "user.select", orderId: A.orderId, checked: true },
            ]
          : [{ type: "user.selectAll", checked: true }];
    return [...intent, listWith(IDS[selection])];
  },
});

const saveItemsStepModel: StepModel<PageState> = {
  name: "saveItems",
  initial: { selection: "none", read: false, phase: "browsing", shown: null },
  machine: saveItemsMachine,
  input: INPUT,
  serialize: ({ selection, read, phase }) => JSON.stringify([selection, read, phase]),
  steps: {
    chooseNone: choose("none"),
    chooseWithin: choose("within"),
    chooseBeyond: choose("beyond"),
    readSummary: {
      offered: (s) => browsing(s) && !s.read,
      next: (s) => ({ ...s, read: true, shown: null }),
      concrete: (s) => [
        {
          type: "summary.read",
          orderIds: IDS[s.selection],
          figures: { balanceCents: BALANCE, orderCents: SUBTOTAL[s.selection]!, moneyType: "USD" },
          stale: false,
          reading: false,
          failed: false,
        },
      ],
    },
    checkout: {
      offered: browsing,
      next: (s) =>
        s.selection === "none" || !s.read
          ? { ...s, shown: null }
          : s.selection === "beyond"
            ? // CART-036, CART-037: the balance is short
              { ...s, shown: "cart.insufficientBalance" }
            : { ...s, phase: "starting", shown: null },
      concrete: () => [{ type: "user.checkout" }],
    },
    balanceUnread: {
      offered: (s) => s.phase === "starting",
      next: (s) => ({ ...s, phase: "browsing", shown: "cart.balanceUnread" }),
      concrete: () => [{ type: "xstate.error.actor.readBalance", error: new NetworkError() }],
    },
    balanceRead: {
      offered: (s) => s.phase === "starting",
      next: (s) => ({ ...s, phase: "paying", shown: null }),
      concrete: () => [{ type: "xstate.done.actor.readBalance", output: { balanceCents: BALANCE, moneyType: "USD" } }],
    },
    pay: {
      offered: (s) => s.phase === "paying",
      next: (s) => ({ ...s, phase: "receipt", shown: null }),
      concrete: () => [
        { type: "xstate.done.actor.pushOrder", output: { code: 0, sign: "success", msg: "" } },
        { type: "xstate.done.actor.loadBalance", output: { balanceCents: BALANCE - SUBTOTAL.within! } },
      ],
    },
    // The dialog closed: the list is read again (the model keeps its two orders, nothing selected)
    close: {
      offered: (s) => s.phase === "receipt",
      next: () => ({ selection: "none", read: false, phase: "browsing", shown: null }),
      concrete: () => [{ type: "user.close" }, listWith([])],
    },
  },
  check(state, snapshot) {
    const button: CheckoutState =
      state.selection === "none"
        ? "empty"
        : !browsing(state) || !state.read
          ? "waiting"
          : state.selection === "beyond"
            ? "short"
            : "ready";
    same("checkout", selectCheckout(snapshot as never).state, button);
    same("selected", selectSelectedIds(snapshot as never), IDS[state.selection]);
    const value = { browsing: "browsing", starting: "readingBalance", paying: "paying", receipt: "paying" }[
      state.phase
    ];
    same("state", snapshot.value, value);
    const queue = selectQueue(snapshot as never);
    same(
      "queue",
      queue === null ? null : isQueueFinished(queue.getSnapshot()),
      {
        browsing: null,
        starting: null,
        paying: false,
        receipt: true,
      }[state.phase],
    );
    if (state.shown !== null) same("refusal", selectRefusal(snapshot as never)?.key, state.shown);
  },
};

/** A real page machine; the check-flag saves are stored at once; the queue's close is sent to the queue. */
function drive() {
  const controller = createController();
  const actor = createActor(
    saveItemsMachine.provide({
      actors: {
        submitQueue: submitQueueMachine.provide({
          actors: {
            pushOrder: controller.actor<PushResult, PushRequest>("pushOrder"),
            loadBalance: controller.actor<{ balanceCents: number }, unknown>("loadBalance"),
          },
        }),
        saveCheck: fromPromise<unknown, CheckRequest>(async () => null),
        readBalance: controller.actor<{ balanceCents: number; moneyType: string }, unknown>("readBalance"),
      },
    }),
    { input: INPUT },
  ).start();
  return {
    snapshot: (): AnyMachineSnapshot => actor.getSnapshot(),
    async apply(event: EventObject) {
      if (isOutcome(event)) controller.settle(event);
      else if (event.type === "user.close") selectQueue(actor.getSnapshot())!.send({ type: "user.close" });
      else actor.send(event as SaveItemsEvent);
      await flush();
    },
  };
}

const graph = stepGraph(saveItemsStepModel);

describe("saveItems step model (xstate/graph)", () => {
  it("has 9 abstract states and 25 transitions, every step taken somewhere", () => {
    expect(graph.shortest.length).toBe(9);
    expect(graph.edges.length).toBe(25);
    const taken = new Set(graph.edges.map(({ event }) => event.type));
    expect([...taken].sort()).toEqual(Object.keys(saveItemsStepModel.steps).sort());
  });

  it("CART-036 CART-037 the queue starts only from a read selection the balance covers; Insufficient Balance only from one beyond it", () => {
    for (const { state, event, nextState } of graph.edges) {
      const before = state.context;
      if (nextState.context.phase === "starting" && before.phase === "browsing")
        expect([before.selection, before.read, event.type]).toEqual(["within", true, "checkout"]);
      if (nextState.context.shown === "cart.insufficientBalance")
        expect([before.selection, before.read]).toEqual(["beyond", true]);
    }
  });

  it("a real page machine takes every transition of the model and shows what each step says", async () => {
    const tours = transitionTours(saveItemsStepModel);
    for (const tour of tours) {
      const page = drive();
      const states = abstractStates(saveItemsStepModel, tour);
      saveItemsStepModel.check(states[0]!, page.snapshot());
      for (const [index, step] of tour.steps.entries()) {
        if (index === 0) continue;
        for (const event of saveItemsStepModel.steps[step.event.type]!.concrete(states[index - 1]!))
          await page.apply(event);
        try {
          saveItemsStepModel.check(states[index]!, page.snapshot());
        } catch (error) {
          if (error instanceof Error)
            error.message += `\nafter ${tour.steps
              .slice(1, index + 1)
              .map((s) => s.event.type)
              .join(" → ")}`;
          throw error;
        }
      }
    }
    expect(tours.length).toBeGreaterThan(0);
  });
});
