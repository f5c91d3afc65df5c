import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import {
  AMOUNT_DEBOUNCE_MS,
  cartItemMachine,
  MAX_AMOUNT,
  MIN_AMOUNT,
  type CartItemContext,
  type CartItemEvent,
} from "../../machines/cartItem/cartItem.machine.ts";
import {
  allStateNodeIds,
  allStateNodes,
  modelEdges,
  reachedStateNodeIds,
  transientStateNodeIds,
  transitionPaths,
  edgeCoverage,
} from "./paths.ts";
import {
  CART_ITEM_INPUT,
  WAITED,
  cartItemAdjacency,
  cartItemModelEvents,
  cartItemShortestPaths,
  serializeCartItem,
} from "./cartItem.model.ts";
import { createController, replay, type ReplayDriver } from "./replay.ts";

const STATES = 168;
const TRANSITIONS = 1230;
const INVOKED = ["updateAmount", "updateAddProduct", "deleteOrder"] as const;
const MODEL = { machine: cartItemMachine, input: CART_ITEM_INPUT, serialize: serializeCartItem };

/** A real card whose promise actors the replay settles and whose 500 ms wait is the simulated clock's. */
function cartItemDriver(): ReplayDriver {
  const controller = createController();
  const clock = new SimulatedClock();
  let checkedInputs = 0;
  const actor = createActor(
    cartItemMachine.provide({
      actors: {
        updateAmount: controller.actor<{ price: string }, { orderId: string; amount: number }>("updateAmount"),
        updateAddProduct: controller.actor<unknown, { orderId: string; addProduct: 0 | 1 }>("updateAddProduct"),
        deleteOrder: controller.actor<unknown, { orderId: string }>("deleteOrder"),
      },
    }),
    { input: CART_ITEM_INPUT, clock },
  ).start();
  return {
    send: (event) => {
      // CART-030: the wait is time passing, never an event a view could send
      if (event.type === WAITED.type) clock.increment(AMOUNT_DEBOUNCE_MS);
      else actor.send(event as CartItemEvent);
    },
    settle: (event) => {
      controller.settle(event);
    },
    check(expected) {
      const real = actor.getSnapshot();
      expect(real.value).toEqual(expected.value);
      expect(real.context).toEqual(expected.context);
      expect(real.hasTag("pending")).toBe(expected.hasTag("pending"));
      expect([...controller.running.keys()].sort()).toEqual(
        Object.keys(expected.children)
          .filter((id) => (INVOKED as readonly string[]).includes(id))
          .sort(),
      );
      const c = expected.context as CartItemContext;
      for (const { id, input } of controller.inputs.slice(checkedInputs)) {
        // CART-047, CART-048, CART-049: each call names the order; the amount sent is the one kept
        expect((input as { orderId: string }).orderId).toBe("41");
        if (id === "updateAmount") expect(input).toEqual({ orderId: "41", amount: c.sendingAmount });
        if (id === "updateAddProduct") expect(input).toEqual({ orderId: "41", addProduct: c.addProduct });
      }
      checkedInputs = controller.inputs.length;
      // CART-035: the quantity stays within its range in every state
      expect(real.context.amount).toBeGreaterThanOrEqual(MIN_AMOUNT);
      expect(real.context.amount).toBeLessThanOrEqual(MAX_AMOUNT);
    },
  };
}

describe("cartItem model (xstate/graph)", () => {
  it(`there is one shortest path to each of the ${STATES} states`, () => {
    const paths = cartItemShortestPaths();
    expect(paths.length).toBe(STATES);
    expect(new Set(paths.map((p) => serializeCartItem(p.state))).size).toBe(STATES);
  });

  it("every state node is reached by a shortest path", () => {
    const reached = reachedStateNodeIds(cartItemShortestPaths());
    const all = allStateNodeIds(cartItemMachine.root);
    expect(all.sort()).toEqual([
      "cartItem.amountChanged",
      "cartItem.confirmingDelete",
      "cartItem.deleted",
      "cartItem.deleting",
      "cartItem.idle",
      "cartItem.savingAddProduct",
      "cartItem.savingAmount",
    ]);
    expect(transientStateNodeIds(cartItemMachine.root)).toEqual([]);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
  });

  it("the model's events cover every event the machine handles", () => {
    const handled = new Set(allStateNodes(cartItemMachine.root).flatMap((node) => node.ownEvents as string[]));
    const modelled = new Set(modelEdges(cartItemAdjacency()).map(({ event }) => event.type));
    expect([...modelled].sort()).toEqual([...handled].sort());
    expect(new Set(cartItemModelEvents.map((e) => e.type))).toEqual(modelled);
  });

  it("CART-040 in no reachable state is add-product set beside a quantity other than 1", () => {
    for (const path of cartItemShortestPaths()) {
      const c = path.state.context as CartItemContext;
      if (c.addProduct === 1) expect(c.amount).toBe(1);
    }
  });

  it(`the ${TRANSITIONS} transitions of the adjacency map are each exercised by a path`, () => {
    const { edges, unexercised } = edgeCoverage(cartItemShortestPaths(), cartItemAdjacency(), serializeCartItem);
    expect(edges.length).toBe(TRANSITIONS);
    expect(unexercised).toEqual([]);
  });

  it("a real actor takes every transition of the model, and so follows every shortest path", async () => {
    const paths = transitionPaths(cartItemShortestPaths(), cartItemAdjacency(), serializeCartItem);
    for (const path of paths) await replay(path, MODEL, cartItemDriver());
    expect(paths.length).toBe(TRANSITIONS);
  });
});
