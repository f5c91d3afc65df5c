import { ORDER_STATUS } from "./ids.ts";

/**
 * Shipments (issue 23, SHIP-001..031): the pure rules the shipment-creation machine's guards and the
 * server's checks share. Dates are calendar dates `YYYY-MM-DD`; "today" is the caller's calendar day in
 * its own time zone (`todayIn`), so a user in Auckland and one in Los Angeles each get their own default.
 */

/**
 * Shipment statuses (002 §4). Documented: 10033, 10371, 10372 (and "others"). Their meanings are
 * designed here (x-designed, the documents give only styles and permissions):
 * - 10371 waiting: created, some order may still be in production; everything editable (SHIP-006, SHIP-013);
 * - 10372 packed: every order finished, the parcel waits for its ship date; editable but the date is fixed (SHIP-013);
 * - 10033 shipped: the parcel left (waybill number, orders shipped 10380); nothing editable;
 * - 10034 delivered: the carrier delivered it (one of the "others").
 */
export const SHIPMENT_STATUS = { waiting: 10371, packed: 10372, shipped: 10033, delivered: 10034 } as const;
export type ShipmentStatusId = (typeof SHIPMENT_STATUS)[keyof typeof SHIPMENT_STATUS];
export const SHIPMENT_STATUSES: readonly ShipmentStatusId[] = [
  SHIPMENT_STATUS.waiting,
  SHIPMENT_STATUS.packed,
  SHIPMENT_STATUS.shipped,
  SHIPMENT_STATUS.delivered,
];

/** SHIP-005, SHIP-006: a shipment in 10371 or 10372 may be edited (address, orders, remark) and deleted. */
export function canEditShipment(status: number): boolean {
  return status === SHIPMENT_STATUS.waiting || status === SHIPMENT_STATUS.packed;
}
/** SHIP-005: the same statuses as editing (a shipment that has left is neither edited nor deleted). */
export function canDeleteShipment(status: number): boolean {
  return canEditShipment(status);
}
/** SHIP-013: the ship date is editable only in 10371, not in 10372. */
export function canEditShipDate(status: number): boolean {
  return status === SHIPMENT_STATUS.waiting;
}

export type ShipmentStyle = "plain" | "blue" | "green";
/**
 * SHIP-009..012: 10033 plain, 10371 blue, any other green. SHIP-011 reading: 10372 is shown green, as
 * one of the "others": the document lists 10372 among the statuses but gives it no style of its own, and
 * the sentence "others green" is the only style rule that covers it (no invented fourth style).
 */
export function shipmentStyle(status: number): ShipmentStyle {
  if (status === SHIPMENT_STATUS.shipped) return "plain";
  if (status === SHIPMENT_STATUS.waiting) return "blue";
  return "green";
}

/** SHIP-021: a shipping note has at most 200 characters. */
export const MAX_SHIPMENT_REMARK = 200;
export const isRemarkShort = (remark: string) => [...remark].length <= MAX_SHIPMENT_REMARK;

/** SHIP-004, SHIP-003: the shipment list's page size and its choices. */
export const SHIPMENT_PAGE_SIZES = [20, 40, 60, 80] as const;
/** SHIP-031: the addable-orders list's page size and its size changer. */
export const ADDABLE_PAGE_SIZES = [10, 20, 30, 40] as const;
/** SHIP-002: a shipment card shows only its first 2 orders. */
export const CARD_ORDERS = 2;

