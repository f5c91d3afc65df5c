import { describe, expect, it } from "vitest";
import { createActor, type AnyStateNode, type EventObject } from "xstate";
import { newOrderMachine } from "../../machines/newOrder/newOrder.machine.ts";
import type {
  DraftInput,
  LoadMeasurementsInput,
  LoadSetupInput,
  QuickOrderContext,
  QuickOrderEvent,
  QuickOrderSetup,
  SizeLoad,
  StyleOption,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import {
  allStateNodeIds,
  isOutcome,
  outcomeActorId,
  stepGraph,
  transientStateNodeIds,
  transitionTours,
} from "./paths.ts";
import { NEW_ORDER_INPUT, newOrderStepModel } from "./newOrder.model.ts";
import { createController, replaySteps, type ReplayDriver, shortestNotReplayed } from "./replay.ts";
import { orderEntryInput } from "./orderModelSteps.ts";

/** The sizes of the step model: a change in the chart or the model shows here first. */
const STATES = 69;
const TRANSITIONS = 123;
const INVOKED = ["loadSetup", "checkStock", "loadStyles", "loadMeasurements", "presize", "saveOrder", "submitOrder"];

function expectedInput(id: string, c: QuickOrderContext): unknown {
  // the simple order's base styles of the category
  if (id === "loadStyles") return { categoryId: c.categoryId };
  const shared = orderEntryInput(id, c);
  if (shared) return shared.input;
  throw new Error(`unexpected invocation ${id}`);
}

const seen = { nodes: new Set<string>(), refusals: new Set<string | null>(), events: new Set<string>() };

/** A real simple-order actor whose promise actors the replay settles. */
function newOrderDriver(): ReplayDriver {
  const controller = createController();
  let checkedInputs = 0;
  /** Actors settled whose state was not left (loadStyles: its answer keeps the user in step 3): no longer running. */
  const finished = new Set<string>();
  const actor = createActor(
    newOrderMachine.provide({
      actors: {
        loadSetup: controller.actor<QuickOrderSetup, LoadSetupInput>("loadSetup"),
        checkStock: controller.actor<{ inStock: boolean }, { code: string }>("checkStock"),
        loadStyles: controller.actor<StyleOption[], { categoryId: number }>("loadStyles"),
        loadMeasurements: controller.actor<SizeLoad, LoadMeasurementsInput>("loadMeasurements"),
        presize: controller.actor<Record<number, string>, DraftInput>("presize"),
        saveOrder: controller.actor<{ orderId: string }, DraftInput>("saveOrder"),
        submitOrder: controller.actor<{ failed: boolean }, DraftInput>("submitOrder"),
      },
    }),
    { input: NEW_ORDER_INPUT },
  ).start();
  return {
    send: (event) => actor.send(event as QuickOrderEvent),
    settle: (event) => {
      controller.settle(event);
      finished.add(outcomeActorId(event));
    },
    check(expected, event) {
      const real = actor.getSnapshot();
      expect(real.status).toBe(expected.status);
      expect(real.value).toEqual(expected.value);
      expect(real.context).toEqual(expected.context);
      for (const { id, input } of controller.inputs.slice(checkedInputs)) {
        expect({ id, input }).toEqual({ id, input: expectedInput(id, expected.context as QuickOrderContext) });
        finished.delete(id);
      }
      checkedInputs = controller.inputs.length;
      for (const id of finished) if (!(id in expected.children)) finished.delete(id);
      expect(Object.keys(real.children).sort()).toEqual(Object.keys(expected.children).sort());
      const running = Object.keys(expected.children).filter((id) => INVOKED.includes(id) && !finished.has(id));
      expect([...controller.running.keys()].sort()).toEqual(running.sort());
      // QO-129: the pending tag is on while a call runs (the base styles load beside the parts, without it)
      expect(real.hasTag("pending")).toBe(running.filter((id) => id !== "loadStyles").length > 0);
      for (const node of real._nodes as AnyStateNode[]) seen.nodes.add(node.id);
      seen.refusals.add(real.context.refusal?.key ?? null);
      seen.events.add(event.type);
    },
  };
}

const graph = stepGraph(newOrderStepModel);

describe("simple order step model (xstate/graph)", () => {
  it(`has ${STATES} states, one shortest path to each, and ${TRANSITIONS} transitions`, () => {
    expect({ states: graph.shortest.length, transitions: graph.edges.length }).toEqual({
      states: STATES,
      transitions: TRANSITIONS,
    });
    expect(new Set(graph.edges.map((e) => e.event.type))).toEqual(new Set(Object.keys(newOrderStepModel.steps)));
  });

  it("D-10 QO-005 the four steps are entered in order and left back one at a time; a book customer sends step 4 back to step 3", () => {
    const moves = new Set(
      graph.edges.map((e) => `${e.state.context.at}→${e.nextState.context.at}`).filter((m) => !/^(\w+)→\1$/.test(m)),
    );
    expect([...moves].sort()).toEqual(
      [
        "loading→step1",
        "loading→failed",
        "step1→step2",
        "step2→step1",
        "step2→step3",
        "step3→step2",
        "step3→step4",
        "step4→step3",
        "step4→done",
      ].sort(),
    );
  });

  it("a real actor takes every transition of the step model, and so follows every shortest path", async () => {
    expect(shortestNotReplayed(graph)).toEqual([]);
    for (const path of graph.transitions) await replaySteps(path, newOrderStepModel, newOrderDriver());
    expect(graph.transitions.length).toBe(TRANSITIONS);
  });

  it("a real actor follows tours that take every transition, walks longer than the shortest paths", async () => {
    for (const path of transitionTours(newOrderStepModel)) await replaySteps(path, newOrderStepModel, newOrderDriver());
  });

  it("every state node is reached but the standard sizes, add-products and price tips (tests/machines/sizeBody.test.ts, addProduct.test.ts, orderEntryIntents.test.ts)", () => {
    const all = allStateNodeIds(newOrderMachine.root);
    const transient = transientStateNodeIds(newOrderMachine.root);
    // QO-038: the model's craft tree has no priced option, so neither craft step shows a price tip.
    expect(all.filter((id) => !seen.nodes.has(id)).sort()).toEqual(
      [
        ...transient,
        "newOrder.measurements.loadingStandard",
        "newOrder.measurements.loadingPiece",
        "newOrder.crafting.fabricCrafts.priceTip.shown",
        "newOrder.crafting.furtherCrafts.priceTip.shown",
      ].sort(),
    );
  });

  it("D-06 QO-091 QO-097 QO-128 QO-134 QO-145 QO-147 QO-148 QO-162 QO-163 every refusal of the steps is shown", () => {
    expect([...seen.refusals].sort()).toEqual(
      [
        "craft.notFinished",
        "customer.nameRequired",
        "fabric.outOfStock",
        "order.fabricRequired",
        "order.failed",
        "server",
        "size.notLoaded",
        "size.outOfRange",
        "size.presizeFirst",
        "size.reloaded",
        "size.required",
        null,
      ].sort(),
    );
    // Each call answers; the failures of the presize, the submit and the base styles are the quick order's and newOrder.test.ts's
    const outcomes = [...seen.events].filter((type) => isOutcome({ type } as EventObject));
    expect(outcomes.sort()).toEqual(
      [
        ...INVOKED.map((id) => `xstate.done.actor.${id}`),
        ...["loadSetup", "checkStock", "loadMeasurements", "saveOrder"].map((id) => `xstate.error.actor.${id}`),
      ].sort(),
    );
  });
});
