import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import { translate, type Locale, type MessageKey } from "../../i18n.ts";
import { isOrderId, ORDER_STATUS, ORDER_TYPE, type OrderStatusId } from "../../../domain/ids.ts";
import { takeOrderStock } from "../goods/stock.ts";
import { canSubmit } from "../../../domain/orderStatus.ts";
import { idempotentRequest, keyedCall } from "../ledger/idempotency.ts";
import { submitOutcomes } from "../../metrics.ts";
import { payOrder } from "./payment.ts";
import { ordersRepository } from "./repository.ts";

/**
 * CART-046 `pushOrder`: the submission queue submits one saved or pending order per call (CART-026).
 * In one transaction: the Idempotency-Key is claimed, the order is locked, its status checked by
 * `canSubmit` (saved 10368 | pending 10371) and it is paid for (`payOrder`, as save-and-submit pays):
 * submitted 10030, or, with a balance short of the price, nothing moved and pending 10371 with blError
 * `cart.moreBalance` (D-14 "Insufficient Balance"; beyond a sub-account's monthly limit `monthlyLimit.reached`,
 * answered with the limit and what is left). An order already submitted (or in any other status) is answered code 1
 * with the reason and nothing changes, so an order is never paid twice whatever the keys. The same key
 * and the same order answer the first outcome again (one charge); another account's order (a
 * sub-account's orders included, for the main account) is "not found" and nothing changes.
 */

/** One order's outcome as the contract answers it: `{ "<orderId>": { code, sign, msg } }`. */
export interface PushOutcome {
  code: 0 | 1;
  sign: "success" | "fail";
  msg: string;
  /** The order's status after the call (10030 paid, 10371 balance short, else unchanged). */
  status: OrderStatusId;
}

/** What is stored with the key: the outcome's message key, so a replay answers in the caller's language. */
interface StoredOutcome {
  orderId: number;
  paid: boolean;
  status: OrderStatusId;
  key: MessageKey;
  params: Record<string, string>;
}

/**
 * The one order id of `orderIds` ("12" or "12,", as the client sends it). More than one id is a 400
 * (CART-026: one per call); an id that cannot be an order is "not found".
 */
export function singleOrderId(orderIds: string): number {
  const ids = orderIds
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  // CART-026: the queue sends one order per call.
  if (ids.length !== 1) throw new AppError(400, "order.oneAtATime", {}, 400);
  const id = Number(ids[0]);
  if (!/^\d+$/.test(ids[0]!) || !isOrderId(id)) throw notFound("order.notFound", { id: ids[0]! });
  return id;
}

/** Submits one order of the account, once per key; answers its outcome (code 1 and a message when not paid). */
export async function pushOrder(
  db: Db,
  memberId: number,
  orderId: number,
  locale: Locale,
  idempotencyKey?: string,
): Promise<Record<string, PushOutcome>> {
  const request = idempotentRequest(memberId, idempotencyKey, "pushOrder", { orderId });
  const stored = await keyedCall(
    db,
    request,
    async () => {
      // Another account's order does not exist: refused before anything is claimed or changed.
      if (!(await ordersRepository(db).ownOrder(memberId, orderId))) throw notFound("order.notFound", { id: orderId });
    },
    async (tx): Promise<StoredOutcome> => {
      const orders = ordersRepository(db);
      const row = await orders.ownOrder(memberId, orderId, tx);
      if (!row) throw notFound("order.notFound", { id: orderId });
      if (!canSubmit(row.statusId)) {
        const key: MessageKey =
          row.statusId === ORDER_STATUS.failed || row.statusId === ORDER_STATUS.cancelled
            ? "order.notSubmittable"
            : "order.alreadySubmitted";
        return { orderId, paid: false, status: row.statusId as OrderStatusId, key, params: { code: row.orderCode } };
      }
      // Issue 25: a goods order takes its stock when submitted; too few left refuses it, nothing changed.
      if (row.orderType === ORDER_TYPE.goods) {
        const taken = await takeOrderStock(db, tx, row.id, row.amount);
        if (!taken.ok)
          return {
            orderId,
            paid: false,
            status: row.statusId as OrderStatusId,
            key: "goods.outOfStock",
            params: { left: String(taken.left) },
          };
      }
      const { paid, statusId, blError, because } = await payOrder(tx, memberId, row);
      const now = new Date();
      await orders.patch(
        row.id,
        {
          statusId,
          blError,
          updatedAt: now,
          ...(statusId === row.statusId ? {} : { statusChangedAt: now }),
          ...(paid ? { submittedAt: now, checked: 0 } : {}),
        },
        tx,
      );
      // The timeline (issue 12): the member submitted it; a balance short of the price is the system's move.
      if (statusId !== row.statusId) {
        await orders.addEvents(
          [
            paid
              ? {
                  orderId,
                  fromStatus: row.statusId,
                  toStatus: statusId,
                  actor: "member",
                  actorMemberId: memberId,
                  at: now,
                }
              : {
                  orderId,
                  fromStatus: row.statusId,
                  toStatus: statusId,
                  actor: "system",
                  note: blError,
                  at: now,
                },
          ],
          tx,
        );
      }
      return {
        orderId,
        paid,
        status: statusId,
        key: because?.key ?? "order.submitted",
        params: because?.params ?? {},
      };
    },
  );
  submitOutcomes.inc({
    outcome: stored.paid ? "paid" : stored.status === ORDER_STATUS.pending ? "insufficient" : "not_submittable",
  });
  return {
    [String(stored.orderId)]: {
      code: stored.paid ? 0 : 1,
      sign: stored.paid ? "success" : "fail",
      msg: translate(locale, stored.key, stored.params),
      status: stored.status,
    },
  };
}
