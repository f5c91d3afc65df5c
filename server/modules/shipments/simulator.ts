import type { Db } from "../../db/client.ts";
import type { Transaction } from "../../db/transaction.ts";
import { ORDER_STATUS } from "../../../domain/ids.ts";
import { shipOutcome } from "../../../domain/orderStatus.ts";
import { SHIPMENT_STATUS, todayIn } from "../../../domain/shipments.ts";
import { ordersRepository } from "../orders/repository.ts";
import { writeMessage, type MessageInput } from "../messages/service.ts";
import { shipmentsRepository } from "./repository.ts";

/**
 * The carrier the portal does not have (issue 23), run by the production simulator on its clock in the
 * same transaction (orders/production.ts): at each step, after the orders moved,
 * 1. a shipment on its way moves one tracking event on (`TRACK_EVENTS`), the last one delivers it (10034);
 * 2. a packed shipment whose ship date has come (UTC calendar day of the step) leaves (10033): it gets its
 *    waybill number (a deterministic function of its id), its orders move finished → shipped through
 *    `shipOutcome` with a timeline event each;
 * 3. a waiting shipment (10371) whose orders are all finished is packed (10372); it leaves at a later step.
 * The tracking events' times are the pick-up time plus one step each (`trackListOf`). Each packing, leaving
 * and delivery writes a message to the shipment's account in the same transaction (`shipmentMessage`).
 */

/** The carrier's events after the pick-up, in order (message keys; the last one is the delivery). */
export const TRACK_EVENTS = [
  "shipment.track.pickedUp",
  "shipment.track.departed",
  "shipment.track.inTransit",
  "shipment.track.arrived",
  "shipment.track.delivered",
] as const;
/** The tracking step that delivers. */
export const LAST_TRACK_STEP = TRACK_EVENTS.length - 1;

/**
 * One carrier step at `now` for every account's shipments, or for `memberId`'s only (the test hook
 * /api/__test/advanceShipments: a browser test follows its own parcel while other tests run beside it).
 */
export async function advanceShipments(db: Db, tx: Transaction, now: Date, memberId?: number) {
  const repo = shipmentsRepository(db);
  const track = await repo.track(LAST_TRACK_STEP, tx, memberId);
  // a parcel packed at this step leaves at the next one at the earliest
  const left = await repo.leave(todayIn(now, "UTC"), now, tx, memberId);
  const packed = await repo.pack(ORDER_STATUS.finished, tx, memberId);
  const delivered = track.filter((parcel) => parcel.statusId === SHIPMENT_STATUS.delivered);
  await writeMessage(
    tx,
    ...packed.map((parcel) => shipmentMessage(parcel, "packed")),
    ...left.map((parcel) => shipmentMessage(parcel, "shipped")),
    ...delivered.map((parcel) => shipmentMessage(parcel, "delivered")),
  );
  const orders = ordersRepository(db);
  const to = shipOutcome(ORDER_STATUS.finished)!;
  let shipped = 0;
  for (const parcel of left) {
    const ids = (await repo.ordersOf([parcel.id], tx)).map((row) => row.orderId);
    const moved = await orders.ship(ids, { from: ORDER_STATUS.finished, to, waybillNo: parcel.waybillNo, now }, tx);
    shipped += moved.length;
    await orders.addEvents(
      moved.map((row) => ({
        orderId: row.id,
        fromStatus: ORDER_STATUS.finished,
        toStatus: to,
        actor: "system" as const,
        note: parcel.waybillNo,
        at: now,
      })),
      tx,
    );
  }
  return { packed: packed.length, left: left.length, shipped, tracked: track.length };
}

/** An event of a shipment the message centre tells its account of (issue 23). */
export type ShipmentEvent = "created" | "packed" | "shipped" | "delivered";

/**
 * The message of one shipment event, keyed `shipment:<id>:<event>`: written once per shipment and event
 * (a parcel packed again after an order was added back tells of it once), linked to the shipment.
 */
export function shipmentMessage(
  parcel: { id: number; memberId: number; code: string; waybillNo?: string },
  event: ShipmentEvent,
  count?: number,
): MessageInput {
  return {
    memberId: parcel.memberId,
    kind: "shipment",
    params: { code: parcel.code, event, waybill: parcel.waybillNo ?? "", ...(count === undefined ? {} : { count }) },
    eventKey: `shipment:${parcel.id}:${event}`,
    link: { type: "shipment", shipmentId: parcel.id },
  };
}
