import { HEIGHT_UNIT, MEASURE_METHOD, WEIGHT_UNIT } from "../../../domain/ids.ts";
import { bodyRangeRefusal } from "../../../domain/customer.ts";
import { convertLength, round2 } from "../../../domain/units.ts";
import type { Db } from "../../db/client.ts";
import { withTransaction, type Transaction } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Locale } from "../../i18n.ts";
import { customerBookRepository, type MeasureVersionRow } from "./bookRepository.ts";
import { refusalError } from "./bookService.ts";
import { requireOwnCustomer } from "./service.ts";

/**
 * A customer's measurement history and the save-back of an order's measurements (issue 24, designed):
 * every saved set is kept with its date and the order it came from; an order for a customer of the book
 * asks (never silently) whether its height, weight and measurements go back to the customer.
 */

/** The versions the details page shows (newest first). */
const HISTORY_LIMIT = 50;

type Size = MeasureVersionRow["sizes"][number];
interface MeasureVersion {
  id: number;
  createTime: string;
  orderId: number | null;
  orderCode: string;
  height: number;
  heightUnit: number;
  weight: number;
  weightUnit: number;
  sizes: Size[];
}

const versionOut = (row: MeasureVersionRow): MeasureVersion => ({
  id: row.id,
  createTime: new Date(row.createdAt).toISOString(),
  orderId: row.orderId,
  orderCode: row.orderCode,
  height: Number(row.height),
  heightUnit: row.heightUnit,
  weight: Number(row.weight),
  weightUnit: row.weightUnit,
  sizes: row.sizes,
});

/** The kept versions of one of the account's customers, newest first (one statement; 404 for another's). */
export async function measureHistory(db: Db, memberId: number, customerId: number, locale: Locale) {
  const rows = await customerBookRepository(db).measureHistory(memberId, customerId, locale, HISTORY_LIMIT);
  // An empty answer is either a customer never measured or one the account does not keep: say which.
  if (rows.length === 0) await requireOwnCustomer(db, memberId, customerId);
  return rows.map(versionOut);
}

/** The customer's measurements now and as the order would leave them (sizes in cm). */
async function saveBackOf(db: Db, memberId: number, orderId: number, locale: Locale, tx?: Transaction) {
  const repository = customerBookRepository(db);
  const order = await repository.ownOrder(memberId, orderId, tx);
  if (!order) throw notFound("order.notFound", { id: orderId });
  if (order.customerId === null || !order.draft) throw new AppError(1002, "customer.orderWithoutCustomer");
  const customer = await repository.detail(memberId, order.customerId, locale, tx);
  if (!customer) throw notFound("customer.notFound", { id: order.customerId });
  const zh = locale === "zh";
  const stored = await repository.sizes(order.customerId, tx);
  const current: MeasureVersion = {
    id: 0,
    createTime: new Date().toISOString(),
    orderId: null,
    orderCode: "",
    height: Number(customer.customer.height),
    heightUnit: customer.customer.heightUnit,
    weight: Number(customer.customer.weight),
    weightUnit: customer.customer.weightUnit,
    sizes: stored.map((s) => ({
      partId: s.partId,
      measureType: s.measureType,
      categoryId: s.categoryId,
      name: zh ? s.zhName : s.enName,
      category: zh ? s.categoryZh : s.categoryEn,
      partSizeCm: Number(s.partSize),
    })),
  };
  const draft = order.draft;
  const heightUnit = draft.heightUnit === HEIGHT_UNIT.inch ? HEIGHT_UNIT.inch : HEIGHT_UNIT.cm;
  const weightUnit = draft.weightUnit === WEIGHT_UNIT.lb ? WEIGHT_UNIT.lb : WEIGHT_UNIT.kg;
  // Body (10052) and finished (10053) measurements are the customer's; standard sizes (10054) are not.
  const measured = order.sizeCategoryId === MEASURE_METHOD.body || order.sizeCategoryId === MEASURE_METHOD.finished;
  const values = measured
    ? draft.detailList.flatMap((piece) =>
        piece.sizeList
          .filter((s) => s.partValue !== null && s.partValue !== "" && Number.isFinite(Number(s.partValue)))
          .map((s) => ({ partId: s.partId, value: Number(s.partValue) })),
      )
    : [];
  const parts = new Map(
    (
      await repository.partsByIds(
        values.map((v) => v.partId),
        tx,
      )
    ).map((p) => [p.id, p]),
  );
  const proposedSizes = new Map(current.sizes.map((s) => [s.partId, s]));
  for (const { partId, value } of values) {
    const part = parts.get(partId);
    if (!part || part.measureType !== order.sizeCategoryId) continue;
    proposedSizes.set(partId, {
      partId,
      measureType: part.measureType,
      categoryId: part.categoryId,
      name: zh ? part.zhName : part.enName,
      category: zh ? part.categoryZh : part.categoryEn,
      partSizeCm: round2(convertLength(value, heightUnit, HEIGHT_UNIT.cm)),
    });
  }
  const proposed: MeasureVersion = {
    ...current,
    orderId: order.id,
    orderCode: order.orderCode,
    height: draft.height === null ? current.height : Number(draft.height),
    heightUnit: draft.height === null ? current.heightUnit : heightUnit,
    weight: draft.weight === null ? current.weight : Number(draft.weight),
    weightUnit: draft.weight === null ? current.weightUnit : weightUnit,
    sizes: [...proposedSizes.values()],
  };
  return { customerId: order.customerId, custName: customer.customer.custName, current, proposed };
}

/** What saving the order's measurements back would change: the customer now and as the order has it. */
export const orderMeasures = (db: Db, memberId: number, orderId: number, locale: Locale) =>
  saveBackOf(db, memberId, orderId, locale);

/**
 * Saves an order's height, weight and measurements back to its customer (the user said yes) and keeps
 * the result as a version naming the order, in one transaction.
 */
export async function saveOrderMeasures(db: Db, memberId: number, orderId: number, locale: Locale) {
  return withTransaction(db, async (tx) => {
    const { customerId, proposed } = await saveBackOf(db, memberId, orderId, locale, tx);
    // The book's limits (one rule): an order's figures passed them, but the book says so again.
    const fault =
      bodyRangeRefusal("height", proposed.height, proposed.heightUnit) ??
      bodyRangeRefusal("weight", proposed.weight, proposed.weightUnit);
    if (fault) throw refusalError(fault);
    const repository = customerBookRepository(db);
    await repository.setFigures(
      customerId,
      {
        height: round2(proposed.height),
        heightUnit: proposed.heightUnit,
        weight: round2(proposed.weight),
        weightUnit: proposed.weightUnit,
      },
      tx,
    );
    await repository.upsertSizes(
      customerId,
      proposed.sizes.map((s) => ({ categoryId: s.categoryId, partId: s.partId, partSize: s.partSizeCm })),
      tx,
    );
    await repository.recordMeasures(customerId, orderId, tx);
    return { customerId };
  });
}
