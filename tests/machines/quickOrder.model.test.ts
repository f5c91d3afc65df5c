import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { createActor, fromPromise, waitFor, type AnyStateNode, type EventObject } from "xstate";
import { createTestModel } from "xstate/graph";
import {
  quickOrderMachine,
  type DraftInput,
  type QuickOrderContext,
  type QuickOrderEvent,
  type QuickOrderSetup,
  type SizeLoad,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import type { StandardSize } from "../../domain/measurements/standardSizes.ts";
import {
  allStateNodes,
  allStateNodeIds,
  isOutcome,
  stepGraph,
  transientStateNodeIds,
  transitionTours,
} from "./paths.ts";
import { IN_STOCK_FABRIC, SUIT_SETUP } from "./quickOrder.fixtures.ts";
import { QUICK_ORDER_INPUT, quickOrderStepModel, type QuickOrderSteps } from "./quickOrder.model.ts";
import { createController, replaySteps, type ReplayDriver, shortestNotReplayed } from "./replay.ts";
import { orderEntryInput } from "./orderModelSteps.ts";

type SetupInput = {
  categoryId: number;
  orderId: string | null;
  mode: import("../../machines/quickOrder/quickOrder.machine.ts").OrderMode;
};
type MeasureInput = { categoryId: number; method: number; customerId: number | null; pieces: number[] };

/** The sizes of the step model: a change in the chart or the model shows here first. */
const STATES = 157;
const TRANSITIONS = 399;
const INVOKED = [
  "loadSetup",
  "checkStock",
  "loadMeasurements",
  "loadStandardSizes",
  "presize",
  "saveOrder",
  "submitOrder",
] as const;

/** What each invocation must receive, from the context of the state it started in. */
function expectedInput(id: string, c: QuickOrderContext): unknown {
  const shared = orderEntryInput(id, c);
  if (shared) return shared.input;
  throw new Error(`unexpected invocation ${id}`);
}

/** What every replay saw of the real machine, for the coverage tests. */
const seen = {
  nodes: new Set<string>(),
  /** How step 3 was entered: the state node right after leaving step 2. */
  entered: new Set<string>(),
  refusals: new Set<string | null>(),
  events: new Set<string>(),
  /** QO-163: the stock answer of a system fabric in every snapshot beyond step 1. */
  fabricBeyondStep1: new Set<string>(),
};

/** A real quick-order actor whose promise actors the replay settles. */
function quickOrderDriver(): ReplayDriver {
  const controller = createController();
  let checkedInputs = 0;
  const actor = createActor(
    quickOrderMachine.provide({
      actors: {
        loadSetup: controller.actor<QuickOrderSetup, SetupInput>("loadSetup"),
        checkStock: controller.actor<{ inStock: boolean }, { code: string }>("checkStock"),
        loadMeasurements: controller.actor<SizeLoad, MeasureInput>("loadMeasurements"),
        loadStandardSizes: controller.actor<StandardSize[], { categoryId: number; sizeAreaId: number; shape: number }>(
          "loadStandardSizes",
        ),
        presize: controller.actor<Record<number, string>, DraftInput>("presize"),
        saveOrder: controller.actor<{ orderId: string }, DraftInput>("saveOrder"),
        submitOrder: controller.actor<{ failed: boolean }, DraftInput>("submitOrder"),
      },
    }),
    { input: QUICK_ORDER_INPUT },
  ).start();
  return {
    send: (event) => actor.send(event as QuickOrderEvent),
    settle: (event) => {
      controller.settle(event);
    },
    check(expected, event, previous) {
      const real = actor.getSnapshot();
      expect(real.status).toBe(expected.status);
      expect(real.value).toEqual(expected.value);
      expect(real.context).toEqual(expected.context);
      expect(Object.keys(real.children).sort()).toEqual(Object.keys(expected.children).sort());
      // Exactly the model's invocations run in the real actor, each with the input of the state it started in.
      const running = Object.keys(expected.children).filter((id) => (INVOKED as readonly string[]).includes(id));
      expect([...controller.running.keys()].sort()).toEqual(running.sort());
      for (const { id, input } of controller.inputs.slice(checkedInputs))
        expect({ id, input }).toEqual({ id, input: expectedInput(id, expected.context as QuickOrderContext) });
      checkedInputs = controller.inputs.length;
      // QO-129: the pending tag is on exactly while a call runs.
      expect(real.hasTag("pending")).toBe(running.length > 0);
      const c = real.context;
      for (const node of real._nodes as AnyStateNode[]) seen.nodes.add(node.id);
      if (previous && !previous.matches("sizeBody") && real.matches("sizeBody"))
        seen.entered.add(JSON.stringify(real.value));
      seen.refusals.add(c.refusal?.key ?? null);
      seen.events.add(event.type);
      if (
        !real.matches("basicInfo") &&
        !real.matches("loading") &&
        !real.matches("failed") &&
        c.fabric.source === "sys"
      )
        seen.fabricBeyondStep1.add(String(c.fabric.inStock));
    },
  };
}

const graph = stepGraph(quickOrderStepModel);
const replayAll = async (paths: typeof graph.shortest) => {
  for (const path of paths) await replaySteps(path, quickOrderStepModel, quickOrderDriver());
};
const atOf = (s: { context: QuickOrderSteps }) => s.context.at;

describe("quick order step model (xstate/graph)", () => {
  it("createTestModel refuses the real machine (it invokes actors), so the model is an abstract one of its steps", () => {
    expect(() => createTestModel(quickOrderMachine)).toThrow(/Invocations/);
  });

  it(`has ${STATES} states, one shortest path to each, and ${TRANSITIONS} transitions`, () => {
    expect({ states: graph.shortest.length, transitions: graph.edges.length }).toEqual({
      states: STATES,
      transitions: TRANSITIONS,
    });
    expect(new Set(graph.shortest.map((p) => quickOrderStepModel.serialize(p.state.context))).size).toBe(STATES);
    // Every step of the model is taken somewhere.
    expect(new Set(graph.edges.map((e) => e.event.type))).toEqual(new Set(Object.keys(quickOrderStepModel.steps)));
  });

  it("QO-004 QO-092 the steps are entered in order and left back one at a time", () => {
    const moves = new Set(
      graph.edges.map((e) => `${atOf(e.state)}→${atOf(e.nextState)}`).filter((m) => !/(\w+)→\1$/.test(m)),
    );
    expect([...moves].sort()).toEqual(
      [
        "loading→step1",
        "loading→failed",
        "step1→step2",
        "step2→step1",
        "step2→step3",
        "step3→step2",
        "step3→done",
      ].sort(),
    );
  });

  it("a real actor takes every transition of the step model, and so follows every shortest path", async () => {
    expect(shortestNotReplayed(graph)).toEqual([]);
    await replayAll(graph.transitions);
    expect(graph.transitions.length).toBe(TRANSITIONS);
  });

  it("a real actor follows tours that take every transition, walks longer than the shortest paths", async () => {
    await replayAll(transitionTours(quickOrderStepModel));
  });

  describe("what the replays saw of the real machine", () => {
    it("every state node is reached but the add-product load and the price tip; only the eventless method check is never at rest", () => {
      const all = allStateNodeIds(quickOrderMachine.root);
      const transient = transientStateNodeIds(quickOrderMachine.root);
      expect(transient).toEqual(["quickOrder.sizeBody.checkingMethod"]);
      // QO-040: the model's server offers no add-products (tests/machines/addProduct.test.ts covers loadingPiece).
      // QO-038: the model's craft tree has no priced option, so no price tip (orderEntryIntents.test.ts shows it).
      expect(all.filter((id) => !seen.nodes.has(id)).sort()).toEqual(
        [...transient, "quickOrder.sizeBody.loadingPiece", "quickOrder.crafts.priceTip.shown"].sort(),
      );
      // QO-095: both branches of the method check: parts to load, or no method (or the parts kept, QO-092)
      expect(seen.entered).toEqual(
        new Set([JSON.stringify({ sizeBody: "loadingParts" }), JSON.stringify({ sizeBody: "editing" })]),
      );
    });

    it("QO-088 QO-089 QO-091 QO-097 QO-100 QO-128 QO-130 QO-132 QO-133 QO-134 QO-137 QO-145 QO-147 QO-148 QO-152 QO-162 QO-163 QO-199 every refusal of the steps is shown", () => {
      expect([...seen.refusals].sort()).toEqual(
        [
          "craft.notFinished",
          "customer.genderRequired",
          "customer.nameRequired",
          "customer.weightUnitRequired",
          "fabric.outOfStock",
          "monogram.duplicateSite",
          "monogram.missing",
          "order.fabricRequired",
          "order.failed",
          "server",
          "size.areaRequired",
          "size.notLoaded",
          "size.outOfRange",
          "size.presizeFirst",
          "size.required",
          "size.shapeRequired",
          "size.standardRequired",
          null,
        ].sort(),
      );
    });

    it("every invoked actor (but the add-product load) answers and fails in some replay", () => {
      const outcomes = [...seen.events].filter((type) => isOutcome({ type } as EventObject)).sort();
      expect(outcomes).toEqual(INVOKED.flatMap((id) => [`xstate.done.actor.${id}`, `xstate.error.actor.${id}`]).sort());
    });

    it("QO-163 beyond step 1 a system fabric always has an in-stock answer", () => {
      expect(seen.fabricBeyondStep1).toEqual(new Set(["true"]));
    });
  });

  it("QO-097 QO-124 QO-126 QO-127 every finished order has its outcome; a submitted 10052 order was pre-calculated", () => {
    const finished = graph.edges.filter((e) => e.nextState.context.at === "done");
    expect(new Set(finished.map((e) => `${e.event.type} ${e.nextState.context.outcome}`))).toEqual(
      new Set(["save.done /saveItems", "submit.done /underProduction", "submit.refused /myOrder"]),
    );
    for (const { event, state } of finished)
      if (event.type.startsWith("submit.") && state.context.method === 10052) expect(state.context.presized).toBe(true);
  });

  it("every event the machine handles is sent by the step model or by a machine test of its own", () => {
    const handled = new Set(allStateNodes(quickOrderMachine.root).flatMap((node) => node.ownEvents as string[]));
    for (const type of quickOrderMachine.root.ownEvents as string[]) handled.add(type);
    const sent = [...seen.events].filter((type) => type !== "xstate.init");
    expect(sent.filter((type) => !handled.has(type))).toEqual([]);
    // The field edits inside a step are the reducers' (tests/domain) and the flows' own tests' business.
    const read = (dir: URL) =>
      readdirSync(dir)
        .filter((name) => name.endsWith(".test.ts") && name !== "quickOrder.model.test.ts")
        .map((name) => readFileSync(new URL(name, dir), "utf8"));
    const tests = [...read(new URL(".", import.meta.url)), ...read(new URL("../domain/", import.meta.url))].join("\n");
    // a user event by its quoted type, an actor's outcome by the actor's id, a delay by its name
    const delay = (type: string) => /^xstate\.after\.([A-Z_]+)\./.exec(type)?.[1];
    const named = (type: string) =>
      isOutcome({ type } as EventObject)
        ? new RegExp(`\\b${type.replace(/^xstate\.(done|error)\.actor\./, "")}\\b`).test(tests)
        : delay(type)
          ? new RegExp(`\\b${delay(type)}`).test(tests)
          : tests.includes(`"${type}"`);
    const untested = [...handled].filter((type) => !seen.events.has(type) && !named(type));
    expect(untested).toEqual([]);
  });
});

/** A real quick order at rest in step 1 after the setup loaded and an in-stock fabric was picked. */
async function atStep1WithFabric() {
  const actor = createActor(
    quickOrderMachine.provide({
      actors: {
        loadSetup: fromPromise(async () => SUIT_SETUP),
        checkStock: fromPromise(async () => ({ inStock: true as boolean })),
      },
    }),
    { input: QUICK_ORDER_INPUT },
  ).start();
  await waitFor(actor, (s) => s.matches({ basicInfo: { stock: "idle" } }));
  actor.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
  await waitFor(actor, (s) => s.matches({ basicInfo: { stock: "idle" } }) && s.context.fabric.inStock === true);
  return actor;
}

describe("step 1's Next, for every way the typed customer fields can be left empty", () => {
  const FIELDS = [
    ["customerName", "John Smith", "customer.nameRequired"],
    ["shortName", "JS", "customer.nicknameRequired"],
    ["height", "180", "customer.heightRequired"],
    ["weight", "80", "customer.weightRequired"],
  ] as const;
  const subsets = Array.from({ length: 1 << FIELDS.length }, (_, mask) => FIELDS.filter((_, i) => mask & (1 << i)));

  it("QO-088 QO-130 QO-131 D-06 refuses with the first empty field in the documents' order, and goes on when all are filled", async () => {
    for (const filled of subsets) {
      const actor = await atStep1WithFabric();
      for (const [field, value] of filled) actor.send({ type: "user.edit", field, value });
      actor.send({ type: "user.next" });
      const firstEmpty = FIELDS.find((f) => !filled.includes(f));
      const s = actor.getSnapshot();
      expect({
        filled: filled.map(([f]) => f),
        refusal: s.context.refusal?.key ?? null,
        crafts: s.matches("crafts"),
      }).toEqual({
        filled: filled.map(([f]) => f),
        refusal: firstEmpty?.[2] ?? null,
        crafts: firstEmpty === undefined,
      });
      actor.stop();
    }
    expect(subsets).toHaveLength(16);
  });
});
