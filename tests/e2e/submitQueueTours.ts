/**
 * The submit queue's runs the browser replays (tests/e2e/submitQueuePaths.spec.ts, which says how each
 * outcome is given against the real server): the realizable shortest paths of the model
 * (tests/machines/submitQueue.model.ts) to its two final states, one per outcome pair of the two orders,
 * and the run of the spec's CART-028 test (each order's request lost once; the second also the second
 * time). Shared by the spec and tests/tools/flowCoverage.ts (the transitions the runs walk, for the flow
 * picture).
 */
import type { AnyMachineSnapshot, EventObject } from "xstate";
import type { SubmitQueueContext } from "../../machines/submitQueue/submitQueue.machine.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";
import type { ModelPath } from "../machines/paths.ts";
import { submitQueueShortestPaths } from "../machines/submitQueue.model.ts";

type Snap = AnyMachineSnapshot;
const ctx = (s: Snap) => s.context as SubmitQueueContext;

/** The runs of the queue one browser session replays, one after another (a sign-in for each few). */
export const RUNS_PER_SESSION = 3;

/** Whether the browser can produce an event against the real server. */
function realizable(event: EventObject): boolean {
  switch (event.type) {
    case "xstate.init":
    case "user.close":
    case "user.openMyOrders":
    case "xstate.done.actor.loadBalance":
    case "xstate.error.actor.loadBalance":
      return true;
    case "xstate.done.actor.pushOrder": {
      const output = (event as unknown as { output: { code: number; sign: string; status?: number } }).output;
      // a success, or the refusal of an order paid before (paid here by another request first)
      return (output.code === 0 && output.sign === "success") || (output.code === 1 && output.status === 10030);
    }
    case "xstate.error.actor.pushOrder": {
      const error = (event as unknown as { error: unknown }).error;
      return error instanceof NetworkError || error instanceof ApiError;
    }
    default:
      throw new Error(`no browser mapping for ${event.type}`);
  }
}

/** The model's paths, the final ones, those the browser can replay and the selected runs. */
export function selectQueueRuns() {
  const paths = submitQueueShortestPaths();
  const finals = paths.filter((p) => p.state.status === "done");
  const replayable = finals.filter((p) => p.steps.every((s) => realizable(s.event)));
  /** One per outcome pair of the two orders: the balance read and the way out alternate. */
  const selected = (() => {
    const byOutcomes = new Map<string, ModelPath[]>();
    for (const path of replayable) {
      const outcomes = JSON.stringify(ctx(path.state).orders.map((o) => [o.status, o.message]));
      byOutcomes.set(outcomes, [...(byOutcomes.get(outcomes) ?? []), path]);
    }
    return [...byOutcomes.values()].map((group, i) => {
      const known = i % 2 === 0;
      const out = i % 3 === 0 ? "leaving" : "closed";
      return (
        group.find((p) => (ctx(p.state).balanceAfterCents !== null) === known && p.state.value === out) ?? group[0]!
      );
    });
  })();

  // the runs one browser session replays, one after another (a sign-in for each few)
  const sessions = Array.from({ length: Math.ceil(selected.length / RUNS_PER_SESSION) }, (_, i) =>
    selected.slice(i * RUNS_PER_SESSION, (i + 1) * RUNS_PER_SESSION),
  );
  return { paths, finals, replayable, selected, sessions };
}

/**
 * The machine's events of the spec's CART-028 test: the first order's request lost, asked again and
 * paid; the second's lost twice (failed without a message); then the balance read answered.
 */
export const RETRY_RUN: readonly EventObject[] = [
  { type: "xstate.error.actor.pushOrder", error: new NetworkError("Failed to fetch") } as EventObject,
  { type: "xstate.done.actor.pushOrder", output: { code: 0, sign: "success", msg: "" } } as EventObject,
  { type: "xstate.error.actor.pushOrder", error: new NetworkError("Failed to fetch") } as EventObject,
  { type: "xstate.error.actor.pushOrder", error: new NetworkError("Failed to fetch") } as EventObject,
  { type: "xstate.done.actor.loadBalance", output: { balanceCents: 0 } } as EventObject,
];
