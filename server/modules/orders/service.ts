import type { components } from "../../../openapi/portal.d.ts";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import { isMessageKey, translate, type Locale } from "../../i18n.ts";
import { memberPricing, ORDER_EDIT, requireAuthority } from "../members/service.ts";
import { checkDraft, type CheckedDraft } from "./draftCheck.ts";
import { accountCents, formatCents, priceBreakdown } from "../pricing/service.ts";
import { isOrderId, ORDER_STATUS } from "../../../domain/ids.ts";
import { canEdit } from "../../../domain/orderStatus.ts";
import { normalizeDraft, type Draft, type FinishedPart, type OrderDraft } from "./draftTypes.ts";
import { idempotentRequest, keyedCall } from "../ledger/idempotency.ts";
import { payOrder } from "./payment.ts";
import { withTransaction, type Transaction } from "../../db/transaction.ts";
import { ordersRepository, type OrderRow, type OrderValues } from "./repository.ts";
import { withStyleOrder } from "../styles/styleCheck.ts";
import { checkRemake, remakeLinks } from "./actions.ts";

/**
 * The order lifecycle of order entry (000 §4, 002 §4): save to the cart, submit against the
 * balance, load for edit or buy-again, and the finished-size pre-calculation. Every change happens
 * in one transaction; a refused draft changes nothing.
 */

/** Order ids are positive 32-bit integers; anything else cannot be an order. */
const orderIdOf = (draft: Draft): number | null => (draft.orderId === "" ? null : Number(draft.orderId));

export interface PricedOrder {
  checked: CheckedDraft;
  unitCents: number;
  totalCents: number;
  moneyType: string;
  /** Issue 12: the delivered order a new order remakes (checked: the caller's, finished or shipped), or null. */
  remakeOfId: number | null;
}

/**
 * Checks and prices a draft for the account: the pieces' prices (make price, fabric, crafts,
 * embroidery, contrast) times the account's price factor, rounded half up once, times the amount.
 */
export async function priceDraft(db: Db, memberId: number, input: OrderDraft, locale: Locale): Promise<PricedOrder> {
  const draft = normalizeDraft(input);
  const orderId = orderIdOf(draft);
  if (orderId !== null) {
    // QO-164: changing an existing order needs the ORDER_EDIT authority (asked first, so it tells nothing about the id).
    await requireAuthority(db, memberId, ORDER_EDIT);
    // Another account's order is "not found" whatever else the draft says.
    await ownEditableOrder(db, memberId, orderId);
  }
  // A style order (type 10) is checked and priced from its style (issue 10).
  const checked = await withStyleOrder(db, draft, locale, "order", (d, options) =>
    checkDraft(db, memberId, d, locale, "order", options),
  );
  // Remakes: only a new order (buy again) may name the delivered order it remakes.
  const remakeOfId = orderId === null ? await checkRemake(db, memberId, draft) : null;
  const member = await memberPricing(db, memberId);
  const unitCents = accountCents(checked.baseCents, member?.factor ?? 100);
  return {
    checked,
    unitCents,
    totalCents: unitCents * draft.amount,
    moneyType: member?.moneyType ?? "USD",
    remakeOfId,
  };
}

/** The price of a draft for what is chosen so far, priced as saving would price it; saves nothing. */
export async function quoteOrder(
  db: Db,
  member: { memberId: number; priceFactorPct: number; moneyType: string },
  input: OrderDraft,
  locale: Locale,
) {
  const draft = normalizeDraft(input);
  const checked = await withStyleOrder(db, draft, locale, "quote", (d, options) =>
    checkDraft(db, member.memberId, d, locale, "quote", options),
  );
  const unitCents = accountCents(checked.baseCents, member.priceFactorPct);
  return {
    price: formatCents(unitCents),
    totalPrice: formatCents(unitCents * draft.amount),
    amount: draft.amount,
    moneyType: member.moneyType,
    // QO-111: itemised as the summary shows it
    breakdown: await priceBreakdown(db, checked.pieces, member.priceFactorPct, unitCents, locale),
  };
}

/**
 * An order of the account that may still change, locked when read in a transaction; another account's
 * order does not exist (QO-165's rule for orders).
 */
async function ownEditableOrder(db: Db, memberId: number, orderId: number, tx?: Transaction): Promise<OrderRow> {
  if (!isOrderId(orderId)) throw notFound("order.notFound", { id: orderId });
  const row = await ordersRepository(db).ownOrder(memberId, orderId, tx);
  if (!row) throw notFound("order.notFound", { id: orderId });
  if (!canEdit(row.statusId)) throw new AppError(1002, "order.notEditable", { code: row.orderCode });
  return row;
}

/** Order codes are MTM + the UTC date + a running number: MTM2026112200042. */
async function nextOrderCode(db: Db, tx: Transaction): Promise<string> {
  const n = await ordersRepository(db).nextOrderNumber(tx);
  const day = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  return `MTM${day}${n.padStart(5, "0")}`;
}

/**
 * Issue 25: writes a new order that is not an order-entry draft (a goods order, type 9) in the caller's
 * transaction, with its code and the first step of its timeline (the member's).
 */
