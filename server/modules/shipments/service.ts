import type { components } from "../../../openapi/portal.d.ts";
import { isOrderId } from "../../../domain/ids.ts";
import { canAddToShipment, SHIPPABLE_STATUSES } from "../../../domain/orderStatus.ts";
import {
  CARD_ORDERS,
  canDeleteShipment,
  canEditShipDate,
  canEditShipment,
  isCalendarDate,
  isRemarkShort,
  MAX_SHIPMENT_REMARK,
  parseOrderIds,
  SHIPMENT_STATUS,
  shipDateRefusal,
  todayIn,
} from "../../../domain/shipments.ts";
import { ORDER_STATUS } from "../../../domain/ids.ts";
import type { Db } from "../../db/client.ts";
import type { ShipmentAddress } from "../../db/schema.ts";
import { withTransaction, type Transaction } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import { translate, type Locale, type MessageKey } from "../../i18n.ts";
import { requireMenuAuthority } from "../members/service.ts";
import { addressForShipment, addressIn } from "./addressBook.ts";
import { shipmentsRepository, type ShipmentOrderRow } from "./repository.ts";
import { writeMessage } from "../messages/service.ts";
import { shipmentMessage, TRACK_EVENTS } from "./simulator.ts";

/**
 * Shipments (issue 23, SHIP-001..031): an account's parcels of its own paid orders. Every call needs the
 * MENU authority "shipment"; a shipment belongs to the account that made it (another account's, or a
 * sub-account's for its main account, is "not found": nothing leaks).
 */

type Shipment = components["schemas"]["Shipment"];
type ShipmentOrder = components["schemas"]["ShipmentOrder"];
type AddableOrder = components["schemas"]["AddableOrder"];
type Write = components["schemas"]["ShipmentWrite"];

export interface ShipmentCaller {
  memberId: number;
  locale: Locale;
}

/** The authority every shipment call needs (seed: `menuAuthorities`). */
export const SHIPMENT_AUTHORITY = "shipment";
/** Designed: a shipment holds at most this many orders. */
export const MAX_SHIPMENT_ORDERS = 200;

