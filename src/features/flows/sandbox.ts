/**
 * The simulator's sandbox: a machine played with every action a no-op, every invoked actor waiting
 * until the player says how it ends, every guard a switch the player sets (a rule holds or fails), and
 * a simulated clock for delayed transitions. No view here: the page renders the buttons it lists.
 */
import { transitionIdOf } from "../../app/liveFlows.ts";
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from "xstate";
import type { AnyStateNode, AnyTransitionDefinition } from "xstate";
import { GUARD_LABELS } from "../../../machines/flowLabels.ts";
import type { GraphNode, GraphTransition } from "./machineGraph.ts";
import { refusingRule } from "./labels.ts";

/** A guard's switch as the sandbox starts: a check holds, a missing-field refusal or a branch does not. */
export const defaultGuardValue = (name: string): boolean => GUARD_LABELS[name]?.kind === "check";

/**
 * What a simulated actor answers: any property of it is again such a value, calling it gives one, it
 * spreads and iterates as empty and reads as "" (the flow's own actions read an answer they do not
 * know in the sandbox; the guards, which decide the way, are the player's switches).
 */
export function anything(): unknown {
  const target = () => undefined;
  const proxy: unknown = new Proxy(target, {
    get: (_, key) => {
      if (key === Symbol.toPrimitive) return () => "";
      if (key === Symbol.iterator) return function* () {};
      if (key === "then") return undefined;
      if (key === "length") return 0;
      return proxy;
    },
    apply: () => proxy,
    ownKeys: () => [],
    getOwnPropertyDescriptor: () => undefined,
  });
  return proxy;
}

/** A step of a run: an event sent (its button's key) or a guard's switch flipped (`!name`). */
export type Step = string;

/** A button of the simulator: a trigger possible in the current state. */
export interface Move {
  /** `user.next`, `done:checkStock`, `error:checkStock`, `after:PRICE_TIP`, `always` never (taken at once). */
  key: string;
  transition: GraphTransition;
}

/** The key of a transition's button. */
export function moveKey(t: GraphTransition): string | undefined {
  if (t.kind === "event") return t.event.startsWith("xstate.") ? undefined : t.event;
  if (t.kind === "invoke" && t.actor && t.actor.outcome !== "snapshot") return `${t.actor.outcome}:${t.actor.src}`;
  if (t.kind === "after") return `after:${String(t.delay)}`;
  return undefined;
}

/** The triggers possible in the states `active` holds (each key once, innermost state first). */
export function possibleMoves(graph: GraphNode, active: ReadonlySet<string>): Move[] {
  const moves = new Map<string, Move>();
  const visit = (node: GraphNode) => {
    if (!active.has(node.id)) return;
    node.children.forEach(visit);
    for (const t of node.transitions) {
      const key = moveKey(t);
      if (key !== undefined && !moves.has(key)) moves.set(key, { key, transition: t });
    }
  };
  visit(graph);
  return [...moves.values()];
}

/** What one step did: the transitions taken (by `<state id>::<index>`) and the rule that refused it. */
export interface StepResult {
  taken: string[];
  refusedBy?: string;
}

export interface Sandbox {
  actor: AnyActorRef;
  snapshot: () => AnyMachineSnapshot;
  guards: Map<string, boolean>;
  /** Plays one step; a key the current state does not offer changes nothing. */
  play: (step: Step) => StepResult;
  stop: () => void;
}

export { transitionIdOf };

/** A sandbox actor of `machine`, started, with every guard at its default. */
export function createSandbox(machine: AnyStateMachine, graph: GraphNode, input: unknown): Sandbox {
  const impl = machine.implementations;
  const guards = new Map<string, boolean>(Object.keys(impl.guards).map((name) => [name, defaultGuardValue(name)]));
  const provided = machine.provide({
    guards: Object.fromEntries([...guards.keys()].map((name) => [name, () => guards.get(name) ?? false])),
    actions: Object.fromEntries(Object.keys(impl.actions).map((name) => [name, () => undefined])),
    actors: Object.fromEntries(
      Object.keys(impl.actors).map((name) => [name, fromPromise(() => new Promise<never>(() => undefined))]),
    ),
  } as Parameters<AnyStateMachine["provide"]>[0]);
  const clock = new SimulatedClock();
  let taken: AnyTransitionDefinition[] = [];
  const actor = createActor(provided, {
    clock,
    input,
    inspect: (event) => {
      // the sandbox is the root actor (its children, e.g. the price, have a parent); the initial state's
      // eventless steps are inspected while the actor is being created
      if (event.type === "@xstate.microstep" && (event.actorRef as { _parent?: unknown })._parent === undefined)
        taken.push(...(event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions);
    },
  });
  // a flow's own action that fails on a simulated answer stops the sandbox (the page says so), it is not thrown
  actor.subscribe({ error: () => undefined });
  actor.start();
  const byId = new Map<string, GraphNode>();
  const index = (n: GraphNode) => {
    byId.set(n.id, n);
    n.children.forEach(index);
  };
  index(graph);

  const play = (step: Step): StepResult => {
    if (step.startsWith("!")) {
      const name = step.slice(1);
      if (!guards.has(name)) return { taken: [] };
      guards.set(name, !guards.get(name));
      // an eventless transition reads its guard again after any event: a switch may let one go at once
      taken = [];
      if (actor.getSnapshot().status === "active") actor.send({ type: "sandbox.switch" });
      return { taken: taken.map(transitionIdOf) };
    }
    const active = new Set<string>(actor.getSnapshot()._nodes.map((n: AnyStateNode) => n.id));
    const move = possibleMoves(graph, active).find((m) => m.key === step);
    if (!move || actor.getSnapshot().status !== "active") return { taken: [] };
    taken = [];
    if (move.transition.kind === "after") {
      const delay = move.transition.delay;
      const named = typeof delay === "string" ? impl.delays[delay] : undefined;
      clock.increment(typeof delay === "number" ? delay : typeof named === "number" ? named : 60_000);
    } else if (move.transition.kind === "invoke")
      actor.send(
        move.transition.actor?.outcome === "error"
          ? { type: move.transition.event, error: new Error("simulated failure") }
          : { type: move.transition.event, output: anything() },
      );
    else actor.send({ type: move.transition.event });
    const ids = taken.map(transitionIdOf);
    const result: StepResult = { taken: ids };
    for (const id of ids) {
      const [source, i] = id.split("::");
      const t = byId.get(source ?? "")?.transitions[Number(i)];
      const rule = t && refusingRule(t);
      if (rule) {
        result.refusedBy = rule.name;
        break;
      }
    }
    return result;
  };
  return { actor, snapshot: () => actor.getSnapshot() as AnyMachineSnapshot, guards, play, stop: () => actor.stop() };
}

/** Reads `?events=` ("user.next,!hasFabric,done:checkStock"), dropping empty parts. */
export const parseSteps = (events: string | undefined): Step[] =>
  (events ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
