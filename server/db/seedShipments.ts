import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "./client.ts";
import { addresses, orders, shipmentOrders, shipments } from "./schema.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { addDays, SHIPMENT_STATUS } from "../../domain/shipments.ts";
import { addressForShipment } from "../modules/shipments/addressBook.ts";
import { waybillOf } from "../modules/shipments/repository.ts";
import { LAST_TRACK_STEP } from "../modules/shipments/simulator.ts";

const DAY_MS = 86_400_000;
const dateOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The demo account's shipments (issue 23), so that a first visit shows the pages filled, one in each
 * status, from its seeded history (seedOrders.ts): its two oldest shipped orders delivered in one parcel,
 * its newest shipped order on its way (two tracking events so far), its oldest finished order packed to
 * leave in five days, and the next finished order waiting with an order still in quality check (group
 * shipping that waits). The newer finished orders stay free to ship. The parcels carry the copy of demo's
 * default address; a parcel that left has the carrier's waybill, which its orders carry too. Shipment ids
 * 1..4 (demo's); the carrier simulator moves them on like any other.
 */
export async function seedDemoShipments(tx: Db, demoId: number, now: Date): Promise<number> {
  const [home] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.memberId, demoId), eq(addresses.isDefault, 1)));
  if (!home) return 0;
  const address = await addressForShipment(tx, demoId, home.id, "en");
  if (!address) return 0;
  const oldestFirst = (status: number) =>
    tx
      .select({ id: orders.id, statusChangedAt: orders.statusChangedAt })
      .from(orders)
      .where(and(eq(orders.memberId, demoId), eq(orders.statusId, status)))
      .orderBy(asc(orders.createdAt), asc(orders.id));
  const shipped = await oldestFirst(ORDER_STATUS.shipped);
  const finished = await oldestFirst(ORDER_STATUS.finished);
  const checking = await oldestFirst(ORDER_STATUS.qualityCheck);
  const today = dateOf(now);
  const parcels = [
    {
      status: SHIPMENT_STATUS.delivered,
      orders: shipped.slice(0, 2),
      trackStep: LAST_TRACK_STEP,
      remark: "Two suits for the spring fitting",
    },
    { status: SHIPMENT_STATUS.shipped, orders: shipped.slice(-1), trackStep: 2, remark: "" },
    { status: SHIPMENT_STATUS.packed, orders: finished.slice(0, 1), trackStep: 0, remark: "" },
    {
      status: SHIPMENT_STATUS.waiting,
      orders: [...finished.slice(1, 2), ...checking.slice(0, 1)],
      trackStep: 0,
      remark: "Ship together with the waistcoat",
    },
  ].filter((p) => p.orders.length > 0);
  let n = 0;
  for (const parcel of parcels) {
    const gone = parcel.status === SHIPMENT_STATUS.delivered || parcel.status === SHIPMENT_STATUS.shipped;
    // a parcel that left did so when its last order was shipped; the others leave in the coming days
    const leftAt = gone ? new Date(Math.max(...parcel.orders.map((o) => o.statusChangedAt.getTime()))) : null;
    const createdAt = leftAt
      ? new Date(leftAt.getTime() - 2 * DAY_MS)
      : new Date(now.getTime() - (parcel.status === SHIPMENT_STATUS.packed ? 2 : 1) * DAY_MS);
    const [row] = await tx
      .insert(shipments)
      .values({
        memberId: demoId,
        code: `SH${dateOf(createdAt).replaceAll("-", "")}${String(90_001 + n).padStart(5, "0")}`,
        statusId: parcel.status,
        shipDate: leftAt ? dateOf(leftAt) : addDays(today, parcel.status === SHIPMENT_STATUS.packed ? 5 : 7),
        remark: parcel.remark,
        addressId: home.id,
        address,
        leftAt,
        trackStep: parcel.trackStep,
        createdAt,
        updatedAt: leftAt ?? createdAt,
      })
      .returning({ id: shipments.id });
    const id = row!.id;
    const ids = parcel.orders.map((o) => o.id);
    await tx.insert(shipmentOrders).values(ids.map((orderId, position) => ({ shipmentId: id, orderId, position })));
    if (gone) {
      const waybillNo = waybillOf(id);
      await tx.update(shipments).set({ waybillNo }).where(eq(shipments.id, id));
      await tx.update(orders).set({ waybillNo }).where(inArray(orders.id, ids));
    }
    n++;
  }
  return n;
}
