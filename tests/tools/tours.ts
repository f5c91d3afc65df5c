/**
 * The tests' tours of the card machines as real events, and their walk on the real machine: shared by
 * tests/tools/flowCoverage.ts (which transitions the tours take) and tests/tools/paths.ts (`npm run
 * paths -- <machine>`: the tours and shortest paths as JSON).
 */
import {
  createActor,
  fromPromise,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
} from "xstate";
import {
  abstractStates,
  stepGraph,
  transitionPaths,
  transitionTours,
  type ModelPath,
  type StepModel,
  type StepPath,
} from "../machines/paths.ts";
import { DETOURS } from "../machines/detours.ts";
import { quickOrderStepModel } from "../machines/quickOrder.model.ts";
import { professionalStepModel } from "../machines/professionalOrder.model.ts";
import { styleOrderStepModel } from "../machines/styleOrder.model.ts";
import {
  restoredSession,
  serializeSession,
  sessionAdjacency,
  sessionJoinPaths,
  sessionShortestPaths,
} from "../machines/session.model.ts";
import {
  QUEUE_INPUT,
  serializeSubmitQueue,
  submitQueueAdjacency,
  submitQueueShortestPaths,
} from "../machines/submitQueue.model.ts";
import { sessionMachine } from "../../machines/session/session.machine.ts";
import { submitQueueMachine } from "../../machines/submitQueue/submitQueue.machine.ts";
import { balanceDistributionMachine } from "../../machines/balanceDistribution/balanceDistribution.machine.ts";
import { balanceAdjacency, balanceShortestPaths, serializeBalance } from "../machines/balanceDistribution.model.ts";
import { shipmentCreationMachine } from "../../machines/shipmentCreation/shipmentCreation.machine.ts";
import {
  INPUT as SHIPMENT_INPUT,
  serializeShipment,
  shipmentAdjacency,
  shipmentShortestPaths,
} from "../machines/shipmentCreation.model.ts";

const flat = (node: AnyStateNode): AnyTransitionDefinition[] => [
  ...[...node.transitions.values()].flat(),
  ...(node.always ?? []),
];

/** One real event of a walk and the transitions it took (by picture id: `<state id>::<index>`). */
export interface WalkStep {
  event: EventObject;
  taken: string[];
  /** The machine's state after it. */
  value: unknown;
}

/** A restored draft: the actor restarted from its persisted snapshot with the context patched, then `then`. */
export interface Restore {
  patch: (context: never) => object;
  then: readonly EventObject[];
}

/**
 * Replays real events on the machine in an inspected actor (invoked actors wait; their outcomes are
 * events); with `restore`, the actor is then restarted from its persisted snapshot, its context patched.
 */
export function walk(
  machine: AnyStateMachine,
  input: unknown,
  events: readonly EventObject[],
  restore?: Restore,
): WalkStep[] {
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [
      name,
      fromPromise(() => new Promise<never>(() => undefined)),
    ]),
  );
  const logic = machine.provide({ actors } as Parameters<AnyStateMachine["provide"]>[0]);
  let taken: string[] = [];
  const start = (snapshot?: unknown) => {
    const actor = createActor(logic, {
      input,
      ...(snapshot ? { snapshot: snapshot as never } : {}),
      inspect: (event) => {
        if (event.type !== "@xstate.microstep" || (event.actorRef as { _parent?: unknown })._parent !== undefined)
          return;
        for (const t of (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions)
          taken.push(`${t.source.id}::${String(flat(t.source).indexOf(t))}`);
      },
    });
    actor.subscribe({ error: () => undefined });
    actor.start();
    return actor;
  };
  let actor = start();
  const steps: WalkStep[] = [{ event: { type: "xstate.init" }, taken, value: actor.getSnapshot().value }];
  const send = (list: readonly EventObject[]) => {
    for (const event of list) {
      if (actor.getSnapshot().status !== "active") break;
      taken = [];
      actor.send(event);
      steps.push({ event, taken, value: actor.getSnapshot().value });
    }
  };
  send(events);
  if (restore) {
    const persisted = actor.getPersistedSnapshot() as unknown as { context: object };
    actor.stop();
    taken = [];
    actor = start({ ...persisted, context: { ...persisted.context, ...restore.patch(persisted.context as never) } });
    steps.push({ event: { type: "restore" }, taken, value: actor.getSnapshot().value });
    send(restore.then);
  }
  actor.stop();
  return steps;
}

