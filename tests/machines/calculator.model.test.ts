import { describe, expect, it } from "vitest";
import { createTestModel } from "xstate/graph";
import { calculatorMachine, type CalculatorContext } from "../../machines/calculator/calculator.machine.ts";
import {
  allStateNodeIds,
  allStateNodes,
  modelEdges,
  reachedStateNodeIds,
  transientStateNodeIds,
  edgeCoverage,
} from "./paths.ts";
import {
  calculatorAdjacency,
  calculatorModelEvents,
  calculatorShortestPaths,
  serializeCalculator,
} from "./calculator.model.ts";
import { replayEveryTransition, type ActorModel } from "./replay.ts";

const STATES = 304;
const TRANSITIONS = 1504;
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

/** The real actor's double actors (tests/machines/replay.ts) and the rule every snapshot keeps. */
const MODEL: ActorModel<CalculatorContext> = {
  machine: calculatorMachine,
  serialize: serializeCalculator,
  invoked: ["loadCategories", "loadLinings", "calculatePrice"],
  expectedInput,
  // SHELL-095: a price is only shown with a currency; otherwise it reads 0.00.
  invariant(real) {
    const c = real.context as CalculatorContext;
    expect(c.price === "0.00").toBe(c.moneyType === "");
  },
};

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
    expect(await replayEveryTransition(MODEL, calculatorShortestPaths(), calculatorAdjacency())).toBe(TRANSITIONS);
  });
});
