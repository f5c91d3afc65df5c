import { assertEvent, assign, fromPromise, not, setup } from "xstate";
import {
  distributionCents,
  distributionTypeOf,
  limitOf,
  needsAmount,
  oversteps,
  type DistributionAction,
  type DistributionType,
} from "../../domain/subAccounts.ts";
import { parseCents } from "../../domain/money.ts";
import { serverNotice, type Notice } from "../shared/messages.ts";

/**
 * The sub-account page (SUB-001..008, SUB-020..031, SUB-042): the page machine of balance distribution.
 * It holds the accounts as the server last gave them (the account itself, then its children), one
 * modal at a time (Recharge, Take back, No limit) with its amount, and the on/off switches. Every figure
 * it shows comes from the server's answer; the guards are the rules of `domain/subAccounts.ts`.
 */

/** An account of the screen, as `GET pc/memberCash/cashDetails` gives it (decimal strings). */
export interface SubAccountRow {
  id: number;
  username: string;
  status: number;
  noLimit: number;
  balance: string;
  allocatedAmount: string;
  amountUsed: string;
  usableAmount: string;
  totalAmount: string;
  rechargeAmount: string;
  subAmount: string;
  /** x-designed (issue 22): the monthly spending limit (null: none), what was spent of it and is left. */
  monthlyLimit: string | null;
  monthlySpent: string;
  monthlyLeft: string | null;
  /** x-designed: what its pending orders reserve, and what it can pay now. */
  reserved: string;
  available: string;
  /** x-designed: its last five movements, newest first. */
  recent: RecentMovement[];
}

/** A movement on a child's card: its deal item, the price signed from the child's side, its balance after. */
export interface RecentMovement {
  id: number;
  transferId: number;
  dealItem: number;
  price: string;
  balance: string;
  dealDate: string;
  reference: string;
}

export type BalanceMessageKey =
  | "balance.amountRequired" // SUB-026, SUB-027
  | "balance.amountInvalid"
  | "balance.overstep" // SUB-028, SUB-029
  | "balance.loadFailed"
  | "balance.failed" // SUB-042 (the server's message when it sent one)
  | "balance.statusFailed"; // SUB-021

export interface DistributionRequest {
  memberId: number;
  /** SUB-031: a number. */
  price?: number;
  type: DistributionType;
  idempotencyKey: string;
}

export interface Modal {
  action: DistributionAction;
  memberId: number;
  amount: string;
  /** One key per user action, kept across retries of the same request; a changed amount is another request. */
  key: string;
}

export interface BalanceDistributionContext {
  search: string;
  self: SubAccountRow | null;
  children: SubAccountRow[];
  modal: Modal | null;
  /** The switch being changed (SUB-020) and the status it had (restored when the call fails, SUB-021). */
  toggling: { memberId: number; from: number } | null;
  refusal: Notice<BalanceMessageKey> | null;
  /** The success toast: the child and the amount (or No limit). */
  done: { username: string; action: DistributionAction; amount: string } | null;
}

export type BalanceDistributionEvent =
  | { type: "user.search"; username: string }
  | { type: "user.retry" }
  | { type: "user.open"; action: DistributionAction; memberId: number }
  | { type: "user.changeAmount"; amount: string }
  | { type: "user.cancel" }
  | { type: "user.submit" }
  | { type: "user.toggleStatus"; memberId: number }
  | { type: "user.endNoLimit"; memberId: number }
  | { type: "user.dismiss" }
  /** The limit dialog saved a child's monthly limit (issue 22, x-designed): the server's row replaces the card. */
  | { type: "api.limitSaved"; row: SubAccountRow };

const newKey = (): string => crypto.randomUUID();

const childOf = (context: BalanceDistributionContext, memberId: number | undefined) =>
  context.children.find((row) => row.id === memberId);

/** The modal's amount as cents, or null (empty, text, zero, negative, a fraction of a cent). */
const amountCents = (context: BalanceDistributionContext) =>
  context.modal ? distributionCents(context.modal.amount) : null;

/** The most the modal's action may move: rechargeAmount or subAmount of its child (SUB-028, SUB-029). */
export function modalLimitCents(context: BalanceDistributionContext): number {
  const child = childOf(context, context.modal?.memberId);
  if (!child || !context.modal) return 0;
  return limitOf(context.modal.action, {
    rechargeAmountCents: parseCents(child.rechargeAmount) ?? 0,
    subAmountCents: parseCents(child.subAmount) ?? 0,
  });
}

