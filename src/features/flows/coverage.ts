/**
 * What walks each transition of the card machines (src/features/flows/coverage.json, written by
 * tests/tools/flowCoverage.ts from the tests' own tours): the headless model tours, the Chromium tours,
 * both, or none. Pure functions: the picture colours its arrows by them, tests/unit/flowCoverage.test.ts
 * checks them.
 */
import data from "./coverage.json";
import type { CoverageMark } from "./FlowDiagram.tsx";
import type { GraphNode, GraphTransition } from "./machineGraph.ts";

export interface MachineCoverage {
  headless: readonly string[];
  /** null: the Chromium tours of this machine are not measured yet. */
  browser: readonly string[] | null;
}

/** The day the data was made (YYYY-MM-DD). */
export const COVERAGE_MADE: string = data.made;

export const coverageOf = (id: string): MachineCoverage | undefined =>
  (data.machines as Record<string, MachineCoverage | undefined>)[id];

/** A transition's picture id: `<state id>::<index among the state's own transitions>`. */
export const transitionIds = (
  graph: GraphNode,
): Array<{ id: string; node: GraphNode; transition: GraphTransition }> => {
  const out: Array<{ id: string; node: GraphNode; transition: GraphTransition }> = [];
  const visit = (node: GraphNode) => {
    node.transitions.forEach((transition, i) => out.push({ id: `${node.id}::${String(i)}`, node, transition }));
    node.children.forEach(visit);
  };
  visit(graph);
  return out;
};

/** Each transition of the machine marked by what walks it. */
export function coverageMarks(graph: GraphNode, coverage: MachineCoverage): Map<string, CoverageMark> {
  const headless = new Set(coverage.headless);
  const browser = new Set(coverage.browser ?? []);
  const marks = new Map<string, CoverageMark>();
  for (const { id } of transitionIds(graph)) {
    const h = headless.has(id);
    const b = browser.has(id);
    marks.set(id, h && b ? "both" : h ? "headless" : b ? "browser" : "none");
  }
  return marks;
}

/**
 * A transition a tour must walk: every one but the edits that stay in their state without a guard
 * (a field typed, a choice made: the domain reducers' business, tested by table in tests/domain).
 */
export const mustBeWalked = (t: GraphTransition): boolean =>
  !(t.targets.length === 0 && !t.guard && t.kind === "event");

/** The states a walk reaches: the root, every initial child of a reached state, every target of a walked transition. */
export function reachedStates(graph: GraphNode, walked: ReadonlySet<string>): Set<string> {
  const reached = new Set<string>();
  const byId = new Map<string, GraphNode>();
  const index = (n: GraphNode) => {
    byId.set(n.id, n);
    n.children.forEach(index);
  };
  index(graph);
  const enter = (id: string) => {
    const node = byId.get(id);
    if (!node || reached.has(id)) return;
    reached.add(id);
    // entering a state enters its ancestors, its initial child, or every region of a parallel state
    const parent = id.includes(".") ? id.slice(0, id.lastIndexOf(".")) : undefined;
    if (parent) enter(parent);
    if (node.type === "parallel") node.children.forEach((c) => enter(c.id));
    else if (node.initial) enter(`${node.id}.${node.initial}`);
  };
  enter(graph.id);
  for (const { id, transition } of transitionIds(graph)) if (walked.has(id)) transition.targets.forEach(enter);
  return reached;
}

/**
 * What no test walks in a machine, for the table of contents (a flow with a gap shows it at a glance):
 * the transitions a tour must walk (`mustBeWalked`) that none does, and the states no walk reaches.
 */
export function coverageGaps(graph: GraphNode, coverage: MachineCoverage): { transitions: number; states: number } {
  const walked = new Set([...coverage.headless, ...(coverage.browser ?? [])]);
  const transitions = transitionIds(graph).filter((t) => mustBeWalked(t.transition) && !walked.has(t.id)).length;
  const reached = reachedStates(graph, walked);
  let states = 0;
  const visit = (node: GraphNode) => {
    if (!reached.has(node.id)) states += 1;
    node.children.forEach(visit);
  };
  visit(graph);
  return { transitions, states };
}
