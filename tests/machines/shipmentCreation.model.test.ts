import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import {
  shipmentCreationMachine,
  type AddressPick,
  type ShipmentCreationContext,
  type ShipmentSaveRequest,
} from "../../machines/shipmentCreation/shipmentCreation.machine.ts";
import {
  selectDelayWarning,
  selectStep,
  selectSorts,
} from "../../machines/shipmentCreation/shipmentCreation.selectors.ts";
import {
  allStateNodeIds,
  allStateNodes,
  edgeCoverage,
  modelEdges,
  reachedStateNodeIds,
  transientStateNodeIds,
} from "./paths.ts";
import {
  HOME,
  INPUT,
  ORDER_A,
  ORDER_B,
  serializeShipment,
  shipmentAdjacency,
  shipmentModelEvents,
  shipmentShortestPaths,
  TODAY,
} from "./shipmentCreation.model.ts";
import { createController, replayEveryTransition, type ActorModel } from "./replay.ts";

const STATES = 652;
const TRANSITIONS = 3874;
/** The real actor's double actors and what each invocation must receive (tests/machines/replay.ts). */
const MODEL: ActorModel<ShipmentCreationContext> = {
  machine: shipmentCreationMachine,
  serialize: serializeShipment,
  input: INPUT,
  invoked: ["loadAddresses", "saveShipment"],
  expectedInput: (id, c) =>
    id === "loadAddresses"
      ? undefined
      : {
          shipdate: c.shipDate,
          addressId: c.addressId,
          orderIds: c.orders.map((o) => `${o.orderId},`).join(""),
          remark: c.remark,
        },
};

describe("shipmentCreation model (xstate/graph)", () => {
  it(`there is one shortest path to each of the ${STATES} model states`, () => {
    const paths = shipmentShortestPaths();
    expect(paths.length).toBe(STATES);
  });

  it("every state node is reached", () => {
    const reached = reachedStateNodeIds(shipmentShortestPaths());
    const all = allStateNodeIds(shipmentCreationMachine.root);
    expect(all.sort()).toEqual(
      [
        "addingAddress",
        "addressesFailed",
        "details",
        "done",
        "loadingAddresses",
        "orders",
        "picking",
        "review",
        "submitting",
      ].map((s) => `shipmentCreation.${s}`),
    );
    expect(transientStateNodeIds(shipmentCreationMachine.root)).toEqual([]);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
  });

  it("the model's events cover every event the machine handles", () => {
    const handled = new Set(allStateNodes(shipmentCreationMachine.root).flatMap((node) => node.ownEvents as string[]));
    const modelled = new Set(modelEdges(shipmentAdjacency()).map(({ event }) => event.type));
    expect([...modelled].sort()).toEqual([...handled].sort());
    expect(new Set(shipmentModelEvents.map((e) => e.type))).toEqual(modelled);
  });

  it("SHIP-018 SHIP-019 SHIP-020 SHIP-021 no reachable path saves a shipment the rules refuse", () => {
    for (const path of shipmentShortestPaths()) {
      const steps = path.steps;
      for (let i = 1; i < steps.length; i++) {
        const before = steps[i - 1]!.state;
        const after = steps[i]!.state;
        if (!after.matches("submitting") || before.matches("submitting")) continue;
        const c = before.context as ShipmentCreationContext;
        expect(c.orders.length).toBeGreaterThan(0);
        expect(c.addressId).not.toBeNull();
        expect(c.shipDate >= TODAY).toBe(true);
        expect(c.remark.length).toBeLessThanOrEqual(200);
      }
    }
  });

  it(`the ${TRANSITIONS} transitions are each exercised by a path`, () => {
    const { edges, unexercised } = edgeCoverage(shipmentShortestPaths(), shipmentAdjacency(), serializeShipment);
    expect(edges.length).toBe(TRANSITIONS);
    expect(unexercised).toEqual([]);
  });

  // in parts, each a test well inside the time limit on loaded cores (replay.ts)
  const PARTS = 8;
  let replayed = 0;
  for (let index = 0; index < PARTS; index++)
    it(`a real actor takes every transition of the model, part ${index + 1} of ${PARTS}`, async () => {
      replayed += await replayEveryTransition(MODEL, shipmentShortestPaths(), shipmentAdjacency(), {
        index,
        parts: PARTS,
      });
    });
  it(`the parts together replayed the ${TRANSITIONS} transitions`, () => {
    expect(replayed).toBe(TRANSITIONS);
  });
});

