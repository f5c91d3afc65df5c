/**
 * What every model of tests/machines shares (xstate/graph): the model events of invoked actors, the
 * traversal of a machine or of a step model, and the coverage helpers. Each flow has its own model
 * file beside it: session.model.ts, calculator.model.ts (the machine itself, every event), and
 * quickOrder.model.ts, newOrder.model.ts (the order flows at the level of their steps).
 *
 * Invoked promise actors do not run while a graph is traversed, so their outcomes are modelled as
 * events: `xstate.done.actor.<id>` / `xstate.error.actor.<id>`. A path is therefore a list of
 * user/API events interleaved with network outcomes; tests/machines/replay.ts replays it on a real
 * actor, and the browser path spec (tests/e2e/pathDriver.ts) in Chromium.
 */
import {
  fromTransition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type TransitionSnapshot,
} from "xstate";
import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getShortestPaths,
  type AdjacencyMap,
  type StatePath,
  type TraversalOptions,
} from "xstate/graph";
import { ApiError } from "../../machines/shared/messages.ts";

/** An outcome of an invoked actor, as the machine receives it. */
export type DoneEvent = { type: `xstate.done.actor.${string}`; output: unknown };
export type ErrorEvent = { type: `xstate.error.actor.${string}`; error: unknown };
export type ActorOutcome = DoneEvent | ErrorEvent;

type Snap = AnyMachineSnapshot;
export type ModelPath = StatePath<Snap, EventObject>;

export const isOutcome = (event: EventObject): event is ActorOutcome =>
  event.type.startsWith("xstate.done.actor.") || event.type.startsWith("xstate.error.actor.");
/** The invoke id an outcome event belongs to (`xstate.done.actor.login` → `login`). */
export const outcomeActorId = (event: ActorOutcome): string => event.type.replace(/^xstate\.(done|error)\.actor\./, "");

/** Events are told apart by type, payload and (for errors) class, code and status. */
export function serializeModelEvent(event: EventObject): string {
  if ("error" in event) {
    const error = (event as ErrorEvent).error;
    const desc =
      error instanceof ApiError
        ? { cls: "ApiError", code: error.code, status: error.httpStatus ?? null, message: error.message }
        : error instanceof Error
          ? { cls: error.name, message: error.message }
          : { value: String(error) };
    return JSON.stringify({ type: event.type, error: desc });
  }
  return JSON.stringify(event);
}

export const noticeKey = (n: { key: string } | null) => n?.key ?? null;

// ---------------------------------------------------------------------------------------------
// A machine as its own model (session, calculator): every event it accepts
// ---------------------------------------------------------------------------------------------

const enabledEvents =
  <E extends EventObject>(all: readonly E[]) =>
  (snapshot: Snap): E[] =>
    all.filter((event) => snapshot.can(event));

export function traversal(
  all: readonly EventObject[],
  serialize: (s: Snap) => string,
  input?: unknown,
): TraversalOptions<Snap, EventObject, unknown> {
  return {
    input,
    events: enabledEvents(all),
    serializeState: (s: Snap) => serialize(s),
    serializeEvent: serializeModelEvent,
  };
}

// getShortestPaths and getAdjacencyMap are typed by the machine's own events; the model adds the
// actors' done/error events, hence the machine is passed as AnyStateMachine.
export type ModelAdjacency = AdjacencyMap<Snap, EventObject>;
export const shortestPaths = (
  machine: AnyStateMachine,
  options: TraversalOptions<Snap, EventObject, unknown>,
): ModelPath[] => getShortestPaths(machine, options) as ModelPath[];
export const adjacencyOf = (
  machine: AnyStateMachine,
  options: TraversalOptions<Snap, EventObject, unknown>,
): ModelAdjacency => getAdjacencyMap(machine, options) as ModelAdjacency;

/** The transitions of an adjacency map as (state, event, nextState) triples. */
export const modelEdges = (adjacency: ModelAdjacency) => adjacencyMapToArray(adjacency);