const refused = (key: MessageKey, params: Record<string, string | number> = {}) => new AppError(1002, key, params, 400);
const malformed = (key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError(400, key, params, 400);

export const requireShipmentAuthority = (db: Db, memberId: number) =>
  requireMenuAuthority(db, memberId, SHIPMENT_AUTHORITY, "shipment.noAuthority");

/** "Today" for a ship date: the earliest calendar day on Earth (UTC-12), so no user's today is refused. */
export const earliestToday = (now: Date) => todayIn(now, "Etc/GMT+12");

const nameIn = (locale: Locale, en: string | null, zh: string | null) => (locale === "zh" ? (zh ?? "") : (en ?? ""));
const statusName = (locale: Locale, status: number) => {
  const key = `shipment.status.${status}`;
  return translate(locale, key as MessageKey);
};

function toOrder(row: ShipmentOrderRow, locale: Locale): ShipmentOrder {
  return {
    orderId: row.orderId,
    orderCode: row.orderCode,
    custOrderCode: row.custOrderCode,
    clothPath: row.clothPath,
    clothCategoryName: nameIn(locale, row.categoryEn, row.categoryZh),
    fabric: row.fabric,
    deliveryDate: row.deliveryDate ?? row.planDeliveryDate,
    sizeCategoryId: row.sizeCategoryId,
    sizeCategoryName: nameIn(locale, row.sizeEn, row.sizeZh),
    customerName: row.customerName,
    amount: row.amount,
    price: Number(row.priceCents),
    status: row.statusId,
    statusName: nameIn(locale, row.statusEn, row.statusZh),
  };
}

const stamp = (at: Date) => at.toISOString().slice(0, 19).replace("T", " ");

/** The carrier's events so far, newest first: the pick-up at `leftAt`, then one per simulator step. */
export function trackListOf(
  row: { leftAt: Date | null; trackStep: number; waybillNo: string; address: ShipmentAddress },
  stepSeconds: number,
  locale: Locale,
) {
  if (!row.leftAt) return [];
  const address = addressIn(row.address, locale);
  const values = {
    express: address.expressName,
    waybill: row.waybillNo,
    country: address.countryName,
    city: address.city || address.provinceName || address.countryName,
    contact: address.contact,
  };
  const events = TRACK_EVENTS.slice(0, row.trackStep + 1).map((key, step) => ({
    ftime: stamp(new Date(row.leftAt!.getTime() + step * Math.max(stepSeconds, 1) * 1000)),
    context: translate(locale, key, values),
  }));
  return events.reverse();
}

type ShipmentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof shipmentsRepository>["detail"]>>>;

function toShipment(row: ShipmentRow, locale: Locale, stepSeconds: number): Shipment {
  return {
    id: row.id,
    code: row.code,
    shipdate: row.shipDate,
    waybillNo: row.waybillNo,
    status: row.statusId,
    statusName: statusName(locale, row.statusId),
    remark: row.remark,
    address: {
      ...addressIn(row.address, locale),
      isDefault: row.address.isDefault === 1 ? 1 : 0,
      id: row.addressId,
      addressId: row.addressId,
    },
    orderList: row.orderList.map((order) => toOrder(order, locale)),
    orderCount: row.orderCount,
    trackList: trackListOf(row, stepSeconds, locale),
    createTime: row.createdAt.toISOString(),
  };
}

// Reads ---------------------------------------------------------------------------------------------

export async function shipmentList(
  db: Db,
  caller: ShipmentCaller,
  q: { keywords?: string; status?: number; pageNum?: number; pageSize?: number },
  stepSeconds: number,
) {
  await requireShipmentAuthority(db, caller.memberId);
  const pageSize = q.pageSize ?? 20;
  const keywords = q.keywords?.trim();
  const { rows, total } = await shipmentsRepository(db).page(
    { memberId: caller.memberId, keywords: keywords ? keywords : undefined, status: q.status },
    CARD_ORDERS,
    pageSize,
    ((q.pageNum ?? 1) - 1) * pageSize,
  );
  return { data: rows.map((row) => toShipment(row, caller.locale, stepSeconds)), total };
}

export async function shipmentDetail(db: Db, caller: ShipmentCaller, id: number, stepSeconds: number) {
  await requireShipmentAuthority(db, caller.memberId);
  const row = isOrderId(id) ? await shipmentsRepository(db).detail(caller.memberId, id) : undefined;
  if (!row) throw notFound("shipment.notFound", { id });
  return toShipment(row, caller.locale, stepSeconds);
}

export async function shipmentAddress(db: Db, caller: ShipmentCaller, id: number) {
  await requireShipmentAuthority(db, caller.memberId);
  const row = await shipmentsRepository(db).addressOf(caller.memberId, id);
  if (!row) throw notFound("shipment.notFound", { id });
  return {
    ...addressIn(row.address, caller.locale),
    isDefault: row.address.isDefault === 1 ? 1 : 0,
    id: row.addressId,
    addressId: row.addressId,
  };
}

/** A date range bound from the query: a real date or refused naming the field. */
function dateParam(field: string, text: string | undefined): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  if (!isCalendarDate(value)) throw malformed("validation.invalid", { field, detail: "YYYY-MM-DD" });
  return value;
}

export async function addableOrders(
  db: Db,
  caller: ShipmentCaller,
  q: {
    keywords?: string;
    start?: string;
    end?: string;
    deliveryDateStart?: string;
    deliveryDateEnd?: string;
    existOrderId?: string;
    deliveryCode?: string;
    pubDateSort?: 0 | 1 | 2;
    deliveryDateSort?: 0 | 1 | 2;
    pageNum?: number;
    pageSize?: number;
  },
) {
  await requireShipmentAuthority(db, caller.memberId);
  const excludeIds = parseOrderIds(q.existOrderId);
  if (excludeIds === null) throw malformed("shipment.badOrderIds");
  const pubDateSort = q.pubDateSort ?? 0;
  const deliveryDateSort = q.deliveryDateSort ?? 0;
  // SHIP-015: one date sort at a time
  if (pubDateSort !== 0 && deliveryDateSort !== 0)
    throw malformed("validation.invalid", { field: "deliveryDateSort", detail: "one date sort at a time" });
  const end = dateParam("end", q.end);
  const keywords = q.keywords?.trim();
  const deliveryCode = q.deliveryCode?.trim();
  const pageSize = q.pageSize ?? 10;
  const { rows, total } = await shipmentsRepository(db).addable(
    {
      memberId: caller.memberId,
      statuses: SHIPPABLE_STATUSES,
      keywords: keywords ? keywords : undefined,
      createdFrom: dateParam("start", q.start),
      createdBefore:
        end === undefined
          ? undefined
          : new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
      planFrom: dateParam("deliveryDateStart", q.deliveryDateStart),
      planTo: dateParam("deliveryDateEnd", q.deliveryDateEnd),
      excludeIds,
      deliveryCode: deliveryCode ? deliveryCode : undefined,
      pubDateSort,
      deliveryDateSort,
    },
    pageSize,
    ((q.pageNum ?? 1) - 1) * pageSize,
  );
  const statusNames = await statusNamesOf(db);
  const data: AddableOrder[] = rows.map((row) => ({
    orderId: row.orderId,
    orderCode: row.orderCode,
    custOrderCode: row.custOrderCode,
    clothPath: row.clothPath,
    clothCategoryName: caller.locale === "zh" ? row.categoryZh : row.categoryEn,
    fabric: row.fabric,
    pubDate: row.createdAt.toISOString(),
    planDeliveryDate: row.planDeliveryDate,
    deliveryDate: row.deliveryDate,
    customerName: row.customerName,
    amount: row.amount,
    price: Number(row.priceCents),
    status: row.statusId,
    statusName: statusNames(caller.locale, row.statusId),
  }));
  return { data, total };
}

