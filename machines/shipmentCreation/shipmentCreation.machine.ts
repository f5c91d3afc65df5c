import { assign, fromPromise, not, setup } from "xstate";
import {
  cycleDateSort,
  DEFAULT_DELAY_WARNING_DAYS,
  defaultShipDate,
  isDelayWarningDays,
  isRemarkShort,
  NO_SORT,
  shipDateRefusal,
  type DateSorts,
} from "../../domain/shipments.ts";
import { serverNotice, type Notice } from "../shared/messages.ts";

/**
 * Shipment creation (issue 23, SHIP-014..021, SHIP-025, SHIP-028): the orders chosen on the production
 * list (more added from the addable-orders list), the ship date (the default of SHIP-016/017), the
 * delivery address (the default preselected; a new one added without leaving the flow), a note, a review,
 * then the shipment is saved. The same flow edits a shipment (`input.shipment`): the address, the orders,
 * the note, and the date only when the shipment allows it (SHIP-013).
 */

/** An order as the flow shows it (what the production list or the addable-orders list gave). */
export interface ShipmentOrderPick {
  orderId: number;
  orderCode: string;
  customerName: string;
  clothCategoryName: string;
  planDeliveryDate: string | null;
  /**
   * When the order is (or should be) finished: the production list's estimate, else its planned date;
   * null or past when it is finished (domain/shipments.ts `groupDelay`).
   */
  readyDate: string | null;
}

/** An address the user may pick (the address book's; its full form is the address feature's). */
export interface AddressPick {
  id: number;
  contact: string;
  summary: string;
  isDefault: boolean;
}

export type ShipmentMessageKey =
  | "shipment.ordersRequired" // SHIP-018
  | "shipment.dateRequired" // SHIP-019
  | "shipment.dateInvalid"
  | "shipment.datePast"
  | "shipment.addressRequired" // SHIP-020
  | "shipment.remarkTooLong" // SHIP-021
  | "shipment.failed";

/** The rules a step checks, in order; each refusal names its message key and the field. */
export type ShipmentRule = "hasOrders" | "hasShipDate" | "isShipDateValid" | "hasAddress" | "isRemarkShort";

export interface ShipmentRefusal {
  notice: Notice<ShipmentMessageKey>;
  field: "orders" | "shipdate" | "address" | "remark" | null;
}

export interface ShipmentCreationInput {
  orders: ShipmentOrderPick[];
  /** The user's calendar day (domain/shipments.ts `todayIn`). */
  today: string;
  /** The days of the group-delay warning the user chose before (DEFAULT_DELAY_WARNING_DAYS otherwise). */
  delayWarningDays?: number;
  /** Editing: the shipment as stored; creating: absent. */
  shipment?: { id: number; code: string; shipdate: string; addressId: number; remark: string; dateEditable: boolean };
}

export interface ShipmentCreationContext {
  orders: ShipmentOrderPick[];
  today: string;
  shipDate: string;
  addressId: number | null;
  addresses: AddressPick[];
  remark: string;
  /** Warn in the review when one order holds the rest back by more than this many days (the user sets it). */
  delayWarningDays: number;
  sorts: DateSorts;
  editing: NonNullable<ShipmentCreationInput["shipment"]> | null;
  refusal: ShipmentRefusal | null;
  saved: { id: number; code: string } | null;
}

export type ShipmentCreationEvent =
  | { type: "user.removeOrder"; orderId: number }
  | { type: "user.openPicker" }
  | { type: "user.closePicker" }
  | { type: "user.addOrders"; orders: ShipmentOrderPick[] }
  | { type: "user.cycleSort"; which: keyof DateSorts }
  | { type: "user.setShipDate"; shipDate: string }
  | { type: "user.chooseAddress"; addressId: number }
  | { type: "user.setRemark"; remark: string }
  | { type: "user.setDelayWarningDays"; days: number }
  | { type: "user.openAddressForm" }
  | { type: "user.closeAddressForm" }
  | { type: "user.addressSaved"; address: AddressPick }
  | { type: "user.next" }
  | { type: "user.back" }
  | { type: "user.submit" }
  | { type: "user.retry" };

