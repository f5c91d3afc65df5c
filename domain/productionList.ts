import { MEASURE_METHOD, ORDER_STATUS, ORDER_TYPE } from "./ids.ts";
import { nextProductionStatus } from "./orderStatus.ts";

/**
 * The under-production list's row rules (issue 12, 002 §3, §4): which size-category icon a row shows,
 * which actions it hides, and the estimated ship date the production simulator's pace gives.
 */

/** PROD-038: the clothing category whose orders offer no edit, consumption query or pre-commit. */
export const NO_TOOLS_CATEGORY = 3_800_000;

/** PROD-027: the size categories with an icon of their own (10054 standard, 10053 by garment, 10052 body type). */
export type SizeIcon = "standard" | "garment" | "body";
export function sizeCategoryIcon(sizeCategoryId: number): SizeIcon | null {
  switch (sizeCategoryId) {
    case MEASURE_METHOD.standard:
      return "standard";
    case MEASURE_METHOD.finished:
      return "garment";
    case MEASURE_METHOD.body:
      return "body";
    default:
      return null;
  }
}

/**
 * PROD-038, PROD-039: clothing category 3800000 and order type 9 (goods) hide the edit, consumption
 * query and pre-commit actions; so does a cancelled order (issue 20: it is over, nothing is cut or
 * pre-committed for it). Every other order offers them (each action still checks its own status).
 */
export function offersOrderTools(order: { clothCategory: number; orderType: number; status: number }): boolean {
  return (
    offersFormula(order.status) && order.clothCategory !== NO_TOOLS_CATEGORY && order.orderType !== ORDER_TYPE.goods
  );
}

/** PROD-054: the order formula is offered for every order but a cancelled one (issue 20). */
export const offersFormula = (status: number): boolean => status !== ORDER_STATUS.cancelled;

/** How many production steps an order in `status` still has before it is finished (0 when none). */
export function remainingProductionSteps(status: number): number {
  let steps = 0;
  for (let s = nextProductionStatus(status); s !== undefined; s = nextProductionStatus(s)) steps++;
  return steps;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface ShipEstimate {
  /** YYYY-MM-DD (UTC) the order should be finished and ready to ship; null when there is no estimate. */
  estimatedShipDate: string | null;
  /** The estimate is later than the planned delivery date: the order is slipping. */
  slips: boolean;
}

/**
 * Beyond the documents (x-designed): the estimated ship date of an order in production, from the
 * production simulator's pace. The simulator moves an order one step once its status is `stepSeconds`
 * old, so the current step ends at max(now, statusChangedAt + step) (an overdue step ends at the next
 * run, never in the past) and each remaining step takes one more interval:
 *
 *   finish = max(now, statusChangedAt + step) + (remaining − 1) × step
 *
 * The estimate is that finish's UTC day; it slips when that day is after the planned delivery date
 * (a submitted order has no planned date until production starts, and does not slip). An order with no
 * step left (finished, shipped, failed, cancelled) or a simulator switched off (step 0) has no estimate.
 */
export function shipEstimate(
  order: { statusId: number; statusChangedAt: Date; planDeliveryDate: string | null },
  now: Date,
  stepSeconds: number,
): ShipEstimate {
  const remaining = remainingProductionSteps(order.statusId);
  if (remaining === 0 || !(stepSeconds > 0)) return { estimatedShipDate: null, slips: false };
  const step = stepSeconds * 1000;
  const currentEnds = Math.max(now.getTime(), order.statusChangedAt.getTime() + step);
  const finish = currentEnds + (remaining - 1) * step;
  // A date outside what Date can hold (a huge interval) is no estimate, never a thrown RangeError.
  if (!Number.isFinite(finish) || Math.abs(finish) > 8.64e15) return { estimatedShipDate: null, slips: false };
  const estimatedShipDate = dayOf(finish);
  return { estimatedShipDate, slips: order.planDeliveryDate !== null && estimatedShipDate > order.planDeliveryDate };
}

/** PROD-031: the failed-status notice stays this long (8 s). */
export const FAILED_NOTICE_MS = 8000;