/** The order statuses' names (the order lifecycle's, translated here: the list reads no dictionary). */
async function statusNamesOf(_db: Db) {
  const names: Record<number, { en: string; zh: string }> = {
    [ORDER_STATUS.submitted]: { en: "Submitted", zh: "已提交" },
    [ORDER_STATUS.cutting]: { en: "Cutting", zh: "裁剪中" },
    [ORDER_STATUS.sewing]: { en: "Sewing", zh: "缝制中" },
    [ORDER_STATUS.qualityCheck]: { en: "Quality check", zh: "质检中" },
    [ORDER_STATUS.finished]: { en: "Finished", zh: "已完成" },
  };
  return (locale: Locale, status: number) => names[status]?.[locale] ?? String(status);
}

// Writes --------------------------------------------------------------------------------------------

interface Checked {
  orderIds: number[];
  shipDate: string;
  remark: string;
  addressId: number;
}

/** SHIP-018..021 and the input's shape: the documented message, 400, before anything is read. */
function checkWrite(body: Partial<Write>, now: Date, dateFixed?: string): Checked {
  const orderIds = parseOrderIds(body.orderIds);
  if (orderIds === null) throw malformed("shipment.badOrderIds");
  if (orderIds.length === 0) throw malformed("shipment.ordersRequired"); // SHIP-018
  if (orderIds.length > MAX_SHIPMENT_ORDERS) throw malformed("shipment.tooManyOrders", { max: MAX_SHIPMENT_ORDERS });
  const shipDate = body.shipdate?.trim() ?? "";
  if (dateFixed === undefined || shipDate !== dateFixed) {
    const refusal = shipDateRefusal(shipDate, earliestToday(now)); // SHIP-019
    if (refusal) throw malformed(refusal);
  }
  if (!body.addressId) throw malformed("shipment.addressRequired"); // SHIP-020
  const remark = body.remark ?? "";
  if (!isRemarkShort(remark)) throw malformed("shipment.remarkTooLong", { max: MAX_SHIPMENT_REMARK }); // SHIP-021
  return { orderIds, shipDate, remark, addressId: body.addressId };
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
};

/**
 * Locks the caller's orders and puts them into the shipment: each must be the caller's own, shippable
 * (paid, neither cancelled nor shipped) and in no other shipment. Answers whether all are finished.
 */
async function fillShipment(db: Db, memberId: number, shipmentId: number, orderIds: number[], tx: Transaction) {
  const repo = shipmentsRepository(db);
  const rows = await repo.lockOwnOrders(memberId, orderIds, tx);
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of orderIds) {
    const row = byId.get(id);
    // another account's order reads exactly as a missing one: nothing about it leaks
    if (!row || !canAddToShipment(row.statusId))
      throw refused("shipment.orderNotShippable", { code: row?.orderCode ?? String(id) });
    if (row.shipmentId !== null && row.shipmentId !== shipmentId)
      throw refused("shipment.orderTaken", { code: row.orderCode });
  }
  await repo.addOrders(shipmentId, orderIds, tx);
  return rows.every((row) => row.statusId === ORDER_STATUS.finished);
}

async function resolveAddress(db: Db, memberId: number, addressId: number, locale: Locale, tx: Transaction) {
  const address = await addressForShipment(db, memberId, addressId, locale, tx);
  if (!address) throw refused("shipment.addressNotFound", { id: addressId });
  return address;
}