export interface ShipmentSaveRequest {
  id?: number;
  shipdate: string;
  addressId: number;
  orderIds: string;
  remark: string;
}

const REFUSALS: Record<ShipmentRule, (c: ShipmentCreationContext) => ShipmentRefusal> = {
  hasOrders: () => ({ notice: { key: "shipment.ordersRequired" }, field: "orders" }),
  hasShipDate: () => ({ notice: { key: "shipment.dateRequired" }, field: "shipdate" }),
  isShipDateValid: (c) => ({
    notice: { key: shipDateRefusal(c.shipDate, c.today) ?? "shipment.dateInvalid" },
    field: "shipdate",
  }),
  hasAddress: () => ({ notice: { key: "shipment.addressRequired" }, field: "address" }),
  isRemarkShort: () => ({ notice: { key: "shipment.remarkTooLong" }, field: "remark" }),
};

/** The date the user may not change (editing a packed shipment, SHIP-013) is not checked again. */
const dateLocked = (c: ShipmentCreationContext) =>
  c.editing !== null && !c.editing.dateEditable && c.shipDate === c.editing.shipdate;

/** `checked(rules, transition)`: each rule refuses the step with its message, in order, then the step. */
const checked = (rules: readonly ShipmentRule[], transition: { target: string; actions?: "clearRefusal" }) => [
  ...rules.map((rule) => ({ guard: not(rule), actions: { type: "refuse" as const, params: { rule } } })),
  { ...transition, actions: "clearRefusal" as const },
];

const initialContext = (input: ShipmentCreationInput): ShipmentCreationContext => ({
  orders: input.orders,
  today: input.today,
  // SHIP-016, SHIP-017: the default date, or the stored one when editing
  shipDate:
    input.shipment?.shipdate ??
    defaultShipDate(
      input.today,
      input.orders.map((o) => o.planDeliveryDate),
    ),
  addressId: input.shipment?.addressId ?? null,
  addresses: [],
  remark: input.shipment?.remark ?? "",
  delayWarningDays: input.delayWarningDays ?? DEFAULT_DELAY_WARNING_DAYS,
  sorts: NO_SORT,
  editing: input.shipment ?? null,
  refusal: null,
  saved: null,
});