export async function insertPlainOrder(
  db: Db,
  tx: Transaction,
  memberId: number,
  values: OrderValues & { statusId: number },
  orderCode?: string,
): Promise<{ id: number; orderCode: string }> {
  const code = orderCode ?? (await nextOrderCode(db, tx));
  const id = await ordersRepository(db).insert({ ...values, memberId, orderCode: code }, tx);
  await ordersRepository(db).addEvents(
    [{ orderId: id, fromStatus: null, toStatus: values.statusId, actor: "member", actorMemberId: memberId }],
    tx,
  );
  return { id, orderCode: code };
}

/** A new order's code (MTM + the UTC date + a running number), drawn in the caller's transaction. */
export const newOrderCode = (db: Db, tx: Transaction) => nextOrderCode(db, tx);

/** Inserts the order, or updates the locked existing one; returns its id and code. */
async function writeOrder(
  db: Db,
  tx: Transaction,
  memberId: number,
  priced: PricedOrder,
  existing: OrderRow | null,
  state: { statusId: number; blError: string; submitted: boolean },
  code?: string,
): Promise<{ id: number; orderCode: string }> {
  const written = await writeOrderRow(db, tx, memberId, priced, existing, state, code);
  // The timeline (issue 12): a new order's first event, or the status change; a failed submission is the system's, with its reason.
  const from = existing?.statusId ?? null;
  if (from !== state.statusId) {
    const failed = state.blError !== "" && state.statusId === ORDER_STATUS.pending && from !== ORDER_STATUS.pending;
    await ordersRepository(db).addEvents(
      [
        failed
          ? { orderId: written.id, fromStatus: from, toStatus: state.statusId, actor: "system", note: state.blError }
          : {
              orderId: written.id,
              fromStatus: from,
              toStatus: state.statusId,
              actor: "member",
              actorMemberId: memberId,
            },
      ],
      tx,
    );
  }
  return written;
}

async function writeOrderRow(
  db: Db,
  tx: Transaction,
  memberId: number,
  priced: PricedOrder,
  existing: OrderRow | null,
  state: { statusId: number; blError: string; submitted: boolean },
  code?: string,
): Promise<{ id: number; orderCode: string }> {
  const { checked } = priced;
  const { draft } = checked;
  const values = {
    orderType: draft.type,
    categoryId: draft.clothCategory,
    statusId: state.statusId,
    customerId: draft.customerId,
    custName: checked.customerName,
    cusOrderCode: draft.cusOrderCode.trim(),
    // PROD-007: the note the lists show and edit is the one typed into the order
    remark: draft.remark.trim(),
    fabricCode: checked.fabricCode,
    fabricType: draft.fabricType,
    amount: draft.amount,
    addProduct: draft.addProduct,
    sizeCategoryId: draft.sizeCategoryId,
    moneyType: priced.moneyType,
    unitPriceCents: priced.unitCents,
    priceCents: priced.totalCents,
    // The stored draft is the draft as sent (with the defaults); orderId is the order's own.
    draft: { ...draft, orderId: "", remakeOfId: "", remakeReason: "" },
    details: checked.pieces,
    blError: state.blError,
    updatedAt: new Date(),
    ...(state.submitted ? { submittedAt: new Date() } : {}),
    // The production simulator's clock starts again when the status changes (a new order: the default, now).
    ...(existing && existing.statusId !== state.statusId ? { statusChangedAt: new Date() } : {}),
  };
  if (existing) {
    await ordersRepository(db).update(existing.id, values, tx);
    return { id: existing.id, orderCode: existing.orderCode };
  }
  const orderCode = code ?? (await nextOrderCode(db, tx));
  // Remakes are named when the order is created (buy again), never changed by an edit.
  const remake =
    priced.remakeOfId === null ? {} : { remakeOfId: priced.remakeOfId, remakeReason: draft.remakeReason.trim() };
  return { id: await ordersRepository(db).insert({ ...values, ...remake, memberId, orderCode }, tx), orderCode };
}

/** QO-166: saves the draft to the cart (saved, 10368); an edited pending order stays pending (10371). */
export async function saveOrder(db: Db, memberId: number, input: OrderDraft, locale: Locale) {
  const priced = await priceDraft(db, memberId, input, locale);
  const orderId = orderIdOf(priced.checked.draft);
  return withTransaction(db, async (tx) => {
    const existing = orderId === null ? null : await ownEditableOrder(db, memberId, orderId, tx);
    const statusId = existing?.statusId === ORDER_STATUS.pending ? ORDER_STATUS.pending : ORDER_STATUS.saved;
    const { id, orderCode } = await writeOrder(db, tx, memberId, priced, existing, {
      statusId,
      blError: existing?.blError ?? "",
      submitted: false,
    });
    return {
      orderId: String(id),
      orderCode,
      statusId,
      price: formatCents(priced.totalCents),
      unitPrice: formatCents(priced.unitCents),
      moneyType: priced.moneyType,
    };
  });
}

