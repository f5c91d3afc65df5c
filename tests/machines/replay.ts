/**
 * Replays model paths (tests/machines/*.model.ts) against real actors. The machines' promise actors
 * are provided as controllable doubles: each invocation waits until the path's next
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` event settles it.
 */
import { expect } from "vitest";
import {
  createActor,
  fromPromise,
  getInitialSnapshot,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from "xstate";
import {
  abstractStates,
  isOutcome,
  outcomeActorId,
  serializeModelEvent,
  transitionPaths,
  type ActorOutcome,
  type ModelAdjacency,
  type ModelPath,
  type StepModel,
  type StepPath,
} from "./paths.ts";

export interface Invocation {
  input: unknown;
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

/** Controllable promise actors: the running invocation of each id, and every input it got. */
export function createController() {
  const running = new Map<string, Invocation>();
  const inputs: Array<{ id: string; input: unknown }> = [];

  function actor<TOutput, TInput>(id: string) {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const invocation: Invocation = { input, resolve: resolve as (o: unknown) => void, reject };
          running.set(id, invocation);
          inputs.push({ id, input });
          // A stopped invocation (its state was left) can no longer be settled.
          signal.addEventListener("abort", () => {
            if (running.get(id) === invocation) running.delete(id);
          });
        }),
    );
  }

  /** Settles the running invocation the outcome event belongs to; fails if none is running. */
  function settle(event: ActorOutcome): Invocation {
    const id = outcomeActorId(event);
    const invocation = running.get(id);
    if (!invocation) throw new Error(`the real actor is not running "${id}" but the model expects ${event.type}`);
    running.delete(id);
    if ("output" in event) invocation.resolve(event.output);
    else invocation.reject(event.error);
    return invocation;
  }

  return { actor, settle, running, inputs };
}

export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ReplayDriver {
  /** Sends a user or API event to the real actor. */
  send(event: EventObject): void;
  /** Settles a running invocation of the real actor. */
  settle(event: ActorOutcome): void;
  /**
   * Compares the real actor with the expected snapshot after a step. `expected` is the machine's
   * own pure transition of the previous expected snapshot (the model's states are abstractions:
   * two concrete snapshots with the same serialization are one model state).
   */
  check(expected: AnyMachineSnapshot, event: EventObject, previous: AnyMachineSnapshot | undefined): void;
}

export interface ReplayModel {
  machine: AnyStateMachine;
  input?: unknown;
  serialize(snapshot: AnyMachineSnapshot): string;
}

export const describePath = (path: ModelPath) => path.steps.map((s) => serializeModelEvent(s.event)).join("\n  → ");

/**
 * Replays one path step by step. After every step the pure machine's snapshot must be the
 * model's state, and the real actor must match the pure machine's snapshot.
 */
export async function replay(path: ModelPath, model: ReplayModel, driver: ReplayDriver): Promise<void> {
  let previous: AnyMachineSnapshot | undefined;
  let expected = getInitialSnapshot(model.machine, model.input) as AnyMachineSnapshot;
  for (const [index, step] of path.steps.entries()) {
    try {
      if (step.event.type !== "xstate.init") {
        expected = transition(model.machine, expected, step.event)[0] as AnyMachineSnapshot;
        if (isOutcome(step.event)) driver.settle(step.event);
        else driver.send(step.event);
        await flush();
      }
      expect(model.serialize(expected)).toBe(model.serialize(step.state));
      driver.check(expected, step.event, previous);
    } catch (error) {
      if (error instanceof Error) error.message += `\nat step ${index} of path:\n  ${describePath(path)}`;
      throw error;
    }
    previous = expected;
  }
}

/**
 * Replays a step model's path: each abstract step becomes its real events, sent to the real actor
 * (user events) or settling its running invocations (outcomes). After every real event the real
 * actor must match the machine's own pure transition (`driver.check`); after every abstract step the
 * machine must show what the step model says (`model.check`).
 */
