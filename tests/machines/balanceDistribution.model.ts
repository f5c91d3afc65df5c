/**
 * The balance-distribution machine as its own model (xstate/graph): the page's events and its actors'
 * outcomes (tests/machines/paths.ts), over a main account with one child holding 10.00.
 */
import type { AnyMachineSnapshot, AnyStateMachine } from "xstate";
import {
  balanceDistributionMachine,
  type BalanceDistributionContext,
  type BalanceDistributionEvent,
  type SubAccountRow,
} from "../../machines/balanceDistribution/balanceDistribution.machine.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";
import {
  adjacencyOf,
  noticeKey,
  shortestPaths,
  traversal,
  type ActorOutcome,
  type ModelAdjacency,
  type ModelPath,
} from "./paths.ts";

type Snap = AnyMachineSnapshot;
export type BalanceModelEvent = BalanceDistributionEvent | ActorOutcome;

const row = (over: Partial<SubAccountRow>): SubAccountRow => ({
  id: 1,
  username: "main",
  status: 1,
  noLimit: 0,
  balance: "500.00",
  allocatedAmount: "0.00",
  amountUsed: "0.00",
  usableAmount: "500.00",
  totalAmount: "500.00",
  rechargeAmount: "500.00",
  subAmount: "0.00",
  monthlyLimit: null,
  monthlySpent: "0.00",
  monthlyLeft: null,
  reserved: "0.00",
  available: "500.00",
  recent: [],
  ...over,
});
export const SELF = row({});
export const CHILD = row({
  id: 2,
  username: "child",
  balance: "10.00",
  allocatedAmount: "10.00",
  usableAmount: "10.00",
  totalAmount: "10.00",
  subAmount: "10.00",
});
export const ACCOUNTS = [SELF, CHILD];
/** The server's answer to a Recharge of 5.00. */
export const RECHARGED = {
  ...CHILD,
  balance: "15.00",
  usableAmount: "15.00",
  totalAmount: "15.00",
  subAmount: "15.00",
  rechargeAmount: "495.00",
};
export const SWITCHED_OFF = { ...CHILD, status: 0 };
/** The server's answer to a monthly limit of 20.00 (issue 22). */
export const LIMITED = { ...CHILD, monthlyLimit: "20.00", monthlyLeft: "20.00" };
export const REFUSED = "Overstep: at most 500.00 can be recharged";

export const balanceModelEvents: readonly BalanceModelEvent[] = [
  { type: "user.search", username: "chi" },
  { type: "user.retry" },
  { type: "user.open", action: "recharge", memberId: 2 },
  { type: "user.open", action: "takeBack", memberId: 2 },
  { type: "user.open", action: "noLimit", memberId: 2 },
  { type: "user.open", action: "recharge", memberId: 99 },
  { type: "user.changeAmount", amount: "5" },
  { type: "user.changeAmount", amount: "abc" },
  { type: "user.changeAmount", amount: "10000" },
  { type: "user.cancel" },
  { type: "user.submit" },
  { type: "user.toggleStatus", memberId: 2 },
  { type: "user.endNoLimit", memberId: 2 },
  { type: "user.dismiss" },
  { type: "api.limitSaved", row: LIMITED },
  { type: "xstate.done.actor.loadAccounts", output: ACCOUNTS },
  { type: "xstate.error.actor.loadAccounts", error: new NetworkError("Failed to fetch") },
  { type: "xstate.done.actor.distribute", output: RECHARGED },
  { type: "xstate.error.actor.distribute", error: new ApiError(1002, REFUSED, 200) },
  { type: "xstate.done.actor.updateStatus", output: SWITCHED_OFF },
  { type: "xstate.error.actor.updateStatus", error: new ApiError(1003, "Sub-account child does not exist", 200) },
  { type: "xstate.done.actor.endNoLimit", output: CHILD },
  { type: "xstate.error.actor.endNoLimit", error: new NetworkError("Failed to fetch") },
];

export function serializeBalance(snapshot: Snap): string {
  const c = snapshot.context as BalanceDistributionContext;
  return JSON.stringify({
    value: snapshot.value,
    search: c.search,
    children: c.children.map((r) => [r.status, r.noLimit, r.balance, r.monthlyLimit]),
    modal: c.modal ? [c.modal.action, c.modal.amount] : null,
    refusal: noticeKey(c.refusal),
    done: c.done !== null,
  });
}

const options = () => traversal(balanceModelEvents, serializeBalance);
export const balanceShortestPaths = (): ModelPath[] =>
  shortestPaths(balanceDistributionMachine as unknown as AnyStateMachine, options());
export const balanceAdjacency = (): ModelAdjacency =>
  adjacencyOf(balanceDistributionMachine as unknown as AnyStateMachine, options());
