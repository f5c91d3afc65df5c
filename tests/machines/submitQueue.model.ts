/**
 * The submitQueue machine as its own model (xstate/graph): every event it accepts, its actors'
 * outcomes as events (tests/machines/paths.ts). Two orders: every outcome of the first, then of the
 * second, then the balance after and the way out. The browser path spec reuses the shortest paths.
 *
 * Snapshots are serialized by state value and each order's progress and message; the idempotency
 * keys are random (crypto.randomUUID) and left out: the replay checks them on their own.
 */
import type { AnyMachineSnapshot, AnyStateMachine } from "xstate";
import {
  submitQueueMachine,
  type SubmitQueueContext,
  type SubmitQueueEvent,
  type SubmitQueueInput,
} from "../../machines/submitQueue/submitQueue.machine.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";
import {
  adjacencyOf,
  shortestPaths,
  traversal,
  type ActorOutcome,
  type ModelAdjacency,
  type ModelPath,
} from "./paths.ts";

type Snap = AnyMachineSnapshot;
export type SubmitQueueModelEvent = SubmitQueueEvent | ActorOutcome;

export const QUEUE_INPUT: SubmitQueueInput = {
  orders: [
    { id: 101, code: "SO101", customer: "Customer 101", garment: "Shirt", priceCents: 12_000 },
    { id: 102, code: "SO102", customer: "Customer 102", garment: "Shirt", priceCents: 30_050 },
  ],
  balanceBeforeCents: 40_000,
  moneyType: "USD",
};

export const INSUFFICIENT = "Insufficient Balance";
export const ORDER_NOT_FOUND = "Order not found";
export const ALREADY = "The order has already been submitted";

export const submitQueueModelEvents: readonly SubmitQueueModelEvent[] = [
  { type: "user.close" },
  { type: "user.openMyOrders" },
  { type: "xstate.done.actor.pushOrder", output: { code: 0, sign: "success", msg: "" } },
  // CART-027: code 1 / sign fail, with the server's message
  { type: "xstate.done.actor.pushOrder", output: { code: 1, sign: "fail", msg: INSUFFICIENT } },
  // CART-028: a request error (before the next event: the shortest paths reach a failure without a
  // message through it, which the browser can produce)
  { type: "xstate.error.actor.pushOrder", error: new NetworkError("Failed to fetch") },
  { type: "xstate.done.actor.pushOrder", output: { code: 0, sign: "fail", msg: "" } },
  // Refused because the order was paid before (another tab): Already paid
  { type: "xstate.done.actor.pushOrder", output: { code: 1, sign: "fail", msg: ALREADY, status: 10030 } },
  { type: "xstate.error.actor.pushOrder", error: new ApiError(1003, ORDER_NOT_FOUND, 200) },
  { type: "xstate.done.actor.loadBalance", output: { balanceCents: 28_000 } },
  { type: "xstate.error.actor.loadBalance", error: new NetworkError("Failed to fetch") },
];

export function serializeSubmitQueue(snapshot: Snap): string {
  const c = snapshot.context as SubmitQueueContext;
  return JSON.stringify({
    value: snapshot.value,
    orders: c.orders.map((o) => [o.status, o.message]),
    balanceAfter: c.balanceAfterCents,
  });
}

const options = () => traversal(submitQueueModelEvents, serializeSubmitQueue, QUEUE_INPUT);

export const submitQueueShortestPaths = (): ModelPath[] =>
  shortestPaths(submitQueueMachine as unknown as AnyStateMachine, options());

export const submitQueueAdjacency = (): ModelAdjacency =>
  adjacencyOf(submitQueueMachine as unknown as AnyStateMachine, options());