export async function replaySteps<S extends { shown: string | null }>(
  path: StepPath<S>,
  model: StepModel<S>,
  driver: ReplayDriver,
): Promise<void> {
  const states = abstractStates(model, path);
  let expected = getInitialSnapshot(model.machine, model.input) as AnyMachineSnapshot;
  let previous: AnyMachineSnapshot | undefined;
  const describe = () => path.steps.map((s) => s.event.type).join(" → ");
  for (const [index, step] of path.steps.entries()) {
    try {
      if (index === 0) driver.check(expected, step.event, undefined);
      else
        for (const event of model.steps[step.event.type]!.concrete(states[index - 1]!)) {
          previous = expected;
          expected = transition(model.machine, expected, event)[0] as AnyMachineSnapshot;
          if (isOutcome(event)) driver.settle(event);
          else driver.send(event);
          await flush();
          driver.check(expected, event, previous);
        }
      model.check(states[index]!, expected);
    } catch (error) {
      if (error instanceof Error) error.message += `\nat step ${index} (${step.event.type}) of ${describe()}`;
      throw error;
    }
  }
}

/**
 * Each shortest path (but the empty one) is the shortest path to a state and one transition, so a
 * replay of every transition path follows every shortest path: the shortest paths this leaves out.
 */
export function shortestNotReplayed(graph: {
  transitions: ReadonlyArray<{ steps: ReadonlyArray<{ event: EventObject }> }>;
  shortest: ReadonlyArray<{ steps: ReadonlyArray<{ event: EventObject }> }>;
}) {
  const eventsOf = (p: { steps: ReadonlyArray<{ event: EventObject }> }) => p.steps.map((s) => s.event.type).join(" ");
  const replayed = new Set(graph.transitions.map(eventsOf));
  return graph.shortest.filter((p) => p.steps.length > 1 && !replayed.has(eventsOf(p)));
}

/** A machine whose promise actors the replay settles, and what each invocation must receive. */
export interface ActorModel<TContext> extends ReplayModel {
  /** The ids of its promise actors (each provided as a controllable double). */
  invoked: readonly string[];
  /** What invocation `id` must receive, from the context it started in. */
  expectedInput: (id: string, context: TContext) => unknown;
  /** A rule every real snapshot must keep (e.g. a price is shown with its currency). */
  invariant?: (snapshot: AnyMachineSnapshot) => void;
}

/**
 * A real actor of `model.machine` whose promise actors are controllable doubles: after every step its value,
 * context, pending tag and running invocations must be the expected snapshot's, and every invocation must
 * have received what `expectedInput` says.
 */
export function actorDriver<TContext>(model: ActorModel<TContext>): ReplayDriver {
  const controller = createController();
  let checkedInputs = 0;
  const actors = Object.fromEntries(model.invoked.map((id) => [id, controller.actor(id)]));
  const actor = createActor(model.machine.provide({ actors }), { input: model.input }).start();
  return {
    send: (event) => actor.send(event),
    settle: (event) => {
      controller.settle(event);
    },
    check(expected) {
      const real = actor.getSnapshot() as AnyMachineSnapshot;
      expect(real.value).toEqual(expected.value);
      expect(real.context).toEqual(expected.context);
      expect(real.hasTag("pending")).toBe(expected.hasTag("pending"));
      expect([...controller.running.keys()].sort()).toEqual(
        Object.keys(expected.children)
          .filter((id) => model.invoked.includes(id))
          .sort(),
      );
      for (const { id, input } of controller.inputs.slice(checkedInputs))
        expect({ id, input }).toEqual({ id, input: model.expectedInput(id, expected.context as TContext) });
      checkedInputs = controller.inputs.length;
      model.invariant?.(real);
    },
  };
}

/**
 * Replays every transition of a model against a real actor (`actorDriver`): each transition path is the
 * shortest path to a state and one transition, so this also follows every shortest path (checked).
 * Answers how many paths were replayed. `part` replays every `parts`-th path from `index` only: a model
 * of thousands of transitions is replayed as several tests, each well inside the time limit on loaded
 * cores (the shipment model's 3,874 took 7 s alone and over 180 s beside the browser tests).
 */
export async function replayEveryTransition<TContext>(
  model: ActorModel<TContext>,
  shortest: ModelPath[],
  adjacency: ModelAdjacency,
  part: { index: number; parts: number } = { index: 0, parts: 1 },
): Promise<number> {
  const paths = transitionPaths(shortest, adjacency, (s) => model.serialize(s));
  const eventsOf = (p: ModelPath) => p.steps.map((s) => serializeModelEvent(s.event)).join("|");
  const replayed = new Set(paths.map(eventsOf));
  expect(shortest.filter((p) => p.steps.length > 1 && !replayed.has(eventsOf(p)))).toEqual([]);
  const mine = paths.filter((_, n) => n % part.parts === part.index);
  for (const path of mine) await replay(path, model, actorDriver(model));
  return mine.length;
}