/** SUB-026, SUB-027, SUB-030: the modal needs an amount and has none. */
export const isAmountMissing = (context: BalanceDistributionContext) =>
  context.modal !== null && needsAmount(context.modal.action) && context.modal.amount.trim() === "";
/** The amount typed is a positive amount with at most two decimals. */
export const isAmountValid = (context: BalanceDistributionContext) =>
  context.modal !== null && (!needsAmount(context.modal.action) || amountCents(context) !== null);
/** SUB-028, SUB-029: the amount is above what the action may move. */
export const isOverstep = (context: BalanceDistributionContext) => {
  const cents = amountCents(context);
  return (
    context.modal !== null &&
    needsAmount(context.modal.action) &&
    cents !== null &&
    oversteps(cents, modalLimitCents(context))
  );
};

/** The call the modal makes: type 3, 4/5 or 6 (SUB-022..025), the price a number (SUB-031). */
export function distributionRequest(context: BalanceDistributionContext): DistributionRequest {
  const modal = context.modal!;
  const cents = amountCents(context) ?? 0;
  const subAmount = parseCents(childOf(context, modal.memberId)?.subAmount ?? "0") ?? 0;
  const type = distributionTypeOf(modal.action, cents, subAmount);
  return {
    memberId: modal.memberId,
    ...(needsAmount(modal.action) ? { price: cents / 100 } : {}),
    type,
    idempotencyKey: modal.key,
  };
}

/** The child's row from the server replaces the card; the distributable amount follows its rechargeAmount. */
function withAnswer(context: BalanceDistributionContext, row: SubAccountRow) {
  return {
    children: context.children.map((child) =>
      child.id === row.id ? row : { ...child, rechargeAmount: row.rechargeAmount },
    ),
    self: context.self
      ? {
          ...context.self,
          balance: row.rechargeAmount,
          usableAmount: row.rechargeAmount,
          rechargeAmount: row.rechargeAmount,
        }
      : null,
  };
}

