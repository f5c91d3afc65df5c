/**
 * Coverage of the card machines by the tests' tours (issue 26 §2): every state and every transition a
 * user's step takes (all but the unguarded edits that stay in their state, which tests/domain covers
 * by table) must be walked by a headless model tour or a Chromium tour. The data is
 * src/features/flows/coverage.json, made by `npm run flows:coverage` from the tours themselves;
 * it must match the machines as they are (a changed machine needs the data made again).
 *
 * KNOWN_GAPS lists what no tour walks, each with its one-line reason: a ratchet. A new transition or
 * state no tour walks fails here; so does a gap a tour now walks (remove it from the list). The step
 * models leave field edits, other setups and restored drafts out; tests/machines/detours.ts walks them.
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

// Every transition or state no tour walks, with the reason (one line). A machine without an entry has none.
const KNOWN_GAPS: Partial<
  Record<(typeof CARD_MACHINES)[number], { transitions: Record<string, string>; states: Record<string, string> }>
> = {
  shipmentCreation: {
    transitions: {
      "shipmentCreation.review::1 user.submit":
        "the review's Submit re-checks a rule the step before already refused; the review cannot change it (tests/domain/shipments.test.ts)",
      "shipmentCreation.review::2 user.submit":
        "the review's Submit re-checks a rule the step before already refused; the review cannot change it (tests/domain/shipments.test.ts)",
      "shipmentCreation.review::3 user.submit":
        "the review's Submit re-checks a rule the step before already refused; the review cannot change it (tests/domain/shipments.test.ts)",
      "shipmentCreation.review::4 user.submit":
        "the review's Submit re-checks a rule the step before already refused; the review cannot change it (tests/domain/shipments.test.ts)",
      "shipmentCreation.review::5 user.submit":
        "the review's Submit re-checks a rule the step before already refused; the review cannot change it (tests/domain/shipments.test.ts)",
    },
    states: {},
  },
  professionalOrder: {
    transitions: {
      "professionalOrder.entry.form::11 user.syncAccessory":
        "not yet walked: needs a detour with a COPY accessory in the setup (as the quick order's)",
      "professionalOrder.entry.form::27 user.editPiece":
        "not yet walked: needs a detour editing the trousers' crafts (PO-002)",
      "professionalOrder.entry.stock.checking::0 user.clearFabric":
        "not yet walked: needs a detour changing the fabric while its stock is checked",
      "professionalOrder.entry.stock.checking::1 user.typeFabric":
        "not yet walked: needs a detour changing the fabric while its stock is checked",
      "professionalOrder.entry.stock.checking::2 user.setFabricSource":
        "not yet walked: needs a detour changing the fabric while its stock is checked",
      "professionalOrder.entry.sizes.checkingMethod::1 (always)":
        "not yet walked: a method whose parts are loaded already; needs a detour",
      "professionalOrder.entry.sizes.loadingParts::0 xstate.done.actor.loadMeasurements":
        "not yet walked: the step model has no standard-size method (10054); needs a detour",
      "professionalOrder.entry.sizes.loadingStandard::0 xstate.done.actor.loadStandardSizes":
        "not yet walked: the step model has no standard-size method (10054); needs a detour",
      "professionalOrder.entry.sizes.loadingStandard::1 xstate.error.actor.loadStandardSizes":
        "not yet walked: the step model has no standard-size method (10054); needs a detour",
      "professionalOrder.entry.sizes.loadingPiece::1 xstate.error.actor.loadPieceParts":
        "not yet walked: a measurement edit (method, posture, customer, unit, reload, piece) the step model leaves out; needs a detour",
      "professionalOrder.entry.sizes.editing::0 user.selectMethod":
        "not yet walked: a measurement edit (method, posture, customer, unit, reload, piece) the step model leaves out; needs a detour",
      "professionalOrder.entry.sizes.editing::1 user.toggleAddProduct":
        "not yet walked: a measurement edit (method, posture, customer, unit, reload, piece) the step model leaves out; needs a detour",
      "professionalOrder.entry.sizes.editing::3 user.selectSizeArea":
        "not yet walked: the step model has no standard-size method (10054); needs a detour",
      "professionalOrder.entry.sizes.editing::5 user.selectShape":
        "not yet walked: the step model has no standard-size method (10054); needs a detour",
      "professionalOrder.entry.sizes.editing::8 user.pickPosture":
        "not yet walked: a measurement edit (method, posture, customer, unit, reload, piece) the step model leaves out; needs a detour",
      "professionalOrder.entry.sizes.editing::9 user.pickStandardSize":
        "not yet walked: the step model has no standard-size method (10054); needs a detour",
      "professionalOrder.entry.sizes.editing::10 user.reloadMeasurements":
        "not yet walked: a measurement edit (method, posture, customer, unit, reload, piece) the step model leaves out; needs a detour",
      "professionalOrder.entry.sizes.editing::11 user.presize":
        "not yet walked: the step model's method needs no pre-calculation; needs a detour",
      "professionalOrder.entry.sizes.editing::12 user.presize":
        "not yet walked: the step model's method needs no pre-calculation; needs a detour",
      "professionalOrder.entry.sizes.editing::13 user.pickCustomer":
        "not yet walked: a measurement edit (method, posture, customer, unit, reload, piece) the step model leaves out; needs a detour",
      "professionalOrder.entry.sizes.editing::14 user.setHeightUnit":
        "not yet walked: a measurement edit (method, posture, customer, unit, reload, piece) the step model leaves out; needs a detour",
      "professionalOrder.entry.sizes.editing::24 user.save":
        "not yet walked: a measurement edit (method, posture, customer, unit, reload, piece) the step model leaves out; needs a detour",
      "professionalOrder.entry.sizes.editing::36 user.submit":
        "not yet walked: a measurement edit (method, posture, customer, unit, reload, piece) the step model leaves out; needs a detour",
      "professionalOrder.entry.sizes.presizing::0 xstate.done.actor.presize":
        "not yet walked: the step model's method needs no pre-calculation; needs a detour",
      "professionalOrder.entry.sizes.presizing::1 xstate.error.actor.presize":
        "not yet walked: the step model's method needs no pre-calculation; needs a detour",
    },
    states: {
      "professionalOrder.entry.sizes.loadingStandard": "reached only by the transitions above that no tour walks yet",
      "professionalOrder.entry.sizes.presizing": "reached only by the transitions above that no tour walks yet",
    },
  },
  styleOrder: {
    transitions: {
      "styleOrder.ordering.fabric::1 user.typeFabric":
        "not yet walked: a fabric typed on the product step; needs a detour",
      "styleOrder.ordering.steps.product.editing::1 user.buy":
        "not yet walked: Buy refused by a style rule; needs a detour with another product answer",
      "styleOrder.ordering.steps.product.editing::3 user.buy":
        "not yet walked: Buy refused by a style rule; needs a detour with another product answer",
      "styleOrder.ordering.steps.product.editing::4 user.buy":
        "not yet walked: Buy refused by a style rule; needs a detour with another product answer",
      "styleOrder.ordering.steps.measurements.loadingParts::0 xstate.done.actor.loadMeasurements":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
      "styleOrder.ordering.steps.measurements.loadingStandard::0 xstate.done.actor.loadStandardSizes":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
      "styleOrder.ordering.steps.measurements.loadingStandard::1 xstate.error.actor.loadStandardSizes":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
      "styleOrder.ordering.steps.measurements.loadingPiece::0 xstate.done.actor.loadPieceParts":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
      "styleOrder.ordering.steps.measurements.loadingPiece::1 xstate.error.actor.loadPieceParts":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
      "styleOrder.ordering.steps.measurements.editing::0 user.selectMethod":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
      "styleOrder.ordering.steps.measurements.editing::1 user.selectSizeArea":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
      "styleOrder.ordering.steps.measurements.editing::3 user.selectShape":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
      "styleOrder.ordering.steps.measurements.editing::6 user.pickPosture":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
      "styleOrder.ordering.steps.measurements.editing::7 user.pickStandardSize":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
      "styleOrder.ordering.steps.measurements.editing::12 user.save":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.editing::13 user.save":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.editing::14 user.save":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.editing::15 user.save":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.editing::16 user.save":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.editing::17 user.save":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.editing::20 user.submit":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.editing::21 user.submit":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.editing::22 user.submit":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.editing::23 user.submit":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.editing::24 user.submit":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.editing::25 user.submit":
        "not yet walked: a restored draft breaking an earlier rule; needs a detour (as the quick order's)",
      "styleOrder.ordering.steps.measurements.presizing::1 xstate.error.actor.presize":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
      "styleOrder.ordering.steps.measurements.submitting::1 xstate.error.actor.submitOrder":
        "not yet walked: a measurement load or edit the step model leaves out; needs a detour",
    },
    states: {
      "styleOrder.ordering.steps.measurements.loadingStandard":
        "reached only by the transitions above that no tour walks yet",
      "styleOrder.ordering.steps.measurements.loadingPiece":
        "reached only by the transitions above that no tour walks yet",
    },
  },
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
    const gaps = KNOWN_GAPS[id] ?? { transitions: {}, states: {} };
    expect({ transitions: unwalked, states: unreached }).toEqual({
      transitions: Object.keys(gaps.transitions),
      states: Object.keys(gaps.states),
    });
    // each known gap says why no tour walks it
    expect([...Object.values(gaps.transitions), ...Object.values(gaps.states)].filter((r) => !r.trim())).toEqual([]);
    // the table of contents counts the same gaps
    expect(coverageGaps(graph, coverage)).toEqual({ transitions: unwalked.length, states: unreached.length });
  });
});
