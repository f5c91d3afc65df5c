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