export const balanceDistributionMachine = setup({
  types: {
    context: {} as BalanceDistributionContext,
    events: {} as BalanceDistributionEvent,
  },
  actors: {
    // SUB-039: the account itself, then its children (filtered by username, SUB-002)
    loadAccounts: fromPromise<SubAccountRow[], { username: string }>(async () => {
      throw new Error("loadAccounts actor not provided");
    }),
    // SUB-040
    distribute: fromPromise<SubAccountRow, DistributionRequest>(async () => {
      throw new Error("distribute actor not provided");
    }),
    // SUB-038
    updateStatus: fromPromise<SubAccountRow, { username: string; status: number }>(async () => {
      throw new Error("updateStatus actor not provided");
    }),
    // x-designed: No limit off
    endNoLimit: fromPromise<SubAccountRow, { memberId: number }>(async () => {
      throw new Error("endNoLimit actor not provided");
    }),
  },
  guards: {
    // SUB-026, SUB-027: Recharge and Take back need an amount (submit greyed out without one)
    hasAmount: ({ context }) => !isAmountMissing(context),
    // SUB-031: a positive amount with at most two decimals
    isAmountValid: ({ context }) => isAmountValid(context),
    // SUB-028, SUB-029: at most rechargeAmount / subAmount ("overstep")
    isWithinLimit: ({ context }) => !isOverstep(context),
    // SUB-033, SUB-034: a child of this account
    isOwnChild: ({ context, event }) => {
      assertEvent(event, ["user.open", "user.toggleStatus", "user.endNoLimit"]);
      return childOf(context, event.memberId) !== undefined;
    },
  },
  actions: {
    refuse: assign({ refusal: (_, params: { key: BalanceMessageKey }) => ({ key: params.key }) }),
  },
}).createMachine({
  id: "balanceDistribution",
  context: {
    search: "",
    self: null,
    children: [],
    modal: null,
    toggling: null,
    refusal: null,
    done: null,
  },
  initial: "loading",
  states: {
    loading: {
      tags: ["pending"],
      invoke: {
        id: "loadAccounts",
        src: "loadAccounts",
        input: ({ context }) => ({ username: context.search }),
        onDone: {
          target: "browsing",
          actions: assign(({ event }) => ({ self: event.output[0] ?? null, children: event.output.slice(1) })),
        },
        onError: {
          target: "failed",
          actions: assign({
            refusal: ({ event }) => serverNotice<BalanceMessageKey>(event.error, "balance.loadFailed"),
          }),
        },
      },
    },
    failed: {
      on: { "user.retry": { target: "loading", actions: assign({ refusal: null }) } },
    },
    browsing: {
      on: {
        "user.search": {
          target: "loading",
          actions: assign({ search: ({ event }) => event.username.trim(), done: null }),
        },
        "user.open": {
          guard: "isOwnChild",
          target: "editing",
          actions: assign({
            modal: ({ event }) => ({ action: event.action, memberId: event.memberId, amount: "", key: newKey() }),
            refusal: null,
            done: null,
          }),
        },
        "user.toggleStatus": {
          guard: "isOwnChild",
          target: "toggling",
          // SUB-020: the switch moves at once; SUB-021: it moves back when the call fails.
          actions: assign(({ context, event }) => {
            const from = childOf(context, event.memberId)!.status;
            return {
              toggling: { memberId: event.memberId, from },
              children: context.children.map((row) =>
                row.id === event.memberId ? { ...row, status: from === 1 ? 0 : 1 } : row,
              ),
              refusal: null,
              done: null,
            };
          }),
        },
        "user.endNoLimit": {
          guard: "isOwnChild",
          target: "endingNoLimit",
          actions: assign({ refusal: null, done: null }),
        },
        "user.dismiss": { actions: assign({ refusal: null, done: null }) },
        "api.limitSaved": { actions: assign(({ context, event }) => withAnswer(context, event.row)) },
      },
    },
    editing: {
      on: {
        "user.changeAmount": {
          actions: assign({
            modal: ({ context, event }) => ({ ...context.modal!, amount: event.amount, key: newKey() }),
            refusal: null,
          }),
        },
        "user.cancel": { target: "browsing", actions: assign({ modal: null, refusal: null }) },
        "user.submit": [
          { guard: not("hasAmount"), actions: { type: "refuse", params: { key: "balance.amountRequired" } } },
          { guard: not("isAmountValid"), actions: { type: "refuse", params: { key: "balance.amountInvalid" } } },
          { guard: not("isWithinLimit"), actions: { type: "refuse", params: { key: "balance.overstep" } } },
          { target: "submitting", actions: assign({ refusal: null }) },
        ],
      },
    },
    submitting: {
      tags: ["pending"],
      invoke: {
        id: "distribute",
        src: "distribute",
        input: ({ context }) => distributionRequest(context),
        onDone: {
          target: "browsing",
          actions: assign(({ context, event }) => ({
            ...withAnswer(context, event.output),
            modal: null,
            done: {
              username: event.output.username,
              action: context.modal!.action,
              amount: context.modal!.amount.trim(),
            },
          })),
        },
        // SUB-042: the server's message; the modal stays open with the same key for a retry.
        onError: {
          target: "editing",
          actions: assign({ refusal: ({ event }) => serverNotice<BalanceMessageKey>(event.error, "balance.failed") }),
        },
      },
    },
    toggling: {
      tags: ["pending"],
      invoke: {
        id: "updateStatus",
        src: "updateStatus",
        input: ({ context }) => {
          const row = childOf(context, context.toggling!.memberId)!;
          return { username: row.username, status: row.status };
        },
        onDone: {
          target: "browsing",
          actions: assign(({ context, event }) => ({ ...withAnswer(context, event.output), toggling: null })),
        },
        onError: {
          target: "browsing",
          actions: assign(({ context, event }) => ({
            children: context.children.map((row) =>
              row.id === context.toggling!.memberId ? { ...row, status: context.toggling!.from } : row,
            ),
            toggling: null,
            refusal: serverNotice<BalanceMessageKey>(event.error, "balance.statusFailed"),
          })),
        },
      },
    },
    endingNoLimit: {
      tags: ["pending"],
      invoke: {
        id: "endNoLimit",
        src: "endNoLimit",
        input: ({ event }) => {
          assertEvent(event, "user.endNoLimit");
          return { memberId: event.memberId };
        },
        onDone: {
          target: "browsing",
          actions: assign(({ context, event }) => withAnswer(context, event.output)),
        },
        onError: {
          target: "browsing",
          actions: assign({ refusal: ({ event }) => serverNotice<BalanceMessageKey>(event.error, "balance.failed") }),
        },
      },
    },
  },
});