/** One order's submit result, as the contract describes it. */
export type SubmitResult = components["schemas"]["SubmitResult"];

/**
 * QO-167: saves the draft and submits it. In one transaction: the idempotency key is claimed (when
 * one is sent), the order is written and paid for (`payOrder`: submitted 10030, or pending review
 * 10371 with "Insufficient Balance" when the balance is short, moving nothing).
 *
 * `idempotencyKey` (the Idempotency-Key header): the same key and the same draft answer the first
 * result again and pay once; the same key with another draft is refused (HTTP 422); keys are per account.
 */
export async function submitOrder(
  db: Db,
  memberId: number,
  input: OrderDraft,
  locale: Locale,
  idempotencyKey?: string,
): Promise<SubmitResult> {
  const request = idempotentRequest(memberId, idempotencyKey, "saveSubmitOrder", input);
  return keyedCall(
    db,
    request,
    () => priceDraft(db, memberId, input, locale),
    async (tx, priced) => {
      const orderId = orderIdOf(priced.checked.draft);
      const existing = orderId === null ? null : await ownEditableOrder(db, memberId, orderId, tx);
      const orderCode = existing?.orderCode ?? (await nextOrderCode(db, tx));
      const { paid, statusId, blError, because } = await payOrder(tx, memberId, {
        orderCode,
        priceCents: priced.totalCents,
      });
      const { id } = await writeOrder(
        db,
        tx,
        memberId,
        priced,
        existing,
        { statusId, blError, submitted: paid },
        orderCode,
      );
      return {
        orderId: String(id),
        orderCode,
        sign: paid ? ("success" as const) : ("fail" as const),
        message: because ? translate(locale, because.key, because.params) : translate(locale, "order.submitted"),
        statusId,
        price: formatCents(priced.totalCents),
      };
    },
  );
}

/** Status keys of the header badges: failed orders and orders pending review. */
const BADGE_STATUSES = [ORDER_STATUS.failed, ORDER_STATUS.pending] as const;

/** The header badges: how many of the account's orders failed and how many wait for review. */
export async function badgeCounts(db: Db, memberId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(BADGE_STATUSES.map((s) => [String(s), 0]));
  for (const row of await ordersRepository(db).countByStatus(memberId, BADGE_STATUSES))
    counts[String(row.statusId)] = row.n;
  return counts;
}

/** QO-168: the finished sizes of a body-measurement draft, per garment piece. */
export async function finishedSizes(
  db: Db,
  memberId: number,
  input: OrderDraft,
  locale: Locale,
): Promise<Record<string, FinishedPart[]>> {
  const checked = await checkDraft(db, memberId, normalizeDraft(input), locale, "sizes");
  return Object.fromEntries(checked.pieces.map((piece) => [String(piece.clothCategory), piece.finished]));
}

/** The draft of an order saved before order entry existed (seeded orders): what the row knows. */
function draftOfRow(row: OrderRow): Draft {
  return normalizeDraft({
    type: row.orderType as Draft["type"],
    clothCategory: row.categoryId,
    amount: row.amount,
    addProduct: row.addProduct as 0 | 1,
    fabric: row.fabricCode,
    fabricType: row.fabricType as "sys" | "cus",
    sizeCategoryId: row.sizeCategoryId as Draft["sizeCategoryId"],
    cusOrderCode: row.cusOrderCode,
    customerId: row.customerId,
    customerName: row.custName,
    detailList: [{ clothCategory: row.categoryId }],
  });
}

/**
 * QO-085, QO-086, QO-169, QO-071: an order of the account for edit (everything the draft had, with
 * the order's id and code) or buy-again (the same without id, code and error, so saving makes a new order).
 */
export async function orderInfo(db: Db, memberId: number, orderId: number, type: "buy" | "edit", locale: Locale) {
  if (!isOrderId(orderId)) throw notFound("order.notFound", { id: orderId });
  const row = await ordersRepository(db).ownOrder(memberId, orderId);
  if (!row) throw notFound("order.notFound", { id: orderId });
  const draft = row.draft ?? draftOfRow(row);
  const unit = draft.heightUnit === null ? undefined : await ordersRepository(db).dictEntry(draft.heightUnit);
  const buy = type === "buy";
  return {
    ...draft,
    // Remakes: an edit shows what the order remakes; buy again starts a new order that remakes nothing yet.
    remakeOfId: buy || row.remakeOfId === null ? "" : String(row.remakeOfId),
    remakeReason: buy ? "" : row.remakeReason,
    // ... and, for an edit (the details of the order), the orders it remakes and that remake it.
    ...(buy ? {} : await remakeLinks(db, row)),
    orderId: buy ? "" : String(row.id),
    orderCode: buy ? "" : row.orderCode,
    statusId: row.statusId,
    isEdit: buy || canEdit(row.statusId) ? (1 as const) : (0 as const),
    blError: buy || !isMessageKey(row.blError) ? "" : translate(locale, row.blError),
    heightUnitName: unit ? (locale === "zh" ? unit.zhName : unit.enName) : "",
    price: formatCents(row.priceCents),
    moneyType: row.moneyType,
  };
}