/** The real events of a step model's path (as tests/machines/replay.ts and the browser driver expand it). */
export function realEvents<S extends { shown: string | null }>(model: StepModel<S>, path: StepPath<S>): EventObject[] {
  const states = abstractStates(model, path);
  return path.steps.slice(1).flatMap((step, i) => model.steps[step.event.type]!.concrete(states[i]!));
}

export const modelEvents = (path: ModelPath): EventObject[] => path.steps.slice(1).map((s) => s.event);

/** A tour or a path as the tests replay it: its name, the machine's input, the abstract steps and the real events. */
export interface Tour {
  kind: "tour" | "shortest" | "detour";
  abstract: string[];
  input: unknown;
  events: EventObject[];
  /** A detour's restored draft (tests/machines/detours.ts). */
  restore?: Restore;
}

type Card = { machine: AnyStateMachine; tours: () => Tour[] };

function stepModelTours<S extends { shown: string | null }>(model: StepModel<S>): Card {
  return {
    machine: model.machine,
    tours: () => [
      ...transitionTours(model).map((path): Tour => ({
        kind: "tour",
        abstract: path.steps.slice(1).map((s) => s.event.type),
        input: model.input,
        events: realEvents(model, path),
      })),
      ...stepGraph(model).shortest.map((path): Tour => ({
        kind: "shortest",
        abstract: path.steps.slice(1).map((s) => s.event.type),
        input: model.input,
        events: realEvents(model, path),
      })),
      ...(DETOURS[model.machine.id]?.() ?? []).map((detour): Tour => ({
        kind: "detour",
        abstract: [detour.name],
        input: detour.input,
        events: detour.events as EventObject[],
        ...(detour.restore ? { restore: detour.restore as Restore } : {}),
      })),
    ],
  };
}

const shortest = (machine: AnyStateMachine, input: unknown, paths: ModelPath[]): Tour[] =>
  paths.map((path) => ({
    kind: "shortest",
    abstract: modelEvents(path).map((e) => e.type),
    input,
    events: modelEvents(path),
  }));

/** The card machines with a model, by id: their tours (headless). */
export const CARD_TOURS: Record<string, Card> = {
  quickOrder: stepModelTours(quickOrderStepModel),
  professionalOrder: stepModelTours(professionalStepModel),
  styleOrder: stepModelTours(styleOrderStepModel),
  session: {
    machine: sessionMachine as unknown as AnyStateMachine,
    // the transition paths tests/machines/session.model.test.ts replays (every transition of each model), and
    // the shortest paths from a session whose menu is known
    tours: () => [
      ...[null, restoredSession()].flatMap((restored) =>
        shortest(
          sessionMachine as unknown as AnyStateMachine,
          { restored },
          transitionPaths(sessionShortestPaths(restored), sessionAdjacency(restored), serializeSession),
        ),
      ),
      ...shortest(sessionMachine as unknown as AnyStateMachine, { restored: null, resume: true }, sessionJoinPaths()),
      ...shortest(
        sessionMachine as unknown as AnyStateMachine,
        { restored: restoredSession(["newOrder"]) },
        sessionShortestPaths(restoredSession(["newOrder"])),
      ),
    ],
  },
  submitQueue: {
    machine: submitQueueMachine as unknown as AnyStateMachine,
    // the transition paths tests/machines/submitQueue.model.test.ts replays: every transition of the model
    tours: () =>
      shortest(
        submitQueueMachine as unknown as AnyStateMachine,
        QUEUE_INPUT,
        transitionPaths(submitQueueShortestPaths(), submitQueueAdjacency(), serializeSubmitQueue),
      ),
  },
  balanceDistribution: {
    machine: balanceDistributionMachine as unknown as AnyStateMachine,
    tours: () =>
      shortest(
        balanceDistributionMachine as unknown as AnyStateMachine,
        undefined,
        transitionPaths(balanceShortestPaths(), balanceAdjacency(), serializeBalance),
      ),
  },
  shipmentCreation: {
    machine: shipmentCreationMachine as unknown as AnyStateMachine,
    tours: () =>
      shortest(
        shipmentCreationMachine as unknown as AnyStateMachine,
        SHIPMENT_INPUT,
        transitionPaths(shipmentShortestPaths(), shipmentAdjacency(), serializeShipment),
      ),
  },
};