/** SHIP-025: one transaction: the address copied, the orders checked and held, the shipment stored. */
export async function createShipment(
  db: Db,
  caller: ShipmentCaller,
  body: Partial<Write>,
  now: Date,
  stepSeconds: number,
) {
  await requireShipmentAuthority(db, caller.memberId);
  const write = checkWrite(body, now);
  const repo = shipmentsRepository(db);
  let id: number;
  try {
    id = await withTransaction(db, async (tx) => {
      const address = await resolveAddress(db, caller.memberId, write.addressId, caller.locale, tx);
      const n = await repo.nextCode(tx);
      const code = `SH${now.toISOString().slice(0, 10).replaceAll("-", "")}${String(n).padStart(5, "0")}`;
      const shipmentId = await repo.insert(
        {
          memberId: caller.memberId,
          code,
          shipDate: write.shipDate,
          remark: write.remark,
          addressId: write.addressId,
          address,
        },
        tx,
      );
      await fillShipment(db, caller.memberId, shipmentId, write.orderIds, tx);
      // the message centre hears of it in the same transaction (a refused creation writes nothing)
      await writeMessage(
        tx,
        shipmentMessage({ id: shipmentId, memberId: caller.memberId, code }, "created", write.orderIds.length),
      );
      return shipmentId;
    });
  } catch (error) {
    // two creations raced for one order: the database's unique key refused the second
    if (isUniqueViolation(error)) throw refused("shipment.orderTaken", { code: "" });
    throw error;
  }
  return shipmentDetail(db, caller, id, stepSeconds);
}

/** SHIP-006, SHIP-013, SHIP-028: edit address, orders, remark (and the date in 10371 only). */
export async function updateShipment(
  db: Db,
  caller: ShipmentCaller,
  body: Partial<Write> & { id?: number },
  now: Date,
  stepSeconds: number,
) {
  await requireShipmentAuthority(db, caller.memberId);
  const id = body.id ?? 0;
  const repo = shipmentsRepository(db);
  try {
    await withTransaction(db, async (tx) => {
      const current = await repo.lockOwn(caller.memberId, id, tx);
      if (!current) throw notFound("shipment.notFound", { id });
      if (!canEditShipment(current.statusId)) throw refused("shipment.notEditable", { code: current.code });
      const write = checkWrite(body, now, current.shipDate);
      if (write.shipDate !== current.shipDate && !canEditShipDate(current.statusId))
        throw refused("shipment.dateFixed");
      const stored = await repo.detail(caller.memberId, id, tx);
      const address =
        write.addressId === stored!.addressId
          ? undefined
          : await resolveAddress(db, caller.memberId, write.addressId, caller.locale, tx);
      await repo.removeOrders(id, tx);
      const allFinished = await fillShipment(db, caller.memberId, id, write.orderIds, tx);
      await repo.update(
        id,
        {
          shipDate: write.shipDate,
          remark: write.remark,
          ...(address ? { address, addressId: write.addressId } : {}),
          // an order still in production sends a packed parcel back to waiting
          statusId: allFinished ? current.statusId : SHIPMENT_STATUS.waiting,
        },
        tx,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refused("shipment.orderTaken", { code: "" });
    throw error;
  }
  return shipmentDetail(db, caller, id, stepSeconds);
}

/** SHIP-005, SHIP-026: deletes a shipment in 10371 or 10372; its orders are free again (once). */
export async function deleteShipment(db: Db, caller: ShipmentCaller, id: number) {
  await requireShipmentAuthority(db, caller.memberId);
  const repo = shipmentsRepository(db);
  return withTransaction(db, async (tx) => {
    const current = await repo.lockOwn(caller.memberId, id, tx);
    if (!current) throw notFound("shipment.notFound", { id });
    if (!canDeleteShipment(current.statusId)) throw refused("shipment.notEditable", { code: current.code });
    const freed = await repo.removeOrders(id, tx);
    await repo.remove(id, tx);
    return { id, orders: freed.length };
  });
}

/** SHIP-029: the remark (SHIP-021: at most 200 characters), in any status. */
export async function saveRemark(db: Db, caller: ShipmentCaller, id: number, remark: string) {
  await requireShipmentAuthority(db, caller.memberId);
  if (!isRemarkShort(remark)) throw malformed("shipment.remarkTooLong", { max: MAX_SHIPMENT_REMARK });
  const row = isOrderId(id) ? await shipmentsRepository(db).updateRemark(caller.memberId, id, remark) : undefined;
  if (!row) throw notFound("shipment.notFound", { id });
  return row;
}
