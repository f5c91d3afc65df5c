import { ORDER_STATUS, type OrderStatusId } from "./ids.ts";

/**
 * The order lifecycle (issue 11): every status an order can have and every move between them. Each
 * transition is a function naming the statuses it may start from; the server refuses any other move
 * (code 1002 with a translated message) and the lists show what the same functions allow.
 *
 *   saved 10368 ──submit──► submitted 10030 ──► 206012 cutting ──► 206013 sewing ──► 206014 quality check ──► finished 10370 ──► shipped 10380
 *   pending 10371 ─submit─┘     (production steps: `nextProductionStatus`, driven by the server's simulator)
 *   saved ──submit, balance short──► pending 10371 (blError cart.moreBalance)
 *   10030 | 10371 | 206012 ──cancel (D-13)──► cancelled 10372        factory refusal ──► failed 10369 (seeded)
 */

/** Every status of dictionary 9, in lifecycle order. */
export const ORDER_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.saved,
  ORDER_STATUS.pending,
  ORDER_STATUS.submitted,
  ORDER_STATUS.cutting,
  ORDER_STATUS.sewing,
  ORDER_STATUS.qualityCheck,
  ORDER_STATUS.finished,
  ORDER_STATUS.shipped,
  ORDER_STATUS.failed,
  ORDER_STATUS.cancelled,
];

export function isOrderStatus(status: number): status is OrderStatusId {
  return (ORDER_STATUSES as readonly number[]).includes(status);
}

/** The cart and the pending list: the statuses whose order is still the customer's to change. */
export const EDITABLE_STATUSES: readonly OrderStatusId[] = [ORDER_STATUS.saved, ORDER_STATUS.pending];
/** CART-046: an order may be submitted (paid) from the cart or from pending review, never twice. */
export const SUBMITTABLE_STATUSES: readonly OrderStatusId[] = [ORDER_STATUS.saved, ORDER_STATUS.pending];
/** CART-049: only saved and pending orders may be deleted. */
export const DELETABLE_STATUSES: readonly OrderStatusId[] = [ORDER_STATUS.saved, ORDER_STATUS.pending];
/** D-13 (PROD-035): cancel is offered for 10030, 10371 and 206012 on every list; never once production is further on. */
export const CANCELLABLE_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.submitted,
  ORDER_STATUS.pending,
  ORDER_STATUS.cutting,
];

/** The production line: each status's next step (the simulator moves an order one step per interval). */
const PRODUCTION_STEPS: ReadonlyMap<number, OrderStatusId> = new Map<number, OrderStatusId>([
  [ORDER_STATUS.submitted, ORDER_STATUS.cutting],
  [ORDER_STATUS.cutting, ORDER_STATUS.sewing],
  [ORDER_STATUS.sewing, ORDER_STATUS.qualityCheck],
  [ORDER_STATUS.qualityCheck, ORDER_STATUS.finished],
]);

/** The cart, the under-production list (type 2) and the pending list's statuses (CART-043, CART-024). */
export const CART_STATUSES: readonly OrderStatusId[] = [ORDER_STATUS.saved];
/**
 * The ORDER LIST (type 2) unfiltered: every order past the cart and pending review, so the list holds
 * each order the lookup opens there (`lookupSource` "production", CART-009), cancelled ones included
 * (issue 20: a cancelled order offered under "Order list" showed "0 orders").
 */
export const PRODUCTION_LIST_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.submitted,
  ORDER_STATUS.cutting,
  ORDER_STATUS.sewing,
  ORDER_STATUS.qualityCheck,
  ORDER_STATUS.finished,
  ORDER_STATUS.failed,
  ORDER_STATUS.shipped,
  ORDER_STATUS.cancelled,
];

/**
 * CART-009: where the order-number lookup opens an order: the cart (saved), the pending list (pending
 * review, x-designed: the documents name only the two other targets, and a pending order is in neither)
 * or the production list (every other status).
 */
export type LookupSource = "cart" | "pending" | "production";
export function lookupSource(status: number): LookupSource {
  if ((CART_STATUSES as readonly number[]).includes(status)) return "cart";
  return status === ORDER_STATUS.pending ? "pending" : "production";
}

/**
 * The statuses an order has once it was paid and is on its way (submitted 10030, every production
 * step, finished, shipped): a submit refused in one of them means the order was paid before.
 */
const PAID_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.submitted,
  ORDER_STATUS.cutting,
  ORDER_STATUS.sewing,
  ORDER_STATUS.qualityCheck,
  ORDER_STATUS.finished,
  ORDER_STATUS.shipped,
];
export const isPaidStatus = (status: number) => (PAID_STATUSES as readonly number[]).includes(status);

/** The customer may still change the order (edit, quantity, add-product, check). */
export function canEdit(status: number): boolean {
  return (EDITABLE_STATUSES as readonly number[]).includes(status);
}

