import type { ActorRef, AnyActorRef, Snapshot } from "xstate";
import type {
  OrderEntryEmitted,
  QuickOrderContext,
  QuickOrderEvent,
} from "../../../machines/quickOrder/quickOrder.machine.ts";

/**
 * What the order-entry views need of a running order: the shared context, the price child machine,
 * the tags, and the shared events. Both the quick order and the simple order (D-10) fit it.
 */
export type OrderEntrySnapshot = Snapshot<unknown> & {
  context: QuickOrderContext;
  children: { price?: AnyActorRef };
  hasTag(tag: string): boolean;
  can(event: QuickOrderEvent): boolean;
};
export type OrderEntryRef = ActorRef<OrderEntrySnapshot, QuickOrderEvent, OrderEntryEmitted>;
