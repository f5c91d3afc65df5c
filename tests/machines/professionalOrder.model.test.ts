import { describe, expect, it } from "vitest";
import { createActor, type AnyStateNode, type EventObject } from "xstate";
import { createTestModel } from "xstate/graph";
import {
  professionalOrderMachine,
  type ProfessionalOrderSetup,
} from "../../machines/professionalOrder/professionalOrder.machine.ts";
import type {
  DraftInput,
  LoadMeasurementsInput,
  LoadPiecePartsInput,
  LoadSetupInput,
  OrderEntryContext,
  OrderEntryEvent,
  PieceParts,
  SizeLoad,
} from "../../machines/orderEntry/types.ts";
import { allStateNodeIds, isOutcome, stepGraph, transientStateNodeIds, transitionTours } from "./paths.ts";
import { PROFESSIONAL_INPUT, professionalStepModel, type ProfessionalSteps } from "./professionalOrder.model.ts";
import { createController, replaySteps, type ReplayDriver, shortestNotReplayed } from "./replay.ts";
import { orderEntryInput } from "./orderModelSteps.ts";

/** The sizes of the step model: a change in the chart or the model shows here first. */
const STATES = 74;
const TRANSITIONS = 147;
const INVOKED = ["loadSetup", "checkStock", "loadMeasurements", "loadPieceParts", "saveOrder", "submitOrder"] as const;

function expectedInput(id: string, c: OrderEntryContext, event: EventObject): unknown {
  // a further piece's parts: its category, the chosen method, the chosen customer
  if (id === "loadPieceParts")
    return {
      categoryId: (event as { categoryId?: number }).categoryId,
      method: c.size.method,
      customerId: c.basic.customerId,
    };
  const shared = orderEntryInput(id, c);
  if (shared) return shared.input;
  throw new Error(`unexpected invocation ${id}`);
}

const seen = { nodes: new Set<string>(), refusals: new Set<string | null>(), events: new Set<string>() };

/** A real professional-order actor whose promise actors the replay settles. */
function professionalDriver(): ReplayDriver {
  const controller = createController();
  let checkedInputs = 0;
  const actor = createActor(
    professionalOrderMachine.provide({
      actors: {
        loadSetup: controller.actor<ProfessionalOrderSetup, LoadSetupInput>("loadSetup"),
        checkStock: controller.actor<{ inStock: boolean }, { code: string }>("checkStock"),
        loadMeasurements: controller.actor<SizeLoad, LoadMeasurementsInput>("loadMeasurements"),
        loadPieceParts: controller.actor<PieceParts, LoadPiecePartsInput>("loadPieceParts"),
        saveOrder: controller.actor<{ orderId: string }, DraftInput>("saveOrder"),
        submitOrder: controller.actor<{ failed: boolean }, DraftInput>("submitOrder"),
      },
    }),
    { input: PROFESSIONAL_INPUT },
  ).start();
  return {
    send: (event) => actor.send(event as OrderEntryEvent),
    settle: (event) => {
      controller.settle(event);
    },
    check(expected, event) {
      const real = actor.getSnapshot();
      expect(real.status).toBe(expected.status);
      expect(real.value).toEqual(expected.value);
      expect(real.context).toEqual(expected.context);
      // exactly the model's invocations run in the real actor, each with the input of the state it started in
      const running = Object.keys(expected.children).filter((id) => (INVOKED as readonly string[]).includes(id));
      expect([...controller.running.keys()].sort()).toEqual(running.sort());
      for (const { id, input } of controller.inputs.slice(checkedInputs))
        expect({ id, input }).toEqual({ id, input: expectedInput(id, expected.context as OrderEntryContext, event) });
      checkedInputs = controller.inputs.length;
      expect(real.hasTag("pending")).toBe(running.length > 0);
      for (const node of real._nodes as AnyStateNode[]) seen.nodes.add(node.id);
      seen.refusals.add(real.context.refusal?.key ?? null);
      seen.events.add(event.type);
    },
  };
}

const graph = stepGraph(professionalStepModel);
const atOf = (s: { context: ProfessionalSteps }) => s.context.at;

describe("professional order step model (xstate/graph)", () => {
  it("createTestModel refuses the real machine (it invokes actors), so the model is an abstract one of its steps", () => {
    expect(() => createTestModel(professionalOrderMachine)).toThrow(/Invocations/);
  });

  it(`has ${STATES} states, one shortest path to each, and ${TRANSITIONS} transitions`, () => {
    expect({ states: graph.shortest.length, transitions: graph.edges.length }).toEqual({
      states: STATES,
      transitions: TRANSITIONS,
    });
    expect(new Set(graph.edges.map((e) => e.event.type))).toEqual(new Set(Object.keys(professionalStepModel.steps)));
  });

  it("PO-011 one page: the form is entered once and left only for done", () => {
    const moves = new Set(
      graph.edges.map((e) => `${atOf(e.state)}→${atOf(e.nextState)}`).filter((m) => !/(\w+)→\1$/.test(m)),
    );
    expect([...moves].sort()).toEqual(["form→done", "loading→failed", "loading→form"]);
  });

  it("a real actor takes every transition of the step model, and so follows every shortest path", async () => {
    expect(shortestNotReplayed(graph)).toEqual([]);
    for (const path of graph.transitions) await replaySteps(path, professionalStepModel, professionalDriver());
  });

  it("a real actor follows tours that take every transition, walks longer than the shortest paths", async () => {
    for (const path of transitionTours(professionalStepModel))
      await replaySteps(path, professionalStepModel, professionalDriver());
  });

  describe("what the replays saw of the real machine", () => {
    it("every state node is reached but the standard sizes, the pre-size and the price tip", () => {
      const all = allStateNodeIds(professionalOrderMachine.root);
      const transient = transientStateNodeIds(professionalOrderMachine.root);
      expect(transient).toEqual(["professionalOrder.entry.sizes.checkingMethod"]);
      expect(all.filter((id) => !seen.nodes.has(id)).sort()).toEqual(
        [
          ...transient,
          "professionalOrder.entry.sizes.loadingStandard",
          "professionalOrder.entry.sizes.presizing",
          "professionalOrder.entry.priceTip.shown",
        ].sort(),
      );
    });

    it("PO-022 PO-023 PO-025 PO-027 PO-031 PO-036 PO-039 every refusal of Save and Submit is shown, and failed loads show none", () => {
      expect([...seen.refusals].sort()).toEqual(
        [
          "craft.notFinished",
          "customer.fillIn",
          "monogram.missing",
          "order.fabricRequired",
          "server",
          "size.reloaded",
          "size.required",
          null,
        ].sort(),
      );
    });

    it("every invoked actor (but the piece's parts) answers and fails in some replay", () => {
      const outcomes = [...seen.events].filter((type) => isOutcome({ type } as EventObject)).sort();
      expect(outcomes).toEqual(
        INVOKED.flatMap((id) =>
          id === "loadPieceParts"
            ? [`xstate.done.actor.${id}`]
            : [`xstate.done.actor.${id}`, `xstate.error.actor.${id}`],
        ).sort(),
      );
    });
  });

  it("PO-008 every finished order has its outcome (Save to cart: the cart; Submit: production, or pending when it failed)", () => {
    const finished = graph.edges.filter((e) => e.nextState.context.at === "done");
    expect(new Set(finished.map((e) => `${e.event.type} ${e.nextState.context.outcome}`))).toEqual(
      new Set(["save.done /saveItems", "submit.done /underProduction", "submit.refused /myOrder"]),
    );
  });
});
