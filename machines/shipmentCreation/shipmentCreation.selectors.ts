import type { SnapshotFrom } from "xstate";
import { delayWarning, type GroupDelay } from "../../domain/shipments.ts";
import type { shipmentCreationMachine } from "./shipmentCreation.machine.ts";

/** What the shipment dialog reads (issue 23). Views never read `context` or `matches` themselves. */
type Snap = SnapshotFrom<typeof shipmentCreationMachine>;

export type ShipmentStep =
  "loading" | "failed" | "orders" | "picking" | "details" | "addingAddress" | "review" | "done";

/** The step on screen (submitting shows the review, busy). */
export function selectStep(s: Snap): ShipmentStep {
  if (s.matches("loadingAddresses")) return "loading";
  if (s.matches("addressesFailed")) return "failed";
  if (s.matches("submitting")) return "review";
  return s.value as ShipmentStep;
}
export const isBusy = (s: Snap) => s.hasTag("pending");
export const selectOrders = (s: Snap) => s.context.orders;
export const selectShipDate = (s: Snap) => s.context.shipDate;
export const selectRemark = (s: Snap) => s.context.remark;
export const selectAddresses = (s: Snap) => s.context.addresses;
export const selectAddressId = (s: Snap) => s.context.addressId;
export const selectChosenAddress = (s: Snap) => s.context.addresses.find((a) => a.id === s.context.addressId) ?? null;
/** SHIP-014, SHIP-015: the addable-orders list's date sorts. */
export const selectSorts = (s: Snap) => s.context.sorts;
export const selectRefusal = (s: Snap) => s.context.refusal;
export const selectSaved = (s: Snap) => s.context.saved;
/** Editing: the shipment being edited (null when creating). */
export const selectEditing = (s: Snap) => s.context.editing;
/** SHIP-013: the date field is read-only when editing a packed shipment. */
export const isDateEditable = (s: Snap) => s.context.editing === null || s.context.editing.dateEditable;
/** The ids already chosen: the addable-orders list leaves them out (existOrderId). */
export const selectChosenIds = (s: Snap) => s.context.orders.map((o) => o.orderId);
/** The days after which the review warns of a group delay (the user sets them on the details step). */
export const selectDelayWarningDays = (s: Snap) => s.context.delayWarningDays;
/**
 * Group shipping that waits (issue 23): in the review, the order that holds the parcel back by more than
 * the days the user set, its estimated finish and the first order's ready day; null when none does.
 */
export function selectDelayWarning(s: Snap): GroupDelay | null {
  if (!s.matches("review") && !s.matches("submitting")) return null;
  return delayWarning(s.context.orders, s.context.today, s.context.delayWarningDays);
}
