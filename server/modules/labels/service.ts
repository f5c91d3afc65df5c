import { isOrderId } from "../../../domain/ids.ts";
import { firstLabelRefusal, LABEL_TYPE, MAX_LABELS, normaliseColour, parseLabelIds } from "../../../domain/labels.ts";
import type { Db } from "../../db/client.ts";
import { withTransaction, type Transaction } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import { familyOf } from "../members/service.ts";
import { labelsRepository } from "./repository.ts";

/**
 * Labels (issue 12, LABEL-001..023, D-07): an account's label library and the labels its orders carry.
 * A label belongs to the account that made it; a main account and its sub-accounts each keep their own.
 */

/** Who asks: the account and its main account (null for a main account). */
export interface LabelCaller {
  memberId: number;
  parentId: number | null;
}

/** A label as an order carries it (CART-021). */
export interface OrderLabel {
  id: number;
  content: string;
  color: string;
}

/** Designed: at most this many labels in one list of ids (an account keeps at most MAX_LABELS). */
const MAX_LABEL_IDS = MAX_LABELS;

const badRequest = (key: ConstructorParameters<typeof AppError>[1], params: Record<string, string | number> = {}) =>
  new AppError(400, key, params, 400);

/** LABEL-010: the caller's labels of the type, oldest first. */
export async function labelList(db: Db, caller: LabelCaller, type: string = LABEL_TYPE) {
  return labelsRepository(db).list(caller.memberId, type);
}

/** LABEL-011: a new label of the caller, checked as the library's form checks it (domain/labels.ts). */
export async function saveLabel(
  db: Db,
  caller: LabelCaller,
  body: { color?: string; content?: string; type?: string },
) {
  // LABEL-006, LABEL-007: colour and text required, the colour one of the offered ones, the text short
  const refusal = firstLabelRefusal(body);
  if (refusal) throw badRequest(refusal.key, refusal.key === "label.tooLong" ? { max: refusal.max } : {});
  const color = normaliseColour(body.color ?? "")!;
  const content = (body.content ?? "").trim();
  return withTransaction(db, async (tx) => {
    const repo = labelsRepository(db);
    // Designed: an account keeps at most MAX_LABELS labels.
    if ((await repo.countOf(caller.memberId, tx)) >= MAX_LABELS)
      throw new AppError(1002, "label.tooMany", { max: MAX_LABELS });
    return repo.insert(caller.memberId, { content, color, type: body.type ?? LABEL_TYPE }, tx);
  });
}

/** LABEL-012, LABEL-009: deletes one of the caller's labels; every order that carried it loses it. */
export async function deleteLabel(db: Db, caller: LabelCaller, id: number) {
  if (!isOrderId(id)) throw notFound("label.notFound", { id });
  const orders = await withTransaction(db, (tx) => labelsRepository(db).remove(caller.memberId, id, tx));
  if (orders === null) throw notFound("label.notFound", { id });
  return { id, orders };
}

/** A comma list of label ids (LABEL-002), at most MAX_LABEL_IDS; 400 naming the field otherwise. */
function labelIdsOf(field: string, text: string | undefined): number[] {
  const ids = parseLabelIds(text);
  if (ids === null || ids.length > MAX_LABEL_IDS) throw badRequest("label.badIds", { field });
  return ids;
}

/** Every id must be one of the caller's labels: another account's (or a missing) one is "not found". */
async function requireOwnLabels(db: Db, caller: LabelCaller, ids: readonly number[], tx?: Transaction) {
  const owned = new Set((await labelsRepository(db).owned(caller.memberId, ids, tx)).map((row) => row.id));
  const foreign = ids.find((id) => !owned.has(id));
  if (foreign !== undefined) throw notFound("label.notFound", { id: foreign });
}

/**
 * D-07, LABEL-013: the order's labels become exactly `labelIds` (empty: none). The order must be the
 * caller's own (a sub-account's order is read-only to its main account, CART-017) and every label the
 * caller's; a refusal changes nothing.
 */
export async function editOrderLabels(db: Db, caller: LabelCaller, orderId: number, labelIdsText: string | undefined) {
  const ids = labelIdsOf("labelIds", labelIdsText);
  if (!isOrderId(orderId)) throw notFound("order.notFound", { id: orderId });
  return withTransaction(db, async (tx) => {
    const repo = labelsRepository(db);
    const order = await repo.lockOrder(orderId, tx);
    if (!order) throw notFound("order.notFound", { id: orderId });
    if (order.memberId !== caller.memberId) {
      if ((await familyOf(db, caller.memberId, tx)).subIds.has(order.memberId))
        throw new AppError(1002, "cart.readOnly", { code: order.orderCode });
      throw notFound("order.notFound", { id: orderId });
    }
    await requireOwnLabels(db, caller, ids, tx);
    await repo.replaceOrderLabels(orderId, ids, tx);
    const labels = (await repo.ofOrders([orderId], tx)).map(({ id, content, color }) => ({ id, content, color }));
    return { orderId: String(orderId), labels };
  });
}

/**
 * PROD-022: the label ids of a list's filter: undefined when the filter names none. The list reads only
 * the orders carrying one of these labels that is the caller's own (cart/repository.ts): a label that is
 * gone (deleted while a filter still names it) or another account's matches nothing, never an error and
 * never a leak.
 */
export function labelFilterIds(labelIdsText: string | undefined): number[] | undefined {
  const ids = labelIdsOf("labelIds", labelIdsText);
  return ids.length === 0 ? undefined : ids;
}