// Dates -----------------------------------------------------------------------------------------------

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2025-02-29 and 2024-13-01 are not). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The calendar day of `at` in the IANA time zone `timeZone` (the user's "today"). */
export function todayIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * SHIP-016: the minimum lead before a shipment: 2 days from today, or 3 when the first day of TODAY's
 * month is not a Sunday. (Reading: "the first day of the month" is that of the month the user is in,
 * the only month the sentence can mean without knowing the answer first.)
 */
export function minimumLeadDays(today: string): 2 | 3 {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const weekday = new Date(`${firstOfMonth}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 2 : 3;
}

/**
 * SHIP-016, SHIP-017: the default ship date. Reading chosen (of the two SHIP-017 names): WHICHEVER IS
 * LATER of the minimum lead date (SHIP-016) and the latest planned delivery date of the selected
 * orders. Why: a parcel cannot leave before its last order is planned to be finished, and a date
 * inside the minimum lead cannot be prepared either; taking the planned date "when present" even when it
 * lies in the past would propose a date the server refuses. Orders without a planned date are ignored.
 */
export function defaultShipDate(today: string, plannedDates: readonly (string | null | undefined)[]): string {
  const lead = addDays(today, minimumLeadDays(today));
  const latest = plannedDates
    .filter((d): d is string => !!d && isCalendarDate(d))
    .sort()
    .at(-1);
  return latest && latest > lead ? latest : lead;
}

/** Why a ship date is refused: missing (SHIP-019), malformed, or before today. */
export type ShipDateRefusal = "shipment.dateRequired" | "shipment.dateInvalid" | "shipment.datePast";
export function shipDateRefusal(shipdate: string | null | undefined, today: string): ShipDateRefusal | undefined {
  if (!shipdate) return "shipment.dateRequired";
  if (!isCalendarDate(shipdate)) return "shipment.dateInvalid";
  if (shipdate < today) return "shipment.datePast";
  return undefined;
}

// The addable-orders list's sort (SHIP-014, SHIP-015) --------------------------------------------------

/** 0 none, 1 ascending, 2 descending. */
export type SortFlag = 0 | 1 | 2;
/** SHIP-014: none → ascending → descending → none. */
export const nextSortFlag = (flag: SortFlag): SortFlag => ((flag + 1) % 3) as SortFlag;

export interface DateSorts {
  /** the order date (pubDate) */
  pubDateSort: SortFlag;
  /** the planned delivery date */
  deliveryDateSort: SortFlag;
}
export const NO_SORT: DateSorts = { pubDateSort: 0, deliveryDateSort: 0 };

/** SHIP-014, SHIP-015: clicking one date sort cycles it and switches the other one off. */
export function cycleDateSort(sorts: DateSorts, which: keyof DateSorts): DateSorts {
  return { ...NO_SORT, [which]: nextSortFlag(sorts[which]) };
}

/** The comma list of order ids the documents send (`orderIds` "1,2,"), read back; null if malformed. */
export function parseOrderIds(text: string | undefined | null): number[] | null {
  if (text === undefined || text === null) return [];
  const parts = text.split(",").map((s) => s.trim());
  const ids: number[] = [];
  for (const part of parts) {
    if (part === "") continue;
    if (!/^[0-9]{1,9}$/.test(part)) return null;
    const id = Number(part);
    if (id < 1) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

// Group shipping that waits (issue 23, beyond the documents) ------------------------------------------

/** The statuses of an order not finished yet (submitted, cutting, sewing, quality check). */
const STILL_IN_PRODUCTION: readonly number[] = [
  ORDER_STATUS.submitted,
  ORDER_STATUS.cutting,
  ORDER_STATUS.sewing,
  ORDER_STATUS.qualityCheck,
];

/** The delay warning's default: warn when one order holds the rest back by more than this many days. */
export const DEFAULT_DELAY_WARNING_DAYS = 3;
/** The largest number of days the user may set for the warning. */
export const MAX_DELAY_WARNING_DAYS = 365;
/** A whole number of days from 0 to MAX_DELAY_WARNING_DAYS. */
export const isDelayWarningDays = (days: number) =>
  Number.isInteger(days) && days >= 0 && days <= MAX_DELAY_WARNING_DAYS;

/** An order of a shipment and the day it is (or should be) finished: null when it is finished already. */
export interface ReadyOrder {
  orderId: number;
  orderCode: string;
  /** YYYY-MM-DD: the production list's estimate (or the planned date); null or past when it is ready. */
  readyDate: string | null;
}

/**
 * An order's ready date for `groupDelay`: none once it is finished (or past production), else the production
 * list's estimate (`estimatedShipDate`), else its planned delivery date.
 */
export function readyDateOf(order: {
  status: number;
  estimatedShipDate?: string | null;
  planDeliveryDate: string | null;
}): string | null {
  if (!STILL_IN_PRODUCTION.includes(order.status)) return null;
  return order.estimatedShipDate ?? order.planDeliveryDate;
}

/** The order that holds a group shipment back, and by how much. */
export interface GroupDelay {
  /** The order finished last: the parcel waits for it. */
  holder: { orderId: number; orderCode: string; readyDate: string };
  /** The day the first order is ready (today at the earliest). */
  firstReady: string;
  /** Calendar days the holder keeps the first ready order waiting. */
  days: number;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * A group shipment leaves when its last order is finished: the order finished last (the holder), the day
 * the first one is ready, and the days between (each order is ready on its ready date, today at the
 * earliest; an order without a date is ready today). Null with fewer than two orders or no wait at all.
 */
export function groupDelay(orders: readonly ReadyOrder[], today: string): GroupDelay | null {
  if (orders.length < 2) return null;
  const readyOf = (o: ReadyOrder) =>
    o.readyDate && isCalendarDate(o.readyDate) && o.readyDate > today ? o.readyDate : today;
  const ready = orders.map((o) => ({ order: o, day: readyOf(o) }));
  // the latest ready day; of two on the same day the first in the shipment holds it
  const holder = ready.reduce((late, r) => (r.day > late.day ? r : late));
  const firstReady = ready.reduce((early, r) => (r.day < early.day ? r : early)).day;
  const days = dayNumber(holder.day) - dayNumber(firstReady);
  if (days <= 0) return null;
  return {
    holder: { orderId: holder.order.orderId, orderCode: holder.order.orderCode, readyDate: holder.day },
    firstReady,
    days,
  };
}

/** The warning of the shipment flow's review: a group delay longer than the days the user set. */
export function delayWarning(orders: readonly ReadyOrder[], today: string, warnAfterDays: number): GroupDelay | null {
  const delay = groupDelay(orders, today);
  return delay && delay.days > warnAfterDays ? delay : null;
}
