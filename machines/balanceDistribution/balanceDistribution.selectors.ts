import type { SnapshotFrom } from "xstate";
import { parseCents } from "../../domain/money.ts";
import { priceTone } from "../../domain/billing.ts";
import { needsAmount, ringShare } from "../../domain/subAccounts.ts";
import {
  isAmountMissing,
  isOverstep,
  modalLimitCents,
  type balanceDistributionMachine,
  type SubAccountRow,
} from "./balanceDistribution.machine.ts";

/** What the sub-account page reads (SUB-001..008, SUB-020..031). */
type Snap = SnapshotFrom<typeof balanceDistributionMachine>;

export type { SubAccountRow } from "./balanceDistribution.machine.ts";

export const isLoading = (s: Snap) => s.matches("loading");
export const hasFailed = (s: Snap) => s.matches("failed");
export const isBusy = (s: Snap) => s.hasTag("pending");
/** SUB-003: the account itself (its balance is the distributable amount). */
export const selectSelf = (s: Snap) => s.context.self;
/** SUB-004: one card per child. */
export const selectChildren = (s: Snap) => s.context.children;
/** SUB-006: the ring's share, usableAmount / totalAmount. */
export const ringOf = (row: SubAccountRow) =>
  ringShare(parseCents(row.usableAmount) ?? 0, parseCents(row.totalAmount) ?? 0);
/**
 * What a child's card shows beyond the documents (issue 22): available and reserved, the monthly limit with
 * what is left (null without one) and its last five movements, each price coloured as billing colours it
 * (+ green, otherwise red).
 */
export const cardOf = (row: SubAccountRow) => ({
  available: row.available,
  reserved: row.reserved,
  limit:
    row.monthlyLimit === null
      ? null
      : { limit: row.monthlyLimit, left: row.monthlyLeft ?? "0.00", spent: row.monthlySpent },
  recent: row.recent.map((movement) => ({ ...movement, tone: priceTone(movement.price) })),
});

/** The switch whose call is on its way (disabled meanwhile). */
export const selectTogglingId = (s: Snap) => s.context.toggling?.memberId ?? null;

/** The open modal: its action, its child, the amount, the overstep warning and the submit button's state. */
export function selectModal(s: Snap) {
  const modal = s.context.modal;
  if (!modal) return null;
  const child = s.context.children.find((row) => row.id === modal.memberId) ?? null;
  return {
    action: modal.action,
    child,
    amount: modal.amount,
    /** SUB-030: No limit has no amount field. */
    hasAmountField: needsAmount(modal.action),
    limitCents: modalLimitCents(s.context),
    /** SUB-028, SUB-029 */
    overstep: isOverstep(s.context),
    /** SUB-026, SUB-027: greyed out without an amount (and while the call runs). */
    canSubmit: !isAmountMissing(s.context) && !s.hasTag("pending"),
    submitting: s.matches("submitting"),
  };
}
export const selectRefusal = (s: Snap) => s.context.refusal;
export const selectDone = (s: Snap) => s.context.done;