// ---------------------------------------------------------------------------------------------
// A flow at the level of its steps (quick order, simple order)
// ---------------------------------------------------------------------------------------------

/**
 * One abstract step of a flow's step model: when the model offers it, the abstract state it leads
 * to, and the real events (user events and actors' outcomes) it stands for on the real machine.
 * Whatever the user does inside a step (a field edit, a craft click) is one of those real events:
 * the model never depends on a field's event beyond its `concrete` list.
 */
export interface StepDef<S> {
  offered(state: S): boolean;
  next(state: S): S;
  concrete(state: S): EventObject[];
}

/**
 * A flow's step model: a small abstract state (which step, which call runs, what each step's data
 * amounts to, the refusal on show), its steps, and what the real machine must show in each abstract
 * state (`check` throws on a difference: the browser driver uses it too).
 */
export interface StepModel<S extends { shown: string | null }> {
  name: string;
  initial: S;
  steps: Record<string, StepDef<S>>;
  /** The abstract state as a graph node: everything but the refusal on show (it drives no offer). */
  serialize(state: S): string;
  machine: AnyStateMachine;
  input: unknown;
  check(state: S, snapshot: Snap): void;
}

type StepSnap<S> = TransitionSnapshot<S>;
export type StepPath<S> = StatePath<StepSnap<S>, EventObject>;
export type StepAdjacency<S> = AdjacencyMap<StepSnap<S>, EventObject>;

const stepTraversal = <S extends { shown: string | null }>(
  model: StepModel<S>,
): TraversalOptions<StepSnap<S>, EventObject, unknown> => ({
  events: (snapshot) =>
    Object.entries(model.steps)
      .filter(([, def]) => def.offered(snapshot.context))
      .map(([type]) => ({ type })),
  serializeState: (snapshot) => model.serialize(snapshot.context),
  serializeEvent: (event) => event.type,
});

/** The step model as actor logic, for xstate/graph: each abstract event is a step of `model.steps`. */
export const stepLogic = <S extends { shown: string | null }>(model: StepModel<S>) =>
  fromTransition((state: S, event: EventObject) => model.steps[event.type]!.next(state), model.initial);

/** The graph of a step model: the shortest path to each abstract state, and every transition. */
export function stepGraph<S extends { shown: string | null }>(model: StepModel<S>) {
  const logic = stepLogic(model);
  const shortest = getShortestPaths(logic, stepTraversal(model)) as StepPath<S>[];
  const adjacency = getAdjacencyMap(logic, stepTraversal(model)) as StepAdjacency<S>;
  const edges = adjacencyMapToArray(adjacency);
  const toState = new Map(shortest.map((p) => [model.serialize(p.state.context), p]));
  /** One path per transition: the shortest path to its source, then the transition. */
  const transitions: StepPath<S>[] = edges.map(({ state, event, nextState }) => {
    const head = toState.get(model.serialize(state.context));
    if (!head) throw new Error(`no shortest path to ${model.serialize(state.context)}`);
    return { state: nextState, steps: [...head.steps, { state: nextState, event }], weight: head.weight + 1 };
  });
  return { shortest, edges, transitions };
}

/** The longest tour: long enough to save most page loads, short enough to say where a failure is. */
const MAX_TOUR_STEPS = 25;

/**
 * A few long paths instead of many short ones, for the browser, where every path costs a sign-in and a
 * page load: from the initial state, the nearest transition that reaches something not yet covered
 * (breadth first over the usable transitions, ties in the graph's own order), then the nearest from
 * there, until nothing more is reachable or the tour would pass `maxSteps` (a tour's first run is
 * taken whole, however long); then a new tour from the start, until every target is covered. `targets`
 * gets a transition as its own path (the shortest path to its source, then the transition: the same
 * paths as `stepGraph(...).transitions`) and answers what taking it covers (a state shown, a refusal
 * said, a step taken), or null when the page cannot replay it. What a transition covers is worked out
 * on that path; a caller whose targets depend on more than the abstract state checks the tours again.
 * Deterministic: the same model gives the same tours. The snapshots of a tour's steps are the graph's
 * (its refusal on show may be another path's): `abstractStates` gives the tour's own.
 */