/**
 * PROD-052: one item of a list may be changed only when both say so: the server's per-item flag
 * (`isEdit` 1: the caller's own order, and the account may modify orders) and the order's status
 * (saved or pending; an order in production or in a shipment, shipped 10380, never). A stale flag never
 * opens an order that has moved on, and a status alone never opens another account's order.
 */
export function mayEditItem(item: { isEdit: number; status: number }): boolean {
  return item.isEdit === 1 && canEdit(item.status);
}

/** CART-046: submit (pay) is allowed from saved 10368 and pending 10371 only. */
export function canSubmit(status: number): boolean {
  return (SUBMITTABLE_STATUSES as readonly number[]).includes(status);
}

/** CART-049: delete is allowed from saved 10368 and pending 10371 only. */
export function canDelete(status: number): boolean {
  return (DELETABLE_STATUSES as readonly number[]).includes(status);
}

/** D-13: cancel is allowed from 10030, 10371 and 206012 only. */
export function canCancel(status: number): boolean {
  return (CANCELLABLE_STATUSES as readonly number[]).includes(status);
}

/**
 * PROD-056, D-13: the cancel transition. From submitted 10030, pending 10371 or cutting 206012 (each
 * the sources of `CANCELLABLE_STATUSES`) to cancelled 10372; a paid order (10030, 206012) gets its
 * price back, a pending one (never paid) does not. Undefined from any other status (refused).
 */
export function cancelOutcome(status: number): { to: OrderStatusId; refund: boolean } | undefined {
  if (!canCancel(status)) return undefined;
  return { to: ORDER_STATUS.cancelled, refund: isPaidStatus(status) };
}

/**
 * PROD-055 (x-designed): pre-commit sends an order ahead to the factory for its check before cutting:
 * allowed for pending 10371 and submitted 10030 (on the production list, not yet cut).
 */
export const PRE_COMMITTABLE_STATUSES: readonly OrderStatusId[] = [ORDER_STATUS.pending, ORDER_STATUS.submitted];
export function canPreCommit(status: number): boolean {
  return (PRE_COMMITTABLE_STATUSES as readonly number[]).includes(status);
}

/** Remakes (issue 12): only a delivered order (finished 10370 or shipped 10380) may be remade. */
export const REMAKEABLE_STATUSES: readonly OrderStatusId[] = [ORDER_STATUS.finished, ORDER_STATUS.shipped];
export function canRemake(status: number): boolean {
  return (REMAKEABLE_STATUSES as readonly number[]).includes(status);
}

/** The production step after `status` (submitted → 206012 → 206013 → 206014 → finished 10370); undefined otherwise. */
export function nextProductionStatus(status: number): OrderStatusId | undefined {
  return PRODUCTION_STEPS.get(status);
}

/** The statuses the production simulator moves (those with a next production step). */
export const PRODUCING_STATUSES: readonly OrderStatusId[] = [...PRODUCTION_STEPS.keys()] as OrderStatusId[];

/** Where a submission lands: paid → submitted 10030; balance short → pending 10371 (blError cart.moreBalance). */
export function submitOutcome(paid: boolean): OrderStatusId {
  return paid ? ORDER_STATUS.submitted : ORDER_STATUS.pending;
}

export type StatusColour = "red" | "orange" | "grey" | "blue";

/**
 * PROD-029..034: 10369 red, 10030 and 10371 (pending review) orange, 10370 grey, every other status
 * (206012 included, PROD-033) blue. Issue 12 names 10371 with 10030 as orange.
 */
export function statusColour(status: number): StatusColour {
  if (status === ORDER_STATUS.failed) return "red";
  if (status === ORDER_STATUS.submitted || status === ORDER_STATUS.pending) return "orange";
  if (status === ORDER_STATUS.finished) return "grey";
  return "blue";
}

/**
 * PROD-040: the order code is highlighted when there is no delivery date, a planned one exists, the
 * order is not finished and the planned date is 5 or more days before `today` (dates YYYY-MM-DD).
 */
export function isDeliveryOverdue(
  order: { statusId: number; planDeliveryDate: string | null; deliveryDate: string | null },
  today: string,
): boolean {
  if (order.deliveryDate || !order.planDeliveryDate || order.statusId === ORDER_STATUS.finished) return false;
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${order.planDeliveryDate}T00:00:00Z`)) / 86_400_000;
  return days >= 5;
}

/**
 * Issue 23: the orders a shipment may hold: paid and not yet shipped (submitted, every production step,
 * finished). A shipment waits for an order still in production and leaves when the last is finished.
 */
export const SHIPPABLE_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.submitted,
  ORDER_STATUS.cutting,
  ORDER_STATUS.sewing,
  ORDER_STATUS.qualityCheck,
  ORDER_STATUS.finished,
];
export function canAddToShipment(status: number): boolean {
  return (SHIPPABLE_STATUSES as readonly number[]).includes(status);
}

/** Issue 23: the ship transition: a finished 10370 order leaves with its parcel (shipped 10380); undefined otherwise. */
export function shipOutcome(status: number): OrderStatusId | undefined {
  return status === ORDER_STATUS.finished ? ORDER_STATUS.shipped : undefined;
}
