import type { components } from "../../../openapi/portal.d.ts";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import { isMessageKey, type Locale } from "../../i18n.ts";
import { isOrderId, ORDER_TYPE } from "../../../domain/ids.ts";
import { returnOrderStock } from "../goods/stock.ts";
import { canPreCommit, cancelOutcome, canRemake } from "../../../domain/orderStatus.ts";
import { remakeReasonProblem } from "../../../domain/remake.ts";
import {
  canAskUrgent,
  canEditRemark,
  orderEventKind,
  PRE_COMMIT_EVENT_NOTE,
  remarkProblem,
  urgentReasonProblem,
} from "../../../domain/orderNotes.ts";
import { ORDER_EDIT, requireAuthority } from "../members/service.ts";
import { offersOrderTools } from "../../../domain/productionList.ts";
import { idempotentRequest, keyedCall } from "../ledger/idempotency.ts";
import { refundSale, transferById } from "../ledger/service.ts";
import { returnNoLimitLeg } from "../account/service.ts";
import { formatCents } from "../pricing/service.ts";
import { withTransaction, type Transaction } from "../../db/transaction.ts";
import { ordersRepository, type OrderRow } from "./repository.ts";
import { orderTimelineOf, readableOrder } from "./timeline.ts";

/**
 * What a customer does with an order once it is on its way (issue 12): cancel it with a refund
 * (PROD-056, D-13), pre-commit it (PROD-055), read its formula (PROD-054) and its timeline, and name
 * the delivered order a new order remakes. The formula and the timeline are read by the order's member
 * or its main account (`readableOrder`); cancel and pre-commit change the order, so they are its
 * member's only (for a main account a sub-account's order is "not found" there). Any other is "not found".
 */

export type CancelResult = components["schemas"]["CancelResult"];

/** An order id from the request ("12"); anything that cannot be an order is "not found". */
export function orderIdParam(raw: string): number {
  const id = Number(raw);
  // The contract lets only digits through; an id past the 32-bit range cannot be an order.
  if (!/^\d+$/.test(raw) || !isOrderId(id)) throw notFound("order.notFound", { id: raw });
  return id;
}

/** The caller's order, locked FOR UPDATE when read in `tx`; another account's does not exist. */
async function ownOrder(db: Db, memberId: number, orderId: number, tx?: Transaction): Promise<OrderRow> {
  const row = await ordersRepository(db).ownOrder(memberId, orderId, tx);
  if (!row) throw notFound("order.notFound", { id: orderId });
  return row;
}

/**
 * PROD-056, D-13: cancels one of the caller's orders, once per Idempotency-Key. In one transaction:
 * the key is claimed, the order locked, `cancelOutcome` asked; a paid order's payment is reversed
 * (`refundSale`: sales → the account that paid, kind "refund"), the status becomes 10372 and the
 * timeline gets the event. Any other status is refused (code 1002) and the transaction rolls back
 * with nothing changed, so a second cancel never refunds again; the same key answers the first result.
 */
export async function cancelOrder(
  db: Db,
  memberId: number,
  orderId: number,
  idempotencyKey?: string,
): Promise<CancelResult> {
  const request = idempotentRequest(memberId, idempotencyKey, "canceMtmOrder", { orderId });
  return keyedCall(
    db,
    request,
    async () => {
      await ownOrder(db, memberId, orderId);
    },
    async (tx): Promise<CancelResult> => {
      const orders = ordersRepository(db);
      const row = await ownOrder(db, memberId, orderId, tx);
      const outcome = cancelOutcome(row.statusId);
      // D-13: only 10030, 10371 and 206012 may be cancelled.
      if (!outcome) throw new AppError(1002, "order.notCancellable", { code: row.orderCode });
      // Issue 25: a goods order gives back the stock it took (once: its line records what it took).
      if (row.orderType === ORDER_TYPE.goods) await returnOrderStock(db, tx, row.id);
      let refundedCents = 0;
      if (outcome.refund && row.priceCents > 0) {
        const refund = await refundSale(tx, memberId, row.orderCode);
        // D-13: a paid order whose payment is not on record is refused, and the transaction rolls back.
        if (!refund.ok) throw new AppError(1002, "order.notRefundable", { code: row.orderCode });
        // SUB-036: what a main account paid for its no-limit child goes back to the main account.
        await returnNoLimitLeg(tx, memberId, row.orderCode);
        // The answer reports what the ledger actually gave back, not the order's current price.
        refundedCents = (await transferById(tx, refund.transferId))?.amountCents ?? 0;
      }
      const now = new Date();
      await orders.patch(row.id, { statusId: outcome.to, statusChangedAt: now, updatedAt: now }, tx);
      await orders.addEvents(
        [
          {
            orderId: row.id,
            fromStatus: row.statusId,
            toStatus: outcome.to,
            actor: "member",
            actorMemberId: memberId,
            at: now,
          },
        ],
        tx,
      );
      return {
        orderId: String(row.id),
        orderCode: row.orderCode,
        statusId: outcome.to,
        refunded: formatCents(refundedCents),
        moneyType: row.moneyType,
      };
    },
  );
}