export const shipmentCreationMachine = setup({
  types: {
    context: {} as ShipmentCreationContext,
    events: {} as ShipmentCreationEvent,
    input: {} as ShipmentCreationInput,
  },
  actors: {
    loadAddresses: fromPromise<AddressPick[], void>(async () => {
      throw new Error("loadAddresses actor not provided");
    }),
    saveShipment: fromPromise<{ id: number; code: string }, ShipmentSaveRequest>(async () => {
      throw new Error("saveShipment actor not provided");
    }),
  },
  guards: {
    // SHIP-018: at least one order
    hasOrders: ({ context }) => context.orders.length > 0,
    // SHIP-019: a ship date
    hasShipDate: ({ context }) => context.shipDate.trim() !== "",
    // SHIP-019: a real date, not before today (a date the user may not change is not checked again)
    isShipDateValid: ({ context }) =>
      dateLocked(context) || shipDateRefusal(context.shipDate, context.today) === undefined,
    // SHIP-020: a delivery address
    hasAddress: ({ context }) => context.addressId !== null,
    // SHIP-021: a note of at most 200 characters
    isRemarkShort: ({ context }) => isRemarkShort(context.remark),
  },
  actions: {
    refuse: assign({
      refusal: ({ context }, params: { rule: ShipmentRule }) => REFUSALS[params.rule](context),
    }),
    clearRefusal: assign({ refusal: null }),
  },
}).createMachine({
  id: "shipmentCreation",
  context: ({ input }) => initialContext(input),
  initial: "loadingAddresses",
  states: {
    loadingAddresses: {
      tags: ["pending"],
      invoke: {
        id: "loadAddresses",
        src: "loadAddresses",
        onDone: {
          target: "orders",
          actions: assign({
            addresses: ({ event }) => event.output,
            // SHIP-020: the default address preselected (editing keeps the shipment's)
            addressId: ({ context, event }) => context.addressId ?? event.output.find((a) => a.isDefault)?.id ?? null,
          }),
        },
        onError: {
          target: "addressesFailed",
          actions: assign({
            refusal: ({ event }) => ({
              notice: serverNotice<ShipmentMessageKey>(event.error, "shipment.failed"),
              field: null,
            }),
          }),
        },
      },
    },
    addressesFailed: {
      on: { "user.retry": { target: "loadingAddresses", actions: "clearRefusal" } },
    },
    orders: {
      on: {
        "user.removeOrder": {
          actions: assign({
            orders: ({ context, event }) => context.orders.filter((o) => o.orderId !== event.orderId),
          }),
        },
        // the addable-orders list opens unsorted
        "user.openPicker": { target: "picking", actions: ["clearRefusal", assign({ sorts: NO_SORT })] },
        "user.next": checked(["hasOrders"], { target: "details" }),
      },
    },
    picking: {
      on: {
        // SHIP-014, SHIP-015: one date sort at a time, each cycling none, ascending, descending
        "user.cycleSort": {
          actions: assign({
            sorts: ({ context, event }) => cycleDateSort(context.sorts, event.which),
          }),
        },
        "user.addOrders": {
          target: "orders",
          actions: assign({
            orders: ({ context, event }) => [
              ...context.orders,
              ...event.orders.filter((o) => !context.orders.some((had) => had.orderId === o.orderId)),
            ],
          }),
        },
        "user.closePicker": "orders",
      },
    },
    details: {
      on: {
        "user.setShipDate": {
          actions: assign({ shipDate: ({ event }) => event.shipDate }),
        },
        "user.chooseAddress": { actions: assign({ addressId: ({ event }) => event.addressId }) },
        "user.setRemark": { actions: assign({ remark: ({ event }) => event.remark }) },
        // the days after which the review warns of an order holding the rest back (others are ignored)
        "user.setDelayWarningDays": {
          // a whole number of days from 0 to 365; anything else leaves the days as they were
          actions: assign({
            delayWarningDays: ({ context, event }) =>
              isDelayWarningDays(event.days) ? event.days : context.delayWarningDays,
          }),
        },
        "user.openAddressForm": { target: "addingAddress", actions: "clearRefusal" },
        "user.back": { target: "orders", actions: "clearRefusal" },
        "user.next": checked(["hasShipDate", "isShipDateValid", "hasAddress", "isRemarkShort"], { target: "review" }),
      },
    },
    addingAddress: {
      on: {
        // the address form saved a new address: it is offered and chosen
        "user.addressSaved": {
          target: "details",
          actions: assign({
            addresses: ({ context, event }) => [
              ...context.addresses.filter((a) => a.id !== event.address.id),
              event.address,
            ],
            addressId: ({ event }) => event.address.id,
          }),
        },
        "user.closeAddressForm": "details",
      },
    },
    review: {
      on: {
        "user.back": { target: "details", actions: "clearRefusal" },
        "user.submit": checked(["hasOrders", "hasShipDate", "isShipDateValid", "hasAddress", "isRemarkShort"], {
          target: "submitting",
        }),
      },
    },
    submitting: {
      tags: ["pending"],
      invoke: {
        id: "saveShipment",
        src: "saveShipment",
        input: ({ context }) => ({
          ...(context.editing ? { id: context.editing.id } : {}),
          shipdate: context.shipDate,
          addressId: context.addressId ?? 0,
          orderIds: context.orders.map((o) => `${o.orderId},`).join(""),
          remark: context.remark,
        }),
        onDone: { target: "done", actions: assign({ saved: ({ event }) => event.output }) },
        onError: {
          target: "review",
          actions: assign({
            refusal: ({ event }) => ({
              notice: serverNotice<ShipmentMessageKey>(event.error, "shipment.failed"),
              field: null,
            }),
          }),
        },
      },
    },
    done: { type: "final" },
  },
});
