/**
 * Coverage of the card machines by the tests' tours (issue 26 §2): every state and every transition a
 * user's step takes (all but the unguarded edits that stay in their state, which tests/domain covers
 * by table) must be walked by a headless model tour or a Chromium tour. The data is
 * src/features/flows/coverage.json, made by `npm run flows:coverage` from the tours themselves;
 * it must match the machines as they are (a changed machine needs the data made again).
 *
 * KNOWN_GAPS is what no tour walked when this check was introduced: a ratchet. A new transition or
 * state no tour walks fails here; so does a gap a tour now walks (remove it from the list).
 * Balance distribution and shipment creation join CARD_MACHINES when they exist.
 */
import { describe, expect, it } from "vitest";
import { FLOWS } from "../../src/features/flows/catalog";
import { extractMachineGraph, type GraphNode } from "../../src/features/flows/machineGraph";
import {
  coverageGaps,
  coverageOf,
  mustBeWalked,
  reachedStates,
  transitionIds,
} from "../../src/features/flows/coverage";

const CARD_MACHINES = [
  "quickOrder",
  "professionalOrder",
  "styleOrder",
  "session",
  "submitQueue",
  "balanceDistribution",
  "shipmentCreation",
] as const;

// A machine without an entry has no known gap: every state and transition must be walked.
const KNOWN_GAPS: Partial<Record<(typeof CARD_MACHINES)[number], { transitions: string[]; states: string[] }>> = {
  // The review's Submit checks every rule again (orders, date, address, note); the steps before it refuse
  // first, so no tour reaches a review that one of these refuses (the rules are tested by table in
  // tests/domain/shipments.test.ts).
  shipmentCreation: {
    transitions: [
      "shipmentCreation.review::1 user.submit",
      "shipmentCreation.review::2 user.submit",
      "shipmentCreation.review::3 user.submit",
      "shipmentCreation.review::4 user.submit",
      "shipmentCreation.review::5 user.submit",
    ],
    states: [],
  },
  professionalOrder: {
    transitions: [
      "professionalOrder.entry.form::11 user.syncAccessory",
      "professionalOrder.entry.form::18 user.removeMonogram",
      "professionalOrder.entry.form::19 user.pickMonogramOption",
      "professionalOrder.entry.form::20 user.setMonogramText",
      "professionalOrder.entry.form::21 user.attachMonogramFile",
      "professionalOrder.entry.form::23 user.editContrast",
      "professionalOrder.entry.form::24 user.toggleContrastPosition",
      "professionalOrder.entry.form::25 user.pickContrastFabric",
      "professionalOrder.entry.form::26 user.setContrastText",
      "professionalOrder.entry.form::27 user.editPiece",
      "professionalOrder.entry.stock.checking::0 user.clearFabric",
      "professionalOrder.entry.stock.checking::1 user.typeFabric",
      "professionalOrder.entry.stock.checking::2 user.setFabricSource",
      "professionalOrder.entry.priceTip.hidden::0 user.toggleOption",
      "professionalOrder.entry.priceTip.shown::0 user.toggleOption",
      "professionalOrder.entry.priceTip.shown::1 user.toggleOption",
      "professionalOrder.entry.priceTip.shown::2 xstate.after.PRICE_TIP.professionalOrder.entry.priceTip.shown",
      "professionalOrder.entry.sizes.checkingMethod::1 (always)",
      "professionalOrder.entry.sizes.loadingParts::0 xstate.done.actor.loadMeasurements",
      "professionalOrder.entry.sizes.loadingStandard::0 xstate.done.actor.loadStandardSizes",
      "professionalOrder.entry.sizes.loadingStandard::1 xstate.error.actor.loadStandardSizes",
      "professionalOrder.entry.sizes.loadingPiece::1 xstate.error.actor.loadPieceParts",
      "professionalOrder.entry.sizes.editing::0 user.selectMethod",
      "professionalOrder.entry.sizes.editing::1 user.toggleAddProduct",
      "professionalOrder.entry.sizes.editing::3 user.selectSizeArea",
      "professionalOrder.entry.sizes.editing::5 user.selectShape",
      "professionalOrder.entry.sizes.editing::8 user.pickPosture",
      "professionalOrder.entry.sizes.editing::9 user.pickStandardSize",
      "professionalOrder.entry.sizes.editing::10 user.reloadMeasurements",
      "professionalOrder.entry.sizes.editing::11 user.presize",
      "professionalOrder.entry.sizes.editing::12 user.presize",
      "professionalOrder.entry.sizes.editing::13 user.pickCustomer",
      "professionalOrder.entry.sizes.editing::14 user.setHeightUnit",
      "professionalOrder.entry.sizes.editing::17 user.save",
      "professionalOrder.entry.sizes.editing::21 user.save",
      "professionalOrder.entry.sizes.editing::22 user.save",
      "professionalOrder.entry.sizes.editing::23 user.save",
      "professionalOrder.entry.sizes.editing::24 user.save",
      "professionalOrder.entry.sizes.editing::28 user.submit",
      "professionalOrder.entry.sizes.editing::29 user.submit",
      "professionalOrder.entry.sizes.editing::32 user.submit",
      "professionalOrder.entry.sizes.editing::33 user.submit",
      "professionalOrder.entry.sizes.editing::34 user.submit",
      "professionalOrder.entry.sizes.editing::35 user.submit",
      "professionalOrder.entry.sizes.editing::36 user.submit",
      "professionalOrder.entry.sizes.presizing::0 xstate.done.actor.presize",
      "professionalOrder.entry.sizes.presizing::1 xstate.error.actor.presize",
    ],
    states: [
      "professionalOrder.entry.priceTip.shown",
      "professionalOrder.entry.sizes.loadingStandard",
      "professionalOrder.entry.sizes.presizing",
    ],
  },
  styleOrder: {
    transitions: [
      "styleOrder.ordering.fabric::1 user.typeFabric",
      "styleOrder.ordering.steps.product.editing::1 user.buy",
      "styleOrder.ordering.steps.product.editing::3 user.buy",
      "styleOrder.ordering.steps.product.editing::4 user.buy",
      "styleOrder.ordering.steps.measurements.loadingParts::0 xstate.done.actor.loadMeasurements",
      "styleOrder.ordering.steps.measurements.loadingStandard::0 xstate.done.actor.loadStandardSizes",
      "styleOrder.ordering.steps.measurements.loadingStandard::1 xstate.error.actor.loadStandardSizes",
      "styleOrder.ordering.steps.measurements.loadingPiece::0 xstate.done.actor.loadPieceParts",
      "styleOrder.ordering.steps.measurements.loadingPiece::1 xstate.error.actor.loadPieceParts",
      "styleOrder.ordering.steps.measurements.editing::0 user.selectMethod",
      "styleOrder.ordering.steps.measurements.editing::1 user.selectSizeArea",
      "styleOrder.ordering.steps.measurements.editing::3 user.selectShape",
      "styleOrder.ordering.steps.measurements.editing::6 user.pickPosture",
      "styleOrder.ordering.steps.measurements.editing::7 user.pickStandardSize",
      "styleOrder.ordering.steps.measurements.editing::12 user.save",
      "styleOrder.ordering.steps.measurements.editing::13 user.save",
      "styleOrder.ordering.steps.measurements.editing::14 user.save",
      "styleOrder.ordering.steps.measurements.editing::15 user.save",
      "styleOrder.ordering.steps.measurements.editing::16 user.save",
      "styleOrder.ordering.steps.measurements.editing::17 user.save",
      "styleOrder.ordering.steps.measurements.editing::20 user.submit",
      "styleOrder.ordering.steps.measurements.editing::21 user.submit",
      "styleOrder.ordering.steps.measurements.editing::22 user.submit",
      "styleOrder.ordering.steps.measurements.editing::23 user.submit",
      "styleOrder.ordering.steps.measurements.editing::24 user.submit",
      "styleOrder.ordering.steps.measurements.editing::25 user.submit",
      "styleOrder.ordering.steps.measurements.presizing::1 xstate.error.actor.presize",
      "styleOrder.ordering.steps.measurements.submitting::1 xstate.error.actor.submitOrder",
    ],
    states: [
      "styleOrder.ordering.steps.measurements.loadingStandard",
      "styleOrder.ordering.steps.measurements.loadingPiece",
    ],
  },
  balanceDistribution: { transitions: [], states: [] },
};