export function stepTours<S extends { shown: string | null }>(
  model: StepModel<S>,
  {
    targets,
    maxSteps = MAX_TOUR_STEPS,
  }: { targets: (transition: StepPath<S>) => readonly string[] | null; maxSteps?: number },
): StepPath<S>[] {
  const { shortest, edges, transitions } = stepGraph(model);
  const key = (state: StepSnap<S>) => model.serialize(state.context);
  const usable = edges.flatMap((edge, i) => {
    const covers = targets(transitions[i]!);
    return covers ? [{ edge, covers, from: key(edge.state), to: key(edge.nextState) }] : [];
  });
  type Edge = (typeof usable)[number];
  const out = new Map<string, Edge[]>();
  for (const e of usable) out.set(e.from, [...(out.get(e.from) ?? []), e]);
  const uncovered = new Set(usable.flatMap((e) => e.covers));
  const isNew = (e: Edge) => e.covers.some((t) => uncovered.has(t));
  /** The shortest run of transitions from `start` whose last one covers something new, or null. */
  const nearest = (start: string): Edge[] | null => {
    const via = new Map<string, Edge | null>([[start, null]]);
    for (const queue = [start]; queue.length > 0;) {
      const node = queue.shift()!;
      const next = out.get(node) ?? [];
      const found = next.find(isNew);
      if (found) {
        const run = [found];
        for (let at = via.get(node); at; at = via.get(at.from)) run.unshift(at);
        return run;
      }
      for (const e of next)
        if (!via.has(e.to)) {
          via.set(e.to, e);
          queue.push(e.to);
        }
    }
    return null;
  };
  const first = shortest.find((p) => p.steps.length === 1) ?? shortest[0]!;
  const tours: StepPath<S>[] = [];
  while (uncovered.size > 0) {
    const tour: Edge[] = [];
    for (let at = key(first.state); ;) {
      const run = nearest(at);
      if (!run || (tour.length > 0 && tour.length + run.length > maxSteps)) break;
      tour.push(...run);
      for (const e of run) for (const t of e.covers) uncovered.delete(t);
      at = run.at(-1)!.to;
    }
    if (tour.length === 0)
      throw new Error(`stepTours: unreachable from the start over usable transitions: ${[...uncovered].join(", ")}`);
    tours.push({
      state: tour.at(-1)!.edge.nextState,
      steps: [first.steps[0]!, ...tour.map(({ edge }) => ({ state: edge.nextState, event: edge.event }))],
      weight: tour.length,
    });
  }
  return tours;
}

/**
 * Tours (`stepTours`) that go through every abstract state the page can reach, say every refusal the
 * model shows and take every step, over the transitions `replayable` accepts; with what they cover,
 * for the specs to assert.
 */
export function abstractTours<S extends { shown: string | null }>(
  model: StepModel<S>,
  replayable: (transition: StepPath<S>) => boolean,
) {
  const statesOf = (path: StepPath<S>) => abstractStates(model, path).slice(1);
  let transitions = 0;
  const tours = stepTours(model, {
    targets: (transition) => {
      if (!replayable(transition)) return null;
      transitions++;
      const after = statesOf(transition).at(-1)!;
      const step = transition.steps.at(-1)!.event.type;
      return [`state ${model.serialize(after)}`, `step ${step}`, ...(after.shown ? [`shown ${after.shown}`] : [])];
    },
  });
  const along = tours.flatMap(statesOf);
  const shown = new Set(along.map((s) => s.shown));
  const taken = new Set(tours.flatMap((p) => p.steps.slice(1).map((s) => s.event.type)));
  const refusals = new Set(stepGraph(model).edges.map(({ nextState }) => nextState.context.shown));
  return {
    tours,
    /** How many of the model's transitions the page can replay. */
    replayable: transitions,
    /** How many abstract states the tours go through. */
    states: new Set(along.map((s) => model.serialize(s))).size,
    /** The refusals the model can show that no tour says, and the steps no tour takes. */
    unsaid: [...refusals].filter((key) => !shown.has(key)),
    untaken: Object.keys(model.steps).filter((type) => !taken.has(type)),
  };
}