/**
 * PROD-055 (the rules x-designed): pre-commits one of the caller's orders in pending 10371 or submitted
 * 10030 (`canPreCommit`); category 3800000 and order type 9 never (PROD-038, PROD-039 hide the action).
 * A second pre-commit keeps the first time.
 */
export async function preCommitOrder(db: Db, memberId: number, orderId: number) {
  return withTransaction(db, async (tx) => {
    const row = await ownOrder(db, memberId, orderId, tx);
    // PROD-055: not yet cut, and never an order whose list hides the action (PROD-038, PROD-039).
    if (
      !canPreCommit(row.statusId) ||
      !offersOrderTools({ clothCategory: row.categoryId, orderType: row.orderType, status: row.statusId })
    ) {
      throw new AppError(1002, "order.notPreCommittable", { code: row.orderCode });
    }
    const at = row.preCommittedAt ?? new Date();
    if (!row.preCommittedAt) {
      await ordersRepository(db).patch(row.id, { preCommittedAt: at }, tx);
      // The timeline shows the pre-commit once: the status stays, the note says what happened.
      await ordersRepository(db).addEvents(
        [
          {
            orderId: row.id,
            fromStatus: row.statusId,
            toStatus: row.statusId,
            actor: "member",
            actorMemberId: memberId,
            note: PRE_COMMIT_EVENT_NOTE,
            at,
          },
        ],
        tx,
      );
    }
    return { orderId: String(row.id), preCommittedAt: at.toISOString() };
  });
}

const two = (n: number) => Math.round(n * 100) / 100;

/**
 * PROD-054 (items x-designed): the order's formula: per piece, each stored measurement (value with its
 * modification), the ease the fit adds (a body measurement's finished size minus it; 0 otherwise) and
 * the finished size, as "value + ease = finished".
 */
export async function orderFormula(db: Db, memberId: number, orderId: number, locale: Locale) {
  const repo = ordersRepository(db);
  const row = await readableOrder(db, memberId, orderId);
  const name = (r: { enName: string; zhName: string } | undefined) =>
    r ? (locale === "zh" ? r.zhName : r.enName) : "";
  const pieces = row.details ?? [];
  const parts = new Map(
    (await repo.measureParts([...new Set(pieces.flatMap((p) => p.sizes.map((s) => s.partId)))])).map((p) => [p.id, p]),
  );
  const heightUnit = row.draft?.heightUnit ?? null;
  const unit = heightUnit === null ? undefined : await repo.dictEntry(heightUnit);
  const items: components["schemas"]["OrderFormulaItem"][] = [];
  for (const piece of pieces) {
    const pieceName = name(await repo.category(piece.clothCategory));
    for (const size of piece.sizes) {
      const value = two(size.partValue + size.modifyValue);
      const finishedPart = piece.finished.find((f) => f.refPartId === size.partId);
      const finished = finishedPart ? two(finishedPart.partValue) : value;
      const ease = two(finished - value);
      items.push({
        pieceName,
        partName: name(parts.get(size.partId)) || String(size.partId),
        value,
        ease,
        finished,
        formula: `${value.toFixed(2)} + ${ease.toFixed(2)} = ${finished.toFixed(2)}`,
      });
    }
  }
  return {
    orderId: String(row.id),
    orderCode: row.orderCode,
    categoryName: name(await repo.category(row.categoryId)),
    unitName: name(unit),
    items,
  };
}

/** The timeline of an order the caller may read (its own, or a sub-account's for a main account). */
export async function orderTimeline(db: Db, memberId: number, orderId: number, locale: Locale) {
  await readableOrder(db, memberId, orderId);
  return orderTimelineOf(db, orderId, locale);
}

/**
 * Issue 12 remakes: the delivered order a new order remakes must be the caller's and finished or
 * shipped (`canRemake`), with a reason. Answers the original's id (null when the draft is no remake).
 */
