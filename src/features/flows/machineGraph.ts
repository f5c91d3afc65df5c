/**
 * Pure extraction of a renderable tree from an XState v5 machine definition.
 * No React imports here: this module is unit-tested in a node environment
 * (tests/unit/machineGraph.test.ts) and consumed by MachineDiagram.tsx.
 */
import { and, not, or, stateIn } from "xstate";
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";

export type StateNodeKind = "atomic" | "compound" | "parallel" | "final" | "history";

/** How the transition is triggered. */
export type TransitionKind =
  /** `on: { EVENT: ... }` */
  | "event"
  /** `always: ...` (eventless) */
  | "always"
  /** `after: { 1000: ... }` */
  | "after"
  /** `onDone` of a compound/parallel state */
  | "done"
  /** `invoke: { onDone / onError / onSnapshot }` */
  | "invoke";

export interface GraphTransition {
  /** Raw event descriptor as XState stores it ("" for eventless transitions). */
  event: string;
  kind: TransitionKind;
  /** Ids of the target state nodes; empty for targetless (self, no state change) transitions. */
  targets: string[];
  /** Human-readable guard name, e.g. "isValid", "not(isValid)", "and(a, b)". */
  guard?: string;
  /** The guard's parts as data: each named guard it reads and whether the transition is taken when it does not hold. */
  guardRefs: GuardRef[];
  /** Delay of an `after` transition (number of ms or named delay). */
  delay?: number | string;
  /** For an invoked actor's outcome: the actor's source name and which outcome. */
  actor?: { src: string; outcome: "done" | "error" | "snapshot" };
  /** Named actions of the transition (e.g. `refuse`). */
  actions: string[];
  reenter: boolean;
}

/** One named guard a transition reads; `negated` when it is taken as `not(name)`. */
export interface GuardRef {
  name: string;
  negated: boolean;
}

export interface GraphNode {
  /** Unique state node id (e.g. "checkout.payment.card"). */
  id: string;
  /** Key relative to the parent (the state's name). */
  key: string;
  /** Path from the root, e.g. ["payment", "card"]; empty for the root. */
  path: string[];
  type: StateNodeKind;
  /** Key of the initial child state (compound states only). */
  initial?: string;
  /** History depth for history states. */
  history?: "shallow" | "deep";
  transitions: GraphTransition[];
  /** The actors the state invokes while it is active (child machines, requests), by their source name. */
  invokes: string[];
  children: GraphNode[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * The check functions of xstate's own guard combinators. A production build renames the combinators'
 * functions (`not` becomes `t`), so they are recognised by their `check`, which is the same function
 * in this bundle, never by their name.
 */
const probe = (guard: unknown) => (guard as { check?: unknown }).check;
const COMBINATORS = new Map<unknown, string>([
  [probe(not("x")), "not"],
  [probe(and(["x"])), "and"],
  [probe(or(["x"])), "or"],
]);
const STATE_IN_CHECK = probe(stateIn("x"));

/** Best-effort readable name for any guard shape XState v5 accepts. */
export function guardName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === "string") return guard;
  if (typeof guard === "function") {
    // Higher-order guards (and/or/not) and stateIn are functions carrying `check` + `guards`/`stateValue`.
    const fn = guard as { name?: string; check?: unknown; guards?: unknown; stateValue?: unknown };
    const combinator = COMBINATORS.get(fn.check);
    if (combinator && Array.isArray(fn.guards)) {
      const inner = fn.guards.map((g) => guardName(g) ?? "?").join(", ");
      return `${combinator}(${inner})`;
    }
    if (fn.check === STATE_IN_CHECK || fn.stateValue !== undefined) {
      const value = typeof fn.stateValue === "string" ? fn.stateValue : JSON.stringify(fn.stateValue);
      return `stateIn(${value})`;
    }
    return fn.name || "inline";
  }
  if (isRecord(guard) && typeof guard.type === "string") return guard.type;
  return undefined;
}

/** The named guards a guard reads, each with whether it is negated (`not(a)`; `and(a, not(b))`). */
export function guardRefs(guard: unknown, negated = false): GuardRef[] {
  if (guard === undefined || guard === null) return [];
  if (typeof guard === "string") return [{ name: guard, negated }];
  if (isRecord(guard) && typeof guard.type === "string" && typeof guard !== "function")
    return [{ name: guard.type, negated }];
  if (typeof guard === "function") {
    const fn = guard as { check?: unknown; guards?: unknown };
    const combinator = COMBINATORS.get(fn.check);
    if (combinator && Array.isArray(fn.guards))
      return fn.guards.flatMap((g) => guardRefs(g, combinator === "not" ? !negated : negated));
  }
  return [];
}