/**
 * Tours that take every transition of a step model, for a real actor to follow headless: walks longer
 * than the shortest paths, so a step whose outcome depends on more than the step before shows there.
 */
export const transitionTours = <S extends { shown: string | null }>(model: StepModel<S>): StepPath<S>[] =>
  stepTours(model, {
    targets: (transition) => [
      `${model.serialize(transition.steps.at(-2)!.state.context)} ${transition.steps.at(-1)!.event.type}`,
    ],
  });

/**
 * The abstract states along a path, worked out again from the model's initial state (a graph node
 * stands for every abstract state with its serialization: the refusal on show is the path's own).
 */
export function abstractStates<S extends { shown: string | null }>(model: StepModel<S>, path: StepPath<S>): S[] {
  let state = model.initial;
  return path.steps.map((step, i) => {
    if (i > 0) state = model.steps[step.event.type]!.next(state);
    if (model.serialize(state) !== model.serialize(step.state.context))
      throw new Error(`the step model leaves its own path at ${step.event.type}`);
    return state;
  });
}

/** Throws when a real value differs from the model's (usable in vitest and Playwright alike). */
export function same(what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${what}: the machine has ${JSON.stringify(actual)}, the step model ${JSON.stringify(expected)}`);
}

// ---------------------------------------------------------------------------------------------
// Coverage helpers
// ---------------------------------------------------------------------------------------------

/** Every state node below the root, parallel regions and their leaves included. */
export function allStateNodes(root: AnyStateNode): AnyStateNode[] {
  return Object.values(root.states as Record<string, AnyStateNode>).flatMap((child) => [
    child,
    ...allStateNodes(child),
  ]);
}

export const allStateNodeIds = (root: AnyStateNode): string[] => allStateNodes(root).map((n) => n.id);

/**
 * State nodes only passed through: an unguarded eventless transition always leaves them, so they
 * are never part of a stable snapshot.
 */
export const transientStateNodeIds = (root: AnyStateNode): string[] =>
  allStateNodes(root)
    .filter((n) => (n.always ?? []).some((t) => !t.guard))
    .map((n) => n.id);

/** The ids of the state nodes active anywhere along the paths. */
export function reachedStateNodeIds(paths: readonly ModelPath[]): Set<string> {
  return new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n: AnyStateNode) => n.id))));
}

/**
 * One path per transition of the adjacency map: the shortest path to the transition's source,
 * then the transition. Together they exercise every (state, event) pair.
 */
export function transitionPaths(
  shortest: readonly ModelPath[],
  adjacency: ModelAdjacency,
  serialize: (s: Snap) => string,
): ModelPath[] {
  const toState = new Map(shortest.map((p) => [serialize(p.state), p]));
  return modelEdges(adjacency).map(({ state, event, nextState }) => {
    const head = toState.get(serialize(state));
    if (!head) throw new Error(`no shortest path to ${serialize(state)}`);
    return { state: nextState, steps: [...head.steps, { state: nextState, event }], weight: head.weight + 1 };
  });
}

/**
 * The transitions of the adjacency map (as "state | event") and those no transition path exercises:
 * a model test asserts the count and that none is left out.
 */
export function edgeCoverage(
  shortest: readonly ModelPath[],
  adjacency: ModelAdjacency,
  serialize: (s: Snap) => string,
): { edges: string[]; unexercised: string[] } {
  const edges = modelEdges(adjacency).map(({ state, event }) => `${serialize(state)} | ${serializeModelEvent(event)}`);
  const exercised = new Set(
    transitionPaths(shortest, adjacency, serialize).flatMap((p) =>
      p.steps.slice(1).map((step, i) => `${serialize(p.steps[i]!.state)} | ${serializeModelEvent(step.event)}`),
    ),
  );
  return { edges, unexercised: edges.filter((edge) => !exercised.has(edge)) };
}
