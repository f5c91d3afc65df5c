/**
 * The shipment-creation machine as its own model (xstate/graph, tests/machines/paths.ts): every event it
 * accepts, its actors' outcomes as events. Issue 23.
 */
import type { AnyMachineSnapshot, AnyStateMachine } from "xstate";
import {
  shipmentCreationMachine,
  type ShipmentCreationContext,
  type ShipmentCreationEvent,
  type ShipmentCreationInput,
} from "../../machines/shipmentCreation/shipmentCreation.machine.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import { isRemarkShort, shipDateRefusal } from "../../domain/shipments.ts";
import {
  adjacencyOf,
  noticeKey,
  shortestPaths,
  traversal,
  type ActorOutcome,
  type ModelAdjacency,
  type ModelPath,
} from "./paths.ts";

type Snap = AnyMachineSnapshot;
export type ShipmentModelEvent = ShipmentCreationEvent | ActorOutcome;

export const TODAY = "2026-04-15";
export const ORDER_A = {
  orderId: 11,
  orderCode: "MTM1",
  customerName: "Ann",
  clothCategoryName: "Suit",
  planDeliveryDate: "2026-05-02",
  readyDate: "2026-05-02",
};
/** Finished already: ready today, so ORDER_A holds a parcel of both back 17 days. */
export const ORDER_B = { ...ORDER_A, orderId: 12, orderCode: "MTM2", planDeliveryDate: null, readyDate: null };
export const HOME = { id: 7, contact: "Ann", summary: "1 High St, London", isDefault: true };
export const OFFICE = { id: 8, contact: "Bob", summary: "2 Low St, Leeds", isDefault: false };

export const INPUT: ShipmentCreationInput = { orders: [ORDER_A], today: TODAY };

export const shipmentModelEvents: readonly ShipmentModelEvent[] = [
  { type: "xstate.done.actor.loadAddresses", output: [HOME] },
  { type: "xstate.done.actor.loadAddresses", output: [] },
  { type: "xstate.error.actor.loadAddresses", error: new ApiError(500, "Something went wrong on the server", 500) },
  { type: "user.retry" },
  { type: "user.removeOrder", orderId: ORDER_A.orderId },
  { type: "user.openPicker" },
  { type: "user.cycleSort", which: "pubDateSort" },
  { type: "user.cycleSort", which: "deliveryDateSort" },
  { type: "user.addOrders", orders: [ORDER_B] },
  { type: "user.closePicker" },
  { type: "user.next" },
  { type: "user.back" },
  { type: "user.setShipDate", shipDate: "" },
  { type: "user.setShipDate", shipDate: "2026-04-01" },
  { type: "user.setShipDate", shipDate: "2026-04-20" },
  { type: "user.setRemark", remark: "x".repeat(201) },
  { type: "user.setRemark", remark: "<b>fragile</b>" },
  { type: "user.setDelayWarningDays", days: 30 },
  { type: "user.chooseAddress", addressId: HOME.id },
  { type: "user.openAddressForm" },
  { type: "user.addressSaved", address: OFFICE },
  { type: "user.closeAddressForm" },
  { type: "user.submit" },
  { type: "xstate.done.actor.saveShipment", output: { id: 1, code: "SH1" } },
  {
    type: "xstate.error.actor.saveShipment",
    error: new ApiError(1002, "Order MTM1 is already in another shipment", 400),
  },
];

/**
 * The model's state: the step and what the rules read, abstracted (orders chosen or not, the date's
 * refusal, an address chosen or not, the note short or not), so the graph stays small enough to replay
 * every transition while each guard's both outcomes stay distinct.
 */
export function serializeShipment(snapshot: Snap): string {
  const c = snapshot.context as ShipmentCreationContext;
  return JSON.stringify({
    value: snapshot.value,
    orders: c.orders.length > 0,
    date: shipDateRefusal(c.shipDate, c.today) ?? "ok",
    address: c.addressId !== null,
    remark: isRemarkShort(c.remark),
    sorts: c.sorts,
    refusal: noticeKey(c.refusal?.notice ?? null),
    saved: c.saved?.code ?? null,
  });
}

const options = () => traversal(shipmentModelEvents, serializeShipment, INPUT);

export const shipmentShortestPaths = (): ModelPath[] =>
  shortestPaths(shipmentCreationMachine as unknown as AnyStateMachine, options());

export const shipmentAdjacency = (): ModelAdjacency =>
  adjacencyOf(shipmentCreationMachine as unknown as AnyStateMachine, options());
