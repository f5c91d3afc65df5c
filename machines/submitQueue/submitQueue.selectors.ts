import {
  SUBMIT_STATUS,
  type PersistedQueue,
  type QueuedOrder,
  type SubmitQueueContext,
  type SubmitQueueSnapshot,
  type SubmitStatus,
} from "./submitQueue.machine.ts";

/** What the submit-progress dialog reads of the submitQueue machine (CART-019..029). */

/** CART-019, CART-025: each order with its progress and, when it failed, the server's message. */
export const selectQueueRows = (s: { context: SubmitQueueContext }): readonly QueuedOrder[] => s.context.orders;

const isFinished = (status: SubmitStatus) =>
  status === SUBMIT_STATUS.success || status === SUBMIT_STATUS.failed || status === SUBMIT_STATUS.alreadyPaid;

/** How many orders have their outcome, of how many. */
export const selectProgress = (s: { context: SubmitQueueContext }) => ({
  done: s.context.orders.filter((o) => isFinished(o.status)).length,
  total: s.context.orders.length,
});

/** CART-029: close and "my order" are enabled only once every order is done. */
export const canLeaveQueue = (s: { context: SubmitQueueContext }): boolean =>
  s.context.orders.every((o) => isFinished(o.status));

/** CART-020: "my order" goes to /myOrder when any order failed, otherwise to /underProduction. */
export const myOrderTarget = (s: { context: SubmitQueueContext }): "/myOrder" | "/underProduction" =>
  s.context.orders.some((o) => o.status === SUBMIT_STATUS.failed) ? "/myOrder" : "/underProduction";

/** The queue has ended: every order done and the balance after asked (the receipt is complete). */
export const isQueueFinished = (s: Pick<SubmitQueueSnapshot, "matches" | "status">): boolean =>
  s.status === "done" || s.matches({ open: "done" });

/** How the receipt names an order: its code, its customer and its garment (issue 20). */
export type NamedOrder = Pick<QueuedOrder, "id" | "code" | "customer" | "garment">;

export interface Receipt {
  paid: Array<NamedOrder & { priceCents: number }>;
  paidTotalCents: number;
  /** Refused because they were paid before (e.g. from another tab): not in this queue's total. */
  alreadyPaid: NamedOrder[];
  failed: Array<NamedOrder & { message: string | null }>;
  balanceBeforeCents: number;
  /** null when the balance after could not be read. */
  balanceAfterCents: number | null;
  moneyType: string;
}

/** The receipt at the end: what was paid and its total, what failed and why, the balance before and after. */
export function selectReceipt(s: { context: SubmitQueueContext }): Receipt {
  const { orders, balanceBeforeCents, balanceAfterCents, moneyType } = s.context;
  const paid = orders
    .filter((o) => o.status === SUBMIT_STATUS.success)
    .map(({ id, code, customer, garment, priceCents }) => ({ id, code, customer, garment, priceCents }));
  return {
    paid,
    paidTotalCents: paid.reduce((sum, o) => sum + o.priceCents, 0),
    alreadyPaid: orders
      .filter((o) => o.status === SUBMIT_STATUS.alreadyPaid)
      .map(({ id, code, customer, garment }) => ({ id, code, customer, garment })),
    failed: orders
      .filter((o) => o.status === SUBMIT_STATUS.failed)
      .map(({ id, code, customer, garment, message }) => ({ id, code, customer, garment, message })),
    balanceBeforeCents,
    balanceAfterCents,
    moneyType,
  };
}

/** What the feature stores after every change so that a reload resumes the queue with the same keys. */
export const selectPersisted = (s: { context: SubmitQueueContext }): PersistedQueue => ({
  orders: s.context.orders,
  balanceBeforeCents: s.context.balanceBeforeCents,
  moneyType: s.context.moneyType,
});

/** Whether a stored value is a queue the machine can resume (anything else is ignored). */
export function isPersistedQueue(value: unknown): value is PersistedQueue {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.balanceBeforeCents) &&
    typeof v.moneyType === "string" &&
    Array.isArray(v.orders) &&
    v.orders.every((o: unknown) => {
      if (typeof o !== "object" || o === null) return false;
      const q = o as Record<string, unknown>;
      return (
        Number.isInteger(q.id) &&
        typeof q.code === "string" &&
        typeof q.customer === "string" &&
        typeof q.garment === "string" &&
        Number.isInteger(q.priceCents) &&
        typeof q.key === "string" &&
        q.key !== "" &&
        [0, 1, 2, 3, 4].includes(q.status as number) &&
        (q.message === null || typeof q.message === "string")
      );
    })
  );
}
