import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { createActor, type AnyStateNode, type EventObject } from "xstate";
import { createTestModel } from "xstate/graph";
import {
  styleOrderMachine,
  type LoadStyleInput,
  type StyleLoad,
} from "../../machines/styleOrder/styleOrder.machine.ts";
import type {
  DraftInput,
  LoadMeasurementsInput,
  QuickOrderContext,
  QuickOrderEvent,
  SizeLoad,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import type { StyleBought } from "../../domain/orderEntry/style.ts";
import {
  allStateNodeIds,
  allStateNodes,
  isOutcome,
  stepGraph,
  transientStateNodeIds,
  transitionTours,
} from "./paths.ts";
import { STYLE_ORDER_INPUT, styleOrderStepModel } from "./styleOrder.model.ts";
import { createController, replaySteps, type ReplayDriver, shortestNotReplayed } from "./replay.ts";

/** The sizes of the step model: a change in the chart or the model shows here first. */
const STATES = 35;
const TRANSITIONS = 60;
const INVOKED = ["loadStyle", "buyStyle", "loadMeasurements", "presize", "saveOrder", "submitOrder"] as const;

/** What each invocation must receive, from the context of the state it started in. */
function expectedInput(id: string, c: QuickOrderContext): unknown {
  switch (id) {
    case "loadStyle":
      return { styleId: c.styleOrder!.id, orderId: null, mode: "new" };
    case "loadMeasurements":
      // SO-012: the style's first category and its further pieces, for the chosen customer
      return { categoryId: 3000, method: c.size.method, customerId: c.basic.customerId, pieces: [2000] };
    case "buyStyle":
    case "presize":
    case "saveOrder":
    case "submitOrder":
      return { context: c };
    default:
      throw new Error(`unexpected invocation ${id}`);
  }
}

const seen = { nodes: new Set<string>(), refusals: new Set<string | null>(), events: new Set<string>() };

/** A real style-order actor whose promise actors the replay settles. */
function styleOrderDriver(): ReplayDriver {
  const controller = createController();
  let checkedInputs = 0;
  const actor = createActor(
    styleOrderMachine.provide({
      actors: {
        loadStyle: controller.actor<StyleLoad, LoadStyleInput>("loadStyle"),
        buyStyle: controller.actor<StyleBought, DraftInput>("buyStyle"),
        loadMeasurements: controller.actor<SizeLoad, LoadMeasurementsInput>("loadMeasurements"),
        presize: controller.actor<Record<number, string>, DraftInput>("presize"),
        saveOrder: controller.actor<{ orderId: string }, DraftInput>("saveOrder"),
        submitOrder: controller.actor<{ failed: boolean }, DraftInput>("submitOrder"),
      },
    }),
    { input: STYLE_ORDER_INPUT },
  ).start();
  return {
    send: (event) => actor.send(event as QuickOrderEvent),
    settle: (event) => {
      controller.settle(event);
    },
    check(expected, event) {
      const real = actor.getSnapshot();
      expect(real.status).toBe(expected.status);
      expect(real.value).toEqual(expected.value);
      expect(real.context).toEqual(expected.context);
      expect(Object.keys(real.children).sort()).toEqual(Object.keys(expected.children).sort());
      const running = Object.keys(expected.children).filter((id) => (INVOKED as readonly string[]).includes(id));
      expect([...controller.running.keys()].sort()).toEqual(running.sort());
      for (const { id, input } of controller.inputs.slice(checkedInputs))
        expect({ id, input }).toEqual({ id, input: expectedInput(id, expected.context as QuickOrderContext) });
      checkedInputs = controller.inputs.length;
      // the pending tag is on exactly while a call runs (the step buttons wait)
      expect(real.hasTag("pending")).toBe(running.length > 0);
      for (const node of real._nodes as AnyStateNode[]) seen.nodes.add(node.id);
      seen.refusals.add(real.context.refusal?.key ?? null);
      seen.events.add(event.type);
    },
  };
}

const graph = stepGraph(styleOrderStepModel);

describe("style order step model (xstate/graph)", () => {
  it("createTestModel refuses the real machine (it invokes actors), so the model is an abstract one of its steps", () => {
    expect(() => createTestModel(styleOrderMachine)).toThrow(/Invocations/);
  });

  it(`has ${STATES} states, one shortest path to each, and ${TRANSITIONS} transitions`, () => {
    expect({ states: graph.shortest.length, transitions: graph.edges.length }).toEqual({
      states: STATES,
      transitions: TRANSITIONS,
    });
    expect(new Set(graph.shortest.map((p) => styleOrderStepModel.serialize(p.state.context))).size).toBe(STATES);
    expect(new Set(graph.edges.map((e) => e.event.type))).toEqual(new Set(Object.keys(styleOrderStepModel.steps)));
  });

  it("SO-011 SO-012 SO-013 the steps are entered in order (Buy, then Next) and left back one at a time", () => {
    const moves = new Set(
      graph.edges
        .map((e) => `${e.state.context.at}→${e.nextState.context.at} ${e.event.type}`)
        .filter((m) => !/^(\w+)→\1 /.test(m)),
    );
    expect([...moves].sort()).toEqual(
      [
        "loading→step1 style.loaded",
        "loading→failed style.failed",
        "step1→step2 buy.done",
        "step2→step1 step2.previous",
        "step2→step3 step2.next",
        "step3→step2 step3.previous",
        "step3→done save.done",
        "step3→done submit.done",
        "step3→done submit.refused",
      ].sort(),
    );
  });

  it("a real actor takes every transition of the step model, and so follows every shortest path", async () => {
    expect(shortestNotReplayed(graph)).toEqual([]);
    for (const path of graph.transitions) await replaySteps(path, styleOrderStepModel, styleOrderDriver());
    expect(graph.transitions.length).toBe(TRANSITIONS);
  });

  it("a real actor follows tours that take every transition, walks longer than the shortest paths", async () => {
    for (const path of transitionTours(styleOrderStepModel))
      await replaySteps(path, styleOrderStepModel, styleOrderDriver());
  });

  describe("what the replays saw of the real machine", () => {
    it("every state node is reached but the standard sizes (the style's pieces are fixed: no add-product load)", () => {
      const all = allStateNodeIds(styleOrderMachine.root);
      const transient = transientStateNodeIds(styleOrderMachine.root);
      expect(transient).toEqual(["styleOrder.ordering.steps.measurements.checkingMethod"]);
      expect(all.filter((id) => !seen.nodes.has(id)).sort()).toEqual(
        [
          ...transient,
          // QO-100 (tests/machines/sizeBody.test.ts, tests/machines/detours.ts)
          "styleOrder.ordering.steps.measurements.loadingStandard",
        ].sort(),
      );
    });

    it("SO-017 SO-018 SO-019 SO-027 QO-091 QO-097 QO-147 QO-148 every refusal of the steps is shown", () => {
      expect([...seen.refusals].sort()).toEqual(
        [
          "customer.nameRequired",
          "server",
          "size.notLoaded",
          "size.outOfRange",
          "size.presizeFirst",
          "size.required",
          "style.craftRequired",
          "style.fabricRequired",
          null,
        ].sort(),
      );
    });

    it("every invoked actor answers, and the style, Buy, the measurements and saving fail in some replay", () => {
      const outcomes = [...seen.events].filter((type) => isOutcome({ type } as EventObject)).sort();
      expect(outcomes).toEqual(
        [
          ...INVOKED.map((id) => `xstate.done.actor.${id}`),
          ...["loadStyle", "buyStyle", "loadMeasurements", "saveOrder"].map((id) => `xstate.error.actor.${id}`),
        ].sort(),
      );
    });
  });

  it("SO-014 QO-097 every finished order has its outcome; a submitted order was pre-calculated and bought", () => {
    const finished = graph.edges.filter((e) => e.nextState.context.at === "done");
    expect(new Set(finished.map((e) => `${e.event.type} ${e.nextState.context.outcome}`))).toEqual(
      new Set(["save.done /saveItems", "submit.done /underProduction", "submit.refused /myOrder"]),
    );
    for (const { event, state } of finished) {
      expect(state.context.bought).toBe(true);
      if (event.type.startsWith("submit.")) expect(state.context.presized).toBe(true);
    }
  });

  it("every event the machine handles is sent by the step model or by a machine test of its own", () => {
    const handled = new Set(allStateNodes(styleOrderMachine.root).flatMap((node) => node.ownEvents as string[]));
    for (const type of styleOrderMachine.root.ownEvents as string[]) handled.add(type);
    const read = (dir: URL) =>
      readdirSync(dir)
        .filter((name) => name.endsWith(".test.ts") && name !== "styleOrder.model.test.ts")
        .map((name) => readFileSync(new URL(name, dir), "utf8"));
    const tests = [...read(new URL(".", import.meta.url)), ...read(new URL("../domain/", import.meta.url))].join("\n");
    const named = (type: string) =>
      isOutcome({ type } as EventObject)
        ? new RegExp(`\\b${type.replace(/^xstate\.(done|error)\.actor\./, "")}\\b`).test(tests)
        : tests.includes(`"${type}"`);
    const untested = [...handled].filter((type) => !seen.events.has(type) && !named(type));
    expect(untested).toEqual([]);
  });
});
