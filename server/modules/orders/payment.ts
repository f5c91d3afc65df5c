import type { Db } from "../../db/client.ts";
import type { OrderStatusId } from "../../../domain/ids.ts";
import { submitOutcome } from "../../../domain/orderStatus.ts";
import { payOrderOf } from "../account/service.ts";

/** What paying for an order decided: paid (submitted 10030), or not (pending review 10371 with its reason). */
export type OrderPayment =
  | { paid: true; statusId: OrderStatusId; blError: "" }
  /** `blError` is the reason the unpaid order shows (D-14 "Insufficient Balance"). */
  | { paid: false; statusId: OrderStatusId; blError: "cart.moreBalance" };

/**
 * QO-167, CART-046: pays for one order, the one way both submissions (save-and-submit and the queue's
 * `pushOrder`) pay. Call it in the transaction that writes the order's new status: the ledger moves
 * `priceCents` from the member's account to the sales account of its currency (kind "order", reference
 * the order code), the member's account locked until that transaction ends, so concurrent submissions
 * are paid one after the other. A free order is paid without a transfer. A balance short of the price
 * (the transfer's `insufficient`) moves nothing and leaves the order pending review (D-09, D-14); any
 * other refusal of the ledger is a fault, thrown so the transaction rolls back. A sub-account pays from
 * its own account, or under No limit through its main account (`payOrderOf`, issue 22); a switched-off
 * sub-account is refused.
 */
export async function payOrder(
  tx: Db,
  memberId: number,
  order: { orderCode: string; priceCents: number },
): Promise<OrderPayment> {
  const payment = order.priceCents === 0 ? null : await payOrderOf(tx, memberId, order);
  if (payment && !payment.ok && payment.reason !== "insufficient") {
    throw new Error(`order ${order.orderCode} could not be paid: ${payment.reason}`);
  }
  return payment === null || payment.ok
    ? { paid: true, statusId: submitOutcome(true), blError: "" }
    : { paid: false, statusId: submitOutcome(false), blError: "cart.moreBalance" };
}