function transitionKind(event: string, node: AnyStateNode): TransitionKind {
  if (event === "") return "always";
  if (event.startsWith("xstate.after.")) return "after";
  if (event === `xstate.done.state.${node.id}`) return "done";
  if (
    event.startsWith("xstate.done.actor.") ||
    event.startsWith("xstate.error.actor.") ||
    event.startsWith("xstate.snapshot.")
  ) {
    // Only treat as invoke-generated when the state node really invokes that actor.
    const invokeIds = node.invoke.map((inv) => inv.id);
    if (invokeIds.some((id) => event.endsWith(`.${id}`))) return "invoke";
  }
  return "event";
}

function actionNames(t: AnyTransitionDefinition): string[] {
  const names: string[] = [];
  for (const action of t.actions ?? []) {
    if (typeof action === "string") names.push(action);
    else if (isRecord(action) && typeof action.type === "string" && typeof action !== "function")
      names.push(action.type);
  }
  return names;
}

function invokedActor(event: string, node: AnyStateNode): GraphTransition["actor"] {
  const outcome = event.startsWith("xstate.done.actor.")
    ? "done"
    : event.startsWith("xstate.error.actor.")
      ? "error"
      : event.startsWith("xstate.snapshot.")
        ? "snapshot"
        : undefined;
  if (!outcome) return undefined;
  const invoke = node.invoke.find((inv) => event.endsWith(`.${inv.id}`));
  if (!invoke) return undefined;
  return { src: typeof invoke.src === "string" ? invoke.src : invoke.id, outcome };
}

function toGraphTransition(t: AnyTransitionDefinition, node: AnyStateNode): GraphTransition {
  const event = String(t.eventType);
  const result: GraphTransition = {
    event,
    kind: transitionKind(event, node),
    targets: (t.target ?? []).map((target) => target.id),
    guardRefs: guardRefs(t.guard),
    actions: actionNames(t),
    reenter: Boolean(t.reenter),
  };
  const guard = guardName(t.guard);
  if (guard !== undefined) result.guard = guard;
  const delay: unknown = (t as { delay?: unknown }).delay;
  if (typeof delay === "number" || typeof delay === "string") result.delay = delay;
  const actor = invokedActor(event, node);
  if (actor) result.actor = actor;
  return result;
}

/** Extract the transitions declared directly on a state node (not inherited from ancestors). */
export function extractTransitions(node: AnyStateNode): GraphTransition[] {
  const out: GraphTransition[] = [];
  for (const list of node.transitions.values()) {
    for (const t of list) out.push(toGraphTransition(t, node));
  }
  for (const t of node.always ?? []) out.push(toGraphTransition(t, node));
  return out;
}

/** Extract a state node and all its descendants. */
export function extractNode(node: AnyStateNode): GraphNode {
  const children = Object.values(node.states as Record<string, AnyStateNode>)
    .sort((a, b) => a.order - b.order)
    .map(extractNode);
  const result: GraphNode = {
    id: node.id,
    key: node.key,
    path: [...node.path],
    type: node.type,
    transitions: extractTransitions(node),
    invokes: node.invoke.map((inv) => (typeof inv.src === "string" ? inv.src : inv.id)),
    children,
  };
  if (node.type === "compound") {
    const initialTarget = node.initial?.target?.[0];
    if (initialTarget) result.initial = initialTarget.key;
  }
  if (node.type === "history" && node.history) result.history = node.history;
  return result;
}

/** Extract the whole machine (the root node has the machine id as both id and key). */
export function extractMachineGraph(machine: AnyStateMachine): GraphNode {
  return extractNode(machine.root);
}

/** Flatten the tree into an id → node map (useful for resolving transition targets). */
export function indexGraph(root: GraphNode): Map<string, GraphNode> {
  const map = new Map<string, GraphNode>();
  const visit = (n: GraphNode) => {
    map.set(n.id, n);
    n.children.forEach(visit);
  };
  visit(root);
  return map;
}

/** Readable label for a state node: its path from the root ("payment.card"), or its key for the root. */
export function nodeLabel(node: GraphNode): string {
  return node.path.length > 0 ? node.path.join(".") : node.key;
}

/** Ids of every active state node (atomic states and all their ancestors) in a snapshot. */
export function activeStateIds(snapshot: Pick<AnyMachineSnapshot, "_nodes"> | undefined): Set<string> {
  const ids = new Set<string>();
  if (!snapshot) return ids;
  for (const n of snapshot._nodes) ids.add(n.id);
  return ids;
}

/** Short display text for a transition's trigger (identifiers only, never translated). */
export function eventLabel(t: GraphTransition): string {
  switch (t.kind) {
    case "always":
      return "always";
    case "done":
      return "onDone";
    case "after":
      return t.delay !== undefined ? `after ${String(t.delay)}` : t.event;
    default:
      return t.event;
  }
}
