import type { Db } from "../../db/client.ts";
import type { MessageKey } from "../../i18n.ts";
import type { OrderStatusId } from "../../../domain/ids.ts";
import { submitOutcome } from "../../../domain/orderStatus.ts";
import { monthlyLimitParams, payOrderOf } from "../account/service.ts";

/** What paying for an order decided: paid (submitted 10030), or not (pending review 10371 with its reason). */
export type OrderPayment =
  | { paid: true; statusId: OrderStatusId; blError: ""; because: null }
  | {
      paid: false;
      statusId: OrderStatusId;
      /** The reason the unpaid order shows (D-14 "Insufficient Balance"; over a child's monthly limit, issue 22). */
      blError: "cart.moreBalance" | "monthlyLimit.reached";
      /** The answer's message: the same reason, with its values (the limit and what is left of it). */
      because: { key: MessageKey; params: Record<string, string> };
    };

/**
 * QO-167, CART-046: pays for one order, the one way both submissions (save-and-submit and the queue's
 * `pushOrder`) pay. Call it in the transaction that writes the order's new status: the ledger moves
 * `priceCents` from the member's account to the sales account of its currency (kind "order", reference
 * the order code), the member's account locked until that transaction ends, so concurrent submissions
 * are paid one after the other. A free order is paid without a transfer. A balance short of the price
 * (the transfer's `insufficient`) moves nothing and leaves the order pending review (D-09, D-14); so does
 * a payment beyond a sub-account's monthly limit (issue 22, the refusal naming the limit and what is
 * left); any other refusal of the ledger is a fault, thrown so the transaction rolls back. A sub-account
 * pays from its own account, or under No limit through its main account (`payOrderOf`, issue 22); a
 * switched-off sub-account is refused.
 */
export async function payOrder(
  tx: Db,
  memberId: number,
  order: { orderCode: string; priceCents: number },
): Promise<OrderPayment> {
  const payment = order.priceCents === 0 ? null : await payOrderOf(tx, memberId, order);
  if (payment === null || payment.ok) return { paid: true, statusId: submitOutcome(true), blError: "", because: null };
  if (payment.reason === "monthly_limit")
    return {
      paid: false,
      statusId: submitOutcome(false),
      blError: "monthlyLimit.reached",
      because: { key: "monthlyLimit.refused", params: monthlyLimitParams(payment) },
    };
  if (payment.reason !== "insufficient") {
    throw new Error(`order ${order.orderCode} could not be paid: ${payment.reason}`);
  }
  return {
    paid: false,
    statusId: submitOutcome(false),
    blError: "cart.moreBalance",
    because: { key: "cart.moreBalance", params: {} },
  };
}