export async function checkRemake(
  db: Db,
  memberId: number,
  draft: { remakeOfId: string; remakeReason: string },
): Promise<number | null> {
  if (draft.remakeOfId === "") return null;
  const id = Number(draft.remakeOfId);
  const row = isOrderId(id) ? await ordersRepository(db).ownOrder(memberId, id) : undefined;
  if (!row) throw notFound("order.remakeOfNotFound", { id: draft.remakeOfId });
  // Remakes: only a delivered order (10370, 10380) is remade.
  if (!canRemake(row.statusId)) throw new AppError(1002, "order.remakeNotDelivered", { code: row.orderCode });
  // Remakes: the reason is required (and at most 200 characters: the contract's maxLength refuses longer).
  if (remakeReasonProblem(draft.remakeReason) === "required")
    throw new AppError(1001, "order.remakeReasonRequired", {});
  return row.id;
}

/** The remake links of an order: the order it remakes and the orders that remake it. */
export async function remakeLinks(db: Db, row: Pick<OrderRow, "id" | "remakeOfId">) {
  const repo = ordersRepository(db);
  const original = row.remakeOfId === null ? undefined : await repo.orderRef(row.remakeOfId);
  const remakes = await repo.remakesOf(row.id);
  return {
    remakeOf: original ? { orderId: String(original.id), orderCode: original.orderCode } : null,
    remakes: remakes.map((r) => ({ orderId: String(r.id), orderCode: r.orderCode })),
  };
}

/**
 * PROD-005 (x-designed): asks for urgent production of one of the caller's orders while it is being
 * made. The request is a timeline event keeping the status (from = to, actor member, the reason as its
 * note); a second request is refused naming the first. No money moves, the status does not change.
 */
export async function askUrgent(db: Db, memberId: number, orderId: number, reason: string) {
  const text = reason.trim();
  // PROD-005: the reason is required (the contract caps it at 200 characters).
  if (urgentReasonProblem(text) === "required") throw new AppError(1001, "order.urgentReasonRequired", {});
  // A reason is the member's words: never a message key, which the timeline would translate and misread.
  if (isMessageKey(text)) throw new AppError(1001, "order.urgentReasonInvalid", {});
  return withTransaction(db, async (tx) => {
    const orders = ordersRepository(db);
    const row = await ownOrder(db, memberId, orderId, tx);
    // PROD-005: only an order being made (10030 .. 206014) can be hurried.
    if (!canAskUrgent(row.statusId)) throw new AppError(1002, "order.notUrgent", { code: row.orderCode });
    const asked = (await orders.events(row.id, tx)).find((event) => orderEventKind(event) === "urgent");
    // PROD-005: an order is asked to be urgent once.
    if (asked)
      throw new AppError(1002, "order.alreadyUrgent", { code: row.orderCode, at: asked.at.toISOString().slice(0, 10) });
    const at = new Date();
    await orders.addEvents(
      [
        {
          orderId: row.id,
          fromStatus: row.statusId,
          toStatus: row.statusId,
          actor: "member",
          actorMemberId: memberId,
          note: text,
          at,
        },
      ],
      tx,
    );
    return {
      orderId: String(row.id),
      orderCode: row.orderCode,
      statusId: row.statusId,
      reason: text,
      at: at.toISOString(),
    };
  });
}

/**
 * PROD-007 (x-designed): changes the note of one of the caller's orders while it is still editable
 * (saved or pending), by an account that may modify orders. Empty clears it.
 */
export async function updateRemark(db: Db, memberId: number, orderId: number, remark: string) {
  const text = remark.trim();
  // PROD-007: at most 500 characters, as the order entry takes it (the contract refuses longer).
  if (remarkProblem(text) === "tooLong") throw new AppError(400, "validation.range", { field: "remark" }, 400);
  return withTransaction(db, async (tx) => {
    const row = await ownOrder(db, memberId, orderId, tx);
    await requireAuthority(tx, memberId, ORDER_EDIT);
    // PROD-007, PROD-052: only while the order can still be changed.
    if (!canEditRemark(row.statusId)) throw new AppError(1002, "order.notEditable", { code: row.orderCode });
    // the note is the order's one note: the lists read the column, the order entry and the details the draft
    const draft = row.draft ? { ...row.draft, remark: text } : row.draft;
    await ordersRepository(db).patch(row.id, { remark: text, draft, updatedAt: new Date() }, tx);
    return { orderId: String(row.id), remark: text };
  });
}