describe("shipmentCreation guards", () => {
  const start = () => {
    const controller = createController();
    const actor = createActor(
      shipmentCreationMachine.provide({
        actors: {
          loadAddresses: controller.actor<AddressPick[], void>("loadAddresses"),
          saveShipment: controller.actor<{ id: number; code: string }, ShipmentSaveRequest>("saveShipment"),
        },
      }),
      { input: INPUT },
    ).start();
    return { actor, controller };
  };

  it("SHIP-016 SHIP-017 SHIP-020 the default date and the default address are preselected", async () => {
    const { actor, controller } = start();
    controller.settle({ type: "xstate.done.actor.loadAddresses", output: [HOME] });
    await new Promise((r) => setImmediate(r));
    const c = actor.getSnapshot().context;
    // today 2026-04-15 (April 1 a Wednesday: lead 3 → 04-18); the order is planned for 05-02: later wins
    expect(c.shipDate).toBe(ORDER_A.planDeliveryDate);
    expect(c.addressId).toBe(HOME.id);
  });

  it("SHIP-018 Next without orders is refused with its own message", async () => {
    const { actor, controller } = start();
    controller.settle({ type: "xstate.done.actor.loadAddresses", output: [HOME] });
    await new Promise((r) => setImmediate(r));
    actor.send({ type: "user.removeOrder", orderId: ORDER_A.orderId });
    actor.send({ type: "user.next" });
    expect(selectStep(actor.getSnapshot())).toBe("orders");
    expect(actor.getSnapshot().context.refusal).toEqual({
      notice: { key: "shipment.ordersRequired" },
      field: "orders",
    });
  });

  it("SHIP-019 SHIP-020 SHIP-021 the details step refuses each missing or bad field with its own message", async () => {
    const { actor, controller } = start();
    controller.settle({ type: "xstate.done.actor.loadAddresses", output: [] });
    await new Promise((r) => setImmediate(r));
    actor.send({ type: "user.next" });
    const refusal = () => actor.getSnapshot().context.refusal;
    actor.send({ type: "user.setShipDate", shipDate: "" });
    actor.send({ type: "user.next" });
    expect(refusal()).toEqual({ notice: { key: "shipment.dateRequired" }, field: "shipdate" });
    actor.send({ type: "user.setShipDate", shipDate: "2026-04-14" });
    actor.send({ type: "user.next" });
    expect(refusal()).toEqual({ notice: { key: "shipment.datePast" }, field: "shipdate" });
    actor.send({ type: "user.setShipDate", shipDate: "2026-04-31" });
    actor.send({ type: "user.next" });
    expect(refusal()).toEqual({ notice: { key: "shipment.dateInvalid" }, field: "shipdate" });
    actor.send({ type: "user.setShipDate", shipDate: "2026-04-20" });
    actor.send({ type: "user.next" });
    expect(refusal()).toEqual({ notice: { key: "shipment.addressRequired" }, field: "address" });
    actor.send({ type: "user.openAddressForm" });
    actor.send({ type: "user.addressSaved", address: { ...HOME, id: 99 } });
    actor.send({ type: "user.setRemark", remark: "字".repeat(201) });
    actor.send({ type: "user.next" });
    expect(refusal()).toEqual({ notice: { key: "shipment.remarkTooLong" }, field: "remark" });
    actor.send({ type: "user.setRemark", remark: "字".repeat(200) });
    actor.send({ type: "user.next" });
    expect(selectStep(actor.getSnapshot())).toBe("review");
    expect(refusal()).toBeNull();
  });

  it("SHIP-014 SHIP-015 the picker's date sorts cycle and exclude each other", async () => {
    const { actor, controller } = start();
    controller.settle({ type: "xstate.done.actor.loadAddresses", output: [HOME] });
    await new Promise((r) => setImmediate(r));
    actor.send({ type: "user.openPicker" });
    const sorts = () => selectSorts(actor.getSnapshot());
    actor.send({ type: "user.cycleSort", which: "pubDateSort" });
    expect(sorts()).toEqual({ pubDateSort: 1, deliveryDateSort: 0 });
    actor.send({ type: "user.cycleSort", which: "pubDateSort" });
    expect(sorts()).toEqual({ pubDateSort: 2, deliveryDateSort: 0 });
    actor.send({ type: "user.cycleSort", which: "deliveryDateSort" });
    expect(sorts()).toEqual({ pubDateSort: 0, deliveryDateSort: 1 });
    actor.send({ type: "user.cycleSort", which: "deliveryDateSort" });
    actor.send({ type: "user.cycleSort", which: "deliveryDateSort" });
    expect(sorts()).toEqual({ pubDateSort: 0, deliveryDateSort: 0 });
  });

  it("SHIP-013 editing a packed shipment keeps its date unchecked; changing it is the server's refusal", async () => {
    const controller = createController();
    const actor = createActor(
      shipmentCreationMachine.provide({
        actors: {
          loadAddresses: controller.actor<AddressPick[], void>("loadAddresses"),
          saveShipment: controller.actor<{ id: number; code: string }, ShipmentSaveRequest>("saveShipment"),
        },
      }),
      {
        input: {
          ...INPUT,
          shipment: { id: 5, code: "SH5", shipdate: "2026-04-01", addressId: 7, remark: "", dateEditable: false },
        },
      },
    ).start();
    controller.settle({ type: "xstate.done.actor.loadAddresses", output: [HOME] });
    await new Promise((r) => setImmediate(r));
    expect(actor.getSnapshot().context.shipDate).toBe("2026-04-01");
    actor.send({ type: "user.next" });
    actor.send({ type: "user.next" });
    expect(selectStep(actor.getSnapshot())).toBe("review");
    actor.send({ type: "user.submit" });
    expect(controller.inputs.at(-1)).toEqual({
      id: "saveShipment",
      input: { id: 5, shipdate: "2026-04-01", addressId: 7, orderIds: "11,", remark: "" },
    });
  });

  it("group shipping that waits: the review names the order holding the parcel back, past the days the user set", async () => {
    const { actor, controller } = start();
    controller.settle({ type: "xstate.done.actor.loadAddresses", output: [HOME] });
    await new Promise((r) => setImmediate(r));
    const warning = () => selectDelayWarning(actor.getSnapshot());
    // one order: nothing to wait for
    actor.send({ type: "user.next" });
    actor.send({ type: "user.next" });
    expect(selectStep(actor.getSnapshot())).toBe("review");
    expect(warning()).toBeNull();
    // with a finished order, ORDER_A (ready 05-02) keeps it waiting 17 days after today (04-15)
    actor.send({ type: "user.back" });
    actor.send({ type: "user.back" });
    actor.send({ type: "user.openPicker" });
    actor.send({ type: "user.addOrders", orders: [ORDER_B] });
    actor.send({ type: "user.next" });
    expect(warning()).toBeNull(); // only the review warns
    actor.send({ type: "user.next" });
    expect(warning()).toEqual({
      holder: { orderId: ORDER_A.orderId, orderCode: ORDER_A.orderCode, readyDate: "2026-05-02" },
      firstReady: TODAY,
      days: 17,
    });
    // the user allows 17 days: no warning; a number of days out of range changes nothing
    actor.send({ type: "user.back" });
    actor.send({ type: "user.setDelayWarningDays", days: 17 });
    actor.send({ type: "user.setDelayWarningDays", days: -1 });
    actor.send({ type: "user.setDelayWarningDays", days: Number.NaN });
    expect(actor.getSnapshot().context.delayWarningDays).toBe(17);
    actor.send({ type: "user.next" });
    expect(selectStep(actor.getSnapshot())).toBe("review");
    expect(warning()).toBeNull();
    actor.send({ type: "user.back" });
    actor.send({ type: "user.setDelayWarningDays", days: 16 });
    actor.send({ type: "user.next" });
    expect(warning()?.holder.orderCode).toBe(ORDER_A.orderCode);
  });
});