const allStates = (graph: GraphNode): string[] => [graph.id, ...graph.children.flatMap(allStates)];

describe("the card machines are walked by the tours", () => {
  it("lists every card machine of the catalogue that exists", () => {
    const cards = FLOWS.filter((f) => f.card && f.machine).map((f) => f.id);
    expect([...cards].sort()).toEqual([...CARD_MACHINES].sort());
  });

  it.each(CARD_MACHINES)("%s: the coverage data is of the machine as it is", (id) => {
    const graph = extractMachineGraph(FLOWS.find((f) => f.id === id)!.machine!);
    const coverage = coverageOf(id);
    expect(coverage, `run npm run flows:coverage`).toBeDefined();
    const ids = new Set(transitionIds(graph).map((t) => t.id));
    const stale = [...coverage!.headless, ...(coverage!.browser ?? [])].filter((t) => !ids.has(t));
    expect(stale, "the machine changed: run npm run flows:coverage").toEqual([]);
  });

  it.each(CARD_MACHINES)("%s: every state and transition is walked by a tour (or a known gap)", (id) => {
    const graph = extractMachineGraph(FLOWS.find((f) => f.id === id)!.machine!);
    const coverage = coverageOf(id)!;
    const walked = new Set([...coverage.headless, ...(coverage.browser ?? [])]);
    const unwalked = transitionIds(graph)
      .filter((t) => mustBeWalked(t.transition) && !walked.has(t.id))
      .map((t) => `${t.id} ${t.transition.event || "(always)"}`);
    const reached = reachedStates(graph, walked);
    const unreached = allStates(graph).filter((s) => !reached.has(s));
    expect({ transitions: unwalked, states: unreached }).toEqual(KNOWN_GAPS[id] ?? { transitions: [], states: [] });
    // the table of contents counts the same gaps
    expect(coverageGaps(graph, coverage)).toEqual({ transitions: unwalked.length, states: unreached.length });
  });
});
