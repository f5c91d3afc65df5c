import type { AnyStateNode, AnyTransitionDefinition, InspectionEvent } from "xstate";
import { inspector } from "./inspect.ts";

/**
 * The live state of the app's running flows, for the flow pictures (`/flows/<machine>` lights it):
 * an order page creates its actor with `inspect: inspectFlow`, which forwards every inspection event
 * to the Stately inspector when `?inspect` attached it, and publishes the root machine's active states
 * and the transition it just took, in this tab (a module store) and to the portal's other tabs (a
 * BroadcastChannel: open the order in one tab and its picture in another).
 */
export interface LiveFlow {
  /** The machine's id (`quickOrder`), also its picture's address. */
  machine: string;
  /** The ids of the active state nodes. */
  active: string[];
  /** The transition taken by the last event, as the picture names it (`<state id>::<index>`). */
  last?: string;
  /** Every transition the last event took, in order (its microsteps; tests/e2e/flowWalks.ts collects them). */
  taken?: string[];
}

const flatTransitions = (node: AnyStateNode): AnyTransitionDefinition[] => [
  ...[...node.transitions.values()].flat(),
  ...(node.always ?? []),
];

/** A taken transition's picture id: `<state id>::<index among the state's own transitions>`. */
export const transitionIdOf = (t: AnyTransitionDefinition): string =>
  `${t.source.id}::${String(flatTransitions(t.source).indexOf(t))}`;

const flows = new Map<string, LiveFlow>();
const listeners = new Set<(flow: LiveFlow) => void>();
const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel("mtm-portal-live-flows");

function accept(flow: LiveFlow) {
  flows.set(flow.machine, flow);
  listeners.forEach((listener) => listener(flow));
}
channel?.addEventListener("message", (event: MessageEvent<LiveFlow>) => {
  if (typeof event.data?.machine === "string" && Array.isArray(event.data.active)) accept(event.data);
});

/** The last known live state of `machine` (this tab or another), if one ran since this tab opened. */
export const liveFlow = (machine: string): LiveFlow | undefined => flows.get(machine);

/** Calls `listener` with each new live state of `machine`; returns the unsubscribe. */
export function subscribeLiveFlow(machine: string, listener: (flow: LiveFlow) => void): () => void {
  const filtered = (flow: LiveFlow) => flow.machine === machine && listener(flow);
  listeners.add(filtered);
  return () => listeners.delete(filtered);
}

const takenBy = new Map<string, string[]>();

/** The `inspect` option of a flow's actor: the Stately inspector (with `?inspect`) and the live pictures. */
export function inspectFlow(event: InspectionEvent): void {
  inspector?.inspect(event);
  if (event.rootId !== event.actorRef.sessionId) return; // the page's own machine, not its children
  const id = event.actorRef.sessionId;
  if (event.type === "@xstate.event") takenBy.set(id, []);
  else if (event.type === "@xstate.microstep") {
    const transitions = (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions;
    takenBy.set(id, [...(takenBy.get(id) ?? []), ...transitions.map(transitionIdOf)]);
  } else if (event.type === "@xstate.snapshot") {
    const snapshot = event.snapshot as { machine?: { id: string }; _nodes?: AnyStateNode[] };
    if (!snapshot.machine || !snapshot._nodes) return;
    const taken = takenBy.get(id) ?? [];
    const flow: LiveFlow = {
      machine: snapshot.machine.id,
      active: snapshot._nodes.map((n) => n.id),
      ...(taken.length > 0 ? { last: taken[0], taken } : {}),
    };
    accept(flow);
    channel?.postMessage(flow);
  }
}
