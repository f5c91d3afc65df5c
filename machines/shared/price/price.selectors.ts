import type { SnapshotFrom } from "xstate";
import type { priceMachine } from "./price.machine.ts";

/**
 * What the views read of the price child (QO-111, SO-005): the garment-and-fabric quote of the chosen
 * fabric, and the whole order's price of the last draft, each with its pending and failed states.
 */
type Snap = Pick<SnapshotFrom<typeof priceMachine>, "context" | "hasTag">;

/** QO-111: the garment and fabric quote, or null before the first answer. */
export const selectFabricQuote = (s: Snap) => s.context.quote;
/** No fabric is chosen yet (a search being typed): the fabric's line says so rather than a price of 0.00. */
export const hasNoPricedFabric = (s: Snap) => s.context.fabric.code.trim() === "";
/** QO-111: the garment and fabric price is being recalculated (1000 ms after the fabric rests). */
export const isFabricPricePending = (s: Snap) => s.hasTag("pending");
/** The garment and fabric price could not be calculated: the notice saying why, or null. */
export const selectFabricPriceFailure = (s: Snap) => s.context.failure;

/** QO-111: the whole order's price of the last draft told, or null before the first answer. */
export const selectOrderQuote = (s: Snap) => s.context.orderQuote;
/** The order's draft names no fabric yet. */
export const hasNoOrderFabric = (s: Snap) => (s.context.draft?.fabric ?? "").trim() === "";
/** QO-111: the order's price is being recalculated (the shown one is stale). */
export const isOrderPricePending = (s: Snap) => s.hasTag("orderPending");
/** The order's price could not be calculated: the notice saying why, or null. */
export const selectOrderPriceFailure = (s: Snap) => s.context.orderFailure;
