import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { createTestModel } from "xstate/graph";
import {
  calculatorMachine,
  type CalculatorContext,
  type CalculatorEvent,
  type CalculatorOption,
  type CalculatorOrderType,
  type LiningOption,
  type PriceRequest,
} from "../../machines/calculator/calculator.machine.ts";
import {
  allStateNodeIds,
  allStateNodes,
  modelEdges,
  reachedStateNodeIds,
  serializeModelEvent,
  transientStateNodeIds,
  transitionPaths,
  edgeCoverage,
} from "./paths.ts";
import {
  calculatorAdjacency,
  calculatorModelEvents,
  calculatorShortestPaths,
  serializeCalculator,
} from "./calculator.model.ts";
import { createController, replay, type ReplayDriver } from "./replay.ts";

const STATES = 304;
const TRANSITIONS = 1504;
const INVOKED = ["loadCategories", "loadLinings", "calculatePrice"] as const;
const MODEL = { machine: calculatorMachine, serialize: serializeCalculator };

/** What each invocation must receive (SHELL-124, SHELL-123), from the context it started in. */
function expectedInput(id: string, c: CalculatorContext): unknown {
  switch (id) {
    case "loadCategories":
      return { orderType: c.orderType };
    case "loadLinings":
      return { categoryId: c.categoryId, orderType: c.orderType };
    case "calculatePrice":
      return {
        orderType: c.orderType,
        clothCode: c.categoryId,
        liningCode: c.liningCode,
        fabricCode: c.fabricCode.trim(),
      };
    default:
      throw new Error(`unexpected invocation ${id}`);
  }
}

/** A real calculator actor whose promise actors the replay settles. */
function calculatorDriver(): ReplayDriver {
  const controller = createController();
  let checkedInputs = 0;
  const actor = createActor(
    calculatorMachine.provide({
      actors: {
        loadCategories: controller.actor<CalculatorOption[], { orderType: CalculatorOrderType }>("loadCategories"),
        loadLinings: controller.actor<LiningOption[], { categoryId: number; orderType: CalculatorOrderType }>(
          "loadLinings",
        ),
        calculatePrice: controller.actor<{ price: string; moneyType: string }, PriceRequest>("calculatePrice"),
      },
    }),
  ).start();
  return {
    send: (event) => actor.send(event as CalculatorEvent),
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
      for (const { id, input } of controller.inputs.slice(checkedInputs))
        expect({ id, input }).toEqual({ id, input: expectedInput(id, expected.context as CalculatorContext) });
      checkedInputs = controller.inputs.length;
      // SHELL-095: a price is only shown with a currency; otherwise it reads 0.00.
      const c = real.context;
      expect(c.price === "0.00").toBe(c.moneyType === "");
    },
  };
}

describe("calculator model (xstate/graph)", () => {
  it("createTestModel refuses machines with invocations, so the paths come from getShortestPaths", () => {
    expect(() => createTestModel(calculatorMachine)).toThrow(/Invocations/);
  });

  it(`there is one shortest path to each of the ${STATES} states`, () => {
    const paths = calculatorShortestPaths();
    expect(paths.length).toBe(STATES);
    expect(new Set(paths.map((p) => serializeCalculator(p.state))).size).toBe(STATES);
  });

  it("every state node is reached by a shortest path", () => {
    const reached = reachedStateNodeIds(calculatorShortestPaths());
    const all = allStateNodeIds(calculatorMachine.root);
    expect(all.sort()).toEqual([
      "calculator.closed",
      "calculator.open",
      "calculator.open.calculating",
      "calculator.open.idle",
      "calculator.open.loadingCategories",
      "calculator.open.loadingLinings",
    ]);
    expect(transientStateNodeIds(calculatorMachine.root)).toEqual([]);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
  });

  it("the model's events cover every event the machine handles", () => {
    const handled = new Set(allStateNodes(calculatorMachine.root).flatMap((node) => node.ownEvents as string[]));
    const modelled = new Set(modelEdges(calculatorAdjacency()).map(({ event }) => event.type));
    expect([...modelled].sort()).toEqual([...handled].sort());
    expect(new Set(calculatorModelEvents.map((e) => e.type))).toEqual(modelled);
  });

  it("SHELL-097 in every reachable state a price other than 0.00 comes with its currency", () => {
    const shown = calculatorShortestPaths().filter((p) => (p.state.context as CalculatorContext).price !== "0.00");
    expect(shown.length).toBeGreaterThan(0);
    for (const path of shown) expect((path.state.context as CalculatorContext).moneyType).toBe("USD");
  });

  it(`the ${TRANSITIONS} transitions of the adjacency map are each exercised by a path`, () => {
    const { edges, unexercised } = edgeCoverage(calculatorShortestPaths(), calculatorAdjacency(), serializeCalculator);
    expect(edges.length).toBe(TRANSITIONS);
    expect(unexercised).toEqual([]);
  });

  it("a real actor takes every transition of the model, and so follows every shortest path", async () => {
    const paths = transitionPaths(calculatorShortestPaths(), calculatorAdjacency(), serializeCalculator);
    // Each shortest path (but the empty one) is the shortest path to a state and one transition.
    const replayed = new Set(paths.map((p) => p.steps.map((s) => serializeModelEvent(s.event)).join("|")));
    expect(
      calculatorShortestPaths().filter(
        (p) => p.steps.length > 1 && !replayed.has(p.steps.map((s) => serializeModelEvent(s.event)).join("|")),
      ),
    ).toEqual([]);
    for (const path of paths) await replay(path, MODEL, calculatorDriver());
    expect(paths.length).toBe(TRANSITIONS);
  });
});
