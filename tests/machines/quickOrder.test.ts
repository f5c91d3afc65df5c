import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  quickOrderMachine,
  type DraftInput,
  type QuickOrderContext,
  type QuickOrderEvent,
  type QuickOrderSetup,
  type SizeLoad,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import type { StandardSize } from "../../domain/measurements/standardSizes.ts";
import { MEASURE_METHOD as SIZE_METHOD, UPLOADED_FONT_ID } from "../../domain/ids.ts";
import type { MonogramRowEdit } from "../../domain/monogram.ts";
import { withoutField } from "./refusals.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";
import {
  ACCESSORY_SETUP,
  BODY_VALUES,
  CMT_FABRIC,
  CUSTOMER,
  FULL_MONOGRAM,
  fillMonogram,
  IN_STOCK_FABRIC,
  INCOMPLETE_CUSTOMER,
  NO_METHOD_SETUP,
  OUT_OF_STOCK_FABRIC,
  PARTS,
  sizeLoad,
  STANDARD_SIZES,
  SUIT_DEFAULTS,
  SUIT_SETUP,
  WOMEN_SETUP,
} from "./quickOrder.fixtures.ts";

type SetupInput = {
  categoryId: number;
  orderId: string | null;
  mode: import("../../machines/quickOrder/quickOrder.machine.ts").OrderMode;
};

/** A promise the test settles by hand, to observe the machine while an actor is running. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

type MeasureInput = {
  categoryId: number;
  method: number;
  customerId: number | null;
  measureSetId?: number;
  pieces: number[];
};
type StandardInput = { categoryId: number; sizeAreaId: number; shape: number };

interface Doubles {
  loadSetup?: (input: SetupInput) => Promise<QuickOrderSetup>;
  checkStock?: (input: { code: string }) => Promise<{ inStock: boolean }>;
  loadMeasurements?: (input: MeasureInput) => Promise<SizeLoad>;
  loadStandardSizes?: (input: StandardInput) => Promise<StandardSize[]>;
  presize?: (input: DraftInput) => Promise<Record<number, string>>;
  saveOrder?: (input: DraftInput) => Promise<{ orderId: string }>;
  submitOrder?: (input: DraftInput) => Promise<{ failed: boolean; orderId?: string; orderCode?: string }>;
}

const stock: Record<string, boolean> = { [IN_STOCK_FABRIC]: true, [OUT_OF_STOCK_FABRIC]: false };

/** The quick order with network doubles for its promise actors, recording their inputs. */
function startQuickOrder(doubles: Doubles = {}, categoryId = 3000) {
  const calls = {
    loadSetup: [] as SetupInput[],
    checkStock: [] as Array<{ code: string }>,
    loadMeasurements: [] as MeasureInput[],
    loadStandardSizes: [] as StandardInput[],
    presize: [] as DraftInput[],
    saveOrder: [] as DraftInput[],
    submitOrder: [] as DraftInput[],
  };
  const machine = quickOrderMachine.provide({
    actors: {
      loadSetup: fromPromise<QuickOrderSetup, SetupInput>(async ({ input }) => {
        calls.loadSetup.push(input);
        return (doubles.loadSetup ?? (async () => SUIT_SETUP))(input);
      }),
      checkStock: fromPromise<{ inStock: boolean }, { code: string }>(async ({ input }) => {
        calls.checkStock.push(input);
        return (doubles.checkStock ?? (async ({ code }) => ({ inStock: stock[code] ?? true })))(input);
      }),
      loadMeasurements: fromPromise<SizeLoad, MeasureInput>(async ({ input }) => {
        calls.loadMeasurements.push(input);
        return (doubles.loadMeasurements ?? (async ({ method }) => sizeLoad(method)))(input);
      }),
      loadStandardSizes: fromPromise<StandardSize[], StandardInput>(async ({ input }) => {
        calls.loadStandardSizes.push(input);
        return (doubles.loadStandardSizes ?? (async () => STANDARD_SIZES))(input);
      }),
      presize: fromPromise<Record<number, string>, DraftInput>(async ({ input }) => {
        calls.presize.push(input);
        return (doubles.presize ?? (async () => ({ 602: "112" })))(input);
      }),
      saveOrder: fromPromise<{ orderId: string }, DraftInput>(async ({ input }) => {
        calls.saveOrder.push(input);
        return (doubles.saveOrder ?? (async () => ({ orderId: "Q-1001" })))(input);
      }),
      submitOrder: fromPromise<{ failed: boolean; orderId?: string; orderCode?: string }, DraftInput>(
        async ({ input }) => {
          calls.submitOrder.push(input);
          return (doubles.submitOrder ?? (async () => ({ failed: false })))(input);
        },
      ),
    },
  });
  const actor = createActor(machine, { input: { categoryId } }).start();
  const send = (event: QuickOrderEvent) => actor.send(event);
  const context = (): QuickOrderContext => actor.getSnapshot().context;
  /** The refusal shown, without the field it names (tests/machines/refusals.test.ts checks the fields). */
  const refusal = () => withoutField(context().refusal);
  /** The craft picks of step 2 (QO-090), as the view sends them. */
  const toggle = (id: number) => send({ type: "user.toggleOption", id });
  const setText = (id: number, value: string) => send({ type: "user.setText", id, value });

  const basicInfo = () => waitFor(actor, (s) => s.matches({ basicInfo: { stock: "idle" } }));
  const editing = () => waitFor(actor, (s) => s.matches({ sizeBody: "editing" }));
  const finished = () => waitFor(actor, (s) => s.status === "done");

  /**
   * Step 1 filled (QO-130..135, D-06) by picking a customer, which brings name, nickname, height,
   * weight, their units and gender, and a system fabric answered in stock (QO-163).
   */
  async function fillStep1() {
    await basicInfo();
    send({ type: "user.pickCustomer", customer: CUSTOMER });
    send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    await basicInfo();
    expect(context().basic).toMatchObject({
      customerName: CUSTOMER.custName,
      shortName: CUSTOMER.shortName,
      height: "180",
      weight: "80",
    });
    expect(context().fabric).toEqual({ source: "sys", code: IN_STOCK_FABRIC, inStock: true });
  }
  async function toStep2() {
    await fillStep1();
    send({ type: "user.next" });
    expect(actor.getSnapshot().matches("crafts")).toBe(true);
  }
  async function toStep3() {
    await toStep2();
    send({ type: "user.next" });
    await editing();
  }
  const fillSizes = (values: Record<number, string>) => {
    for (const [partId, value] of Object.entries(values))
      send({ type: "user.setMeasure", partId: Number(partId), value });
  };

  return {
    actor,
    calls,
    send,
    context,
    refusal,
    toggle,
    setText,
    basicInfo,
    editing,
    finished,
    fillStep1,
    toStep2,
    toStep3,
    fillSizes,
  };
}

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

describe("quick order: steps", () => {
  it("QO-004 the three steps come in order: Basic Info → Crafts → Size & Body", async () => {
    const q = startQuickOrder();
    expect(q.actor.getSnapshot().value).toBe("loading");
    expect(q.calls.loadSetup).toEqual([{ categoryId: 3000, orderId: null, mode: "new" }]);
    await q.basicInfo();
    expect(q.actor.getSnapshot().value).toEqual({ basicInfo: { form: {}, stock: "idle" } });
    await q.fillStep1();
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("crafts")).toBe(true);
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "loadingParts" });
    await q.editing();
    expect(q.refusal()).toBeNull();
  });

  it("QO-128 a failing setup load ends in failed with the server message", async () => {
    const q = startQuickOrder({
      loadSetup: async () => {
        throw new ApiError(500, "Category 3000 is not available", 200);
      },
    });
    await waitFor(q.actor, (s) => s.matches("failed"));
    expect(q.refusal()).toEqual({ key: "server", text: "Category 3000 is not available" });
  });

  it("QO-128 a setup that fails without a server message leaves the page's own load failure alone (no save refusal)", async () => {
    const q = startQuickOrder({
      loadSetup: async () => {
        throw new Error("category 3800000 is not offered for the simple or quick order");
      },
    });
    await waitFor(q.actor, (s) => s.matches("failed"));
    expect(q.refusal()).toBeNull();
  });

  it("QO-092 Previous goes back one step and keeps the data of every step", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    q.toggle(22);
    q.send({ type: "user.addMonogram" });
    q.send({ type: "user.editMonogram", index: 0, patch: FULL_MONOGRAM });
    q.send({ type: "user.next" });
    await q.editing();
    q.send({ type: "user.setMeasure", partId: 501, value: "100" });
    const basic = q.context().basic;
    const fabric = q.context().fabric;

    q.send({ type: "user.previous" });
    expect(q.actor.getSnapshot().matches("crafts")).toBe(true);
    expect(sorted(q.context().crafts.selected)).toEqual(sorted([...SUIT_DEFAULTS, 22]));
    expect(q.context().monogram).toEqual([expect.objectContaining(FULL_MONOGRAM)]);
    // The picks are the order's own: nothing to restart (no child keeps a copy).
    expect(Object.keys(q.actor.getSnapshot().children).sort()).toEqual(["price"]);
    expect(q.context().size.values).toEqual({ 501: "100" });

    q.send({ type: "user.previous" });
    expect(q.actor.getSnapshot().matches("basicInfo")).toBe(true);
    expect(q.context().basic).toEqual(basic);
    expect(q.context().fabric).toEqual(fabric);
    expect(sorted(q.context().crafts.selected)).toEqual(sorted([...SUIT_DEFAULTS, 22]));

    // Previous does nothing in step 1.
    expect(q.actor.getSnapshot().can({ type: "user.previous" })).toBe(false);
  });

  it("QO-092 Previous clears a shown refusal", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    q.send({ type: "user.addMonogram" });
    q.send({ type: "user.next" });
    expect(q.refusal()).not.toBeNull();
    q.send({ type: "user.previous" });
    expect(q.refusal()).toBeNull();
  });

  it("QO-092 Previous from step 3 and Next again keeps the measurements typed, without reloading the parts", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.previous" });
    q.send({ type: "user.next" });
    // The parts are loaded already: step 3 opens at rest.
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "editing" });
    expect(q.context().size.values).toEqual(BODY_VALUES);
    expect(q.context().size.parts).toEqual(PARTS[10052]);
    expect(q.calls.loadMeasurements).toHaveLength(1);
  });

  it("QO-044 D-15 Save to cart and Submit do nothing in steps 1 and 2", async () => {
    const q = startQuickOrder();
    await q.fillStep1();
    for (const type of ["user.save", "user.submit"] as const) {
      expect(q.actor.getSnapshot().can({ type })).toBe(false);
      q.send({ type });
      expect(q.actor.getSnapshot().matches("basicInfo")).toBe(true);
    }
    q.send({ type: "user.next" });
    for (const type of ["user.save", "user.submit"] as const) {
      expect(q.actor.getSnapshot().can({ type })).toBe(false);
      q.send({ type });
      expect(q.actor.getSnapshot().matches("crafts")).toBe(true);
    }
    await flush();
    expect(q.calls.saveOrder).toEqual([]);
    expect(q.calls.submitOrder).toEqual([]);
    expect(q.context().outcome).toBeNull();
    expect(q.refusal()).toBeNull();
  });

  it("QO-129 the pending tag is on while loading, checking, saving and off afterwards", async () => {
    const gates = {
      loadSetup: deferred<QuickOrderSetup>(),
      checkStock: deferred<{ inStock: boolean }>(),
      loadMeasurements: deferred<SizeLoad>(),
      presize: deferred<Record<number, string>>(),
      saveOrder: deferred<{ orderId: string }>(),
    };
    const q = startQuickOrder({
      loadSetup: () => gates.loadSetup.promise,
      checkStock: () => gates.checkStock.promise,
      loadMeasurements: () => gates.loadMeasurements.promise,
      presize: () => gates.presize.promise,
      saveOrder: () => gates.saveOrder.promise,
    });
    const pending = () => q.actor.getSnapshot().hasTag("pending");
    expect(pending()).toBe(true);
    gates.loadSetup.resolve(SUIT_SETUP);
    await q.basicInfo();
    expect(pending()).toBe(false);

    q.send({ type: "user.pickCustomer", customer: CUSTOMER });
    q.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    expect(q.actor.getSnapshot().matches({ basicInfo: { stock: "checking" } })).toBe(true);
    expect(pending()).toBe(true);
    gates.checkStock.resolve({ inStock: true });
    await q.basicInfo();
    expect(pending()).toBe(false);

    q.send({ type: "user.next" });
    expect(pending()).toBe(false);
    q.send({ type: "user.next" });
    expect(pending()).toBe(true);
    gates.loadMeasurements.resolve(sizeLoad(10052));
    await q.editing();
    expect(pending()).toBe(false);

    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.presize" });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "presizing" });
    expect(pending()).toBe(true);
    gates.presize.resolve({});
    await q.editing();
    expect(pending()).toBe(false);

    q.send({ type: "user.save" });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "saving" });
    expect(pending()).toBe(true);
    gates.saveOrder.resolve({ orderId: "Q-1" });
    await q.finished();
    expect(pending()).toBe(false);
  });

  it("QO-129 the pending tag is off again after a failed call", async () => {
    const q = startQuickOrder({
      checkStock: async () => {
        throw new NetworkError();
      },
    });
    await q.basicInfo();
    q.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    expect(q.actor.getSnapshot().hasTag("pending")).toBe(true);
    await q.basicInfo();
    expect(q.actor.getSnapshot().hasTag("pending")).toBe(false);
    // A non-API error has no server text: the generic failure.
    expect(q.refusal()).toEqual({ key: "order.failed" });
  });
});

describe("quick order: step 1 Basic Info", () => {
  it("QO-114 QO-116 QO-122 the setup load selects the craft defaults, the first method and male", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    const c = q.context();
    expect(c.setup).toEqual(SUIT_SETUP);
    // QO-114: the Lapel group's duplicate default (Peak 12) is dropped; QO-116: Notch brings Narrow.
    expect(c.crafts).toEqual({ selected: SUIT_DEFAULTS, texts: {} });
    expect(c.size.method).toBe(SIZE_METHOD.body);
    expect(c.basic.genderId).toBe(10040);
    // QO-106: cm and kg; QO-064: one piece.
    expect(c.basic.heightUnit).toBe(10266);
    expect(c.basic.weightUnit).toBe(10261);
    expect(c.basic.amount).toBe(1);
    expect(c.fabric).toEqual({ source: "sys", code: "", inStock: null });
  });

  it("QO-123 gender defaults to female when the category code starts with W", async () => {
    const q = startQuickOrder({ loadSetup: async () => WOMEN_SETUP });
    await q.basicInfo();
    expect(q.context().basic.genderId).toBe(10041);
  });

  it("QO-088 QO-130..135 D-06 Next is refused with the first failing check, in order: name, nickname, height, weight, weight unit, gender, fabric", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    const next = () => {
      q.send({ type: "user.next" });
      expect(q.actor.getSnapshot().matches("basicInfo")).toBe(true);
      return q.refusal();
    };
    // QO-130: nothing filled; name comes first although everything else is missing too.
    expect(next()).toEqual({ key: "customer.nameRequired" });
    q.send({ type: "user.edit", field: "customerName", value: "   " });
    expect(next()).toEqual({ key: "customer.nameRequired" });
    q.send({ type: "user.edit", field: "customerName", value: "John Smith" });
    // D-06: the nickname is required, before the height.
    expect(next()).toEqual({ key: "customer.nicknameRequired" });
    q.send({ type: "user.edit", field: "shortName", value: "  " });
    expect(next()).toEqual({ key: "customer.nicknameRequired" });
    q.send({ type: "user.edit", field: "shortName", value: "JS" });
    // QO-131
    expect(next()).toEqual({ key: "customer.heightRequired" });
    q.send({ type: "user.edit", field: "height", value: "180" });
    // D-06: the weight is required, after the height and before its unit.
    expect(next()).toEqual({ key: "customer.weightRequired" });
    q.send({ type: "user.edit", field: "weight", value: " " });
    expect(next()).toEqual({ key: "customer.weightRequired" });
    q.send({ type: "user.edit", field: "weight", value: "80" });
    // QO-134: weight unit (kg) and gender (male) have defaults.
    expect(next()).toEqual({ key: "order.fabricRequired" });
    // QO-132, QO-133: a customer record without weight unit and gender clears the defaults.
    q.send({ type: "user.pickCustomer", customer: INCOMPLETE_CUSTOMER });
    expect(next()).toEqual({ key: "customer.weightUnitRequired" });
    q.send({ type: "user.setWeightUnit", unit: 10261 });
    expect(next()).toEqual({ key: "customer.genderRequired" });
    q.send({ type: "user.setGender", genderId: 10041 });
    expect(next()).toEqual({ key: "order.fabricRequired" });
    q.send({ type: "user.setFabricSource", source: "cus" });
    q.send({ type: "user.typeFabric", code: CMT_FABRIC });
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("crafts")).toBe(true);
    expect(q.refusal()).toBeNull();
  });

  it("QO-134 QO-135 QO-163 D-06 a system fabric passes only once picked and answered in stock", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    q.send({ type: "user.pickCustomer", customer: CUSTOMER });
    const next = () => {
      q.send({ type: "user.next" });
      expect(q.actor.getSnapshot().matches("basicInfo")).toBe(true);
      return q.refusal();
    };
    // No fabric; a fabric typed but not picked (unchecked): fabric required.
    expect(next()).toEqual({ key: "order.fabricRequired" });
    q.send({ type: "user.typeFabric", code: IN_STOCK_FABRIC });
    expect(q.context().fabric).toEqual({ source: "sys", code: IN_STOCK_FABRIC, inStock: null });
    expect(next()).toEqual({ key: "order.fabricRequired" });
    // Answered out of stock.
    q.send({ type: "user.clearFabric" });
    q.send({ type: "user.pickFabric", code: OUT_OF_STOCK_FABRIC });
    await q.basicInfo();
    expect(next()).toEqual({ key: "fabric.outOfStock" });
    // The customer fields still come first (QO-135: the first failure stops).
    q.send({ type: "user.edit", field: "weight", value: "" });
    expect(next()).toEqual({ key: "customer.weightRequired" });
    q.send({ type: "user.edit", field: "weight", value: "80" });
    // Answered in stock.
    q.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    await q.basicInfo();
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("crafts")).toBe(true);
    expect(q.refusal()).toBeNull();
  });

  it("QO-163 picking a system fabric checks its stock; out of stock is refused and blocks Next", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    q.send({ type: "user.pickCustomer", customer: CUSTOMER });
    q.send({ type: "user.pickFabric", code: OUT_OF_STOCK_FABRIC });
    expect(q.actor.getSnapshot().matches({ basicInfo: { stock: "checking" } })).toBe(true);
    expect(q.calls.checkStock).toEqual([{ code: OUT_OF_STOCK_FABRIC }]);
    await q.basicInfo();
    expect(q.context().fabric).toEqual({ source: "sys", code: OUT_OF_STOCK_FABRIC, inStock: false });
    expect(q.refusal()).toEqual({ key: "fabric.outOfStock" });
    q.send({ type: "user.dismissRefusal" });
    expect(q.refusal()).toBeNull();
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("basicInfo")).toBe(true);
    expect(q.refusal()).toEqual({ key: "fabric.outOfStock" });

    // Another fabric in stock clears the refusal and lets the user on.
    q.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    await q.basicInfo();
    expect(q.context().fabric).toEqual({ source: "sys", code: IN_STOCK_FABRIC, inStock: true });
    expect(q.refusal()).toBeNull();
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("crafts")).toBe(true);
  });

  it("QO-163 QO-022 a customer's own fabric (CMT) is not checked for stock", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    q.send({ type: "user.setFabricSource", source: "cus" });
    q.send({ type: "user.pickFabric", code: CMT_FABRIC });
    expect(q.actor.getSnapshot().matches({ basicInfo: { stock: "idle" } })).toBe(true);
    expect(q.calls.checkStock).toEqual([]);
    expect(q.context().fabric).toEqual({ source: "cus", code: CMT_FABRIC, inStock: null });
  });

  it("QO-199 a failing stock check shows the server message", async () => {
    const q = startQuickOrder({
      checkStock: async () => {
        throw new ApiError(1004, "Fabric VB1000 does not exist", 200);
      },
    });
    await q.basicInfo();
    q.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    await q.basicInfo();
    expect(q.refusal()).toEqual({ key: "server", text: "Fabric VB1000 does not exist" });
    expect(q.context().fabric.inStock).toBeNull();
    // QO-163: without a stock answer the fabric does not pass.
    q.send({ type: "user.pickCustomer", customer: CUSTOMER });
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("basicInfo")).toBe(true);
    expect(q.refusal()).toEqual({ key: "order.fabricRequired" });
  });

  it("QO-163 Next while the stock check runs does not skip the check: refused with order.fabricRequired", async () => {
    const gate = deferred<{ inStock: boolean }>();
    const q = startQuickOrder({ checkStock: () => gate.promise });
    await q.basicInfo();
    q.send({ type: "user.pickCustomer", customer: CUSTOMER });
    q.send({ type: "user.pickFabric", code: OUT_OF_STOCK_FABRIC });
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches({ basicInfo: { stock: "checking" } })).toBe(true);
    expect(q.refusal()).toEqual({ key: "order.fabricRequired" });
    gate.resolve({ inStock: false });
    await flush();
    expect(q.actor.getSnapshot().matches("basicInfo")).toBe(true);
    expect(q.refusal()).toEqual({ key: "fabric.outOfStock" });
  });

  it("QO-163 QO-110 a stock answer for a cleared fabric is not applied to the next one", async () => {
    const gate = deferred<{ inStock: boolean }>();
    const q = startQuickOrder({ checkStock: () => gate.promise });
    await q.basicInfo();
    q.send({ type: "user.pickCustomer", customer: CUSTOMER });
    q.send({ type: "user.pickFabric", code: OUT_OF_STOCK_FABRIC });
    q.send({ type: "user.clearFabric" });
    q.send({ type: "user.typeFabric", code: IN_STOCK_FABRIC });
    gate.resolve({ inStock: false });
    await q.basicInfo();
    expect(q.context().fabric).toEqual({ source: "sys", code: IN_STOCK_FABRIC, inStock: null });
    expect(q.refusal()).toBeNull();
  });

  it.each([
    ["QO-110 clearing the fabric", { type: "user.clearFabric" }, { source: "sys", code: "", inStock: null }],
    [
      "QO-021 typing over the fabric",
      { type: "user.typeFabric", code: IN_STOCK_FABRIC },
      { source: "sys", code: IN_STOCK_FABRIC, inStock: null },
    ],
    [
      "QO-108 QO-109 switching the source",
      { type: "user.setFabricSource", source: "cus" },
      { source: "cus", code: "", inStock: null },
    ],
  ] as const)("QO-163 %s drops the running stock check; its late answer is ignored", async (_, event, fabric) => {
    const gate = deferred<{ inStock: boolean }>();
    const q = startQuickOrder({ checkStock: () => gate.promise });
    await q.basicInfo();
    q.send({ type: "user.pickFabric", code: OUT_OF_STOCK_FABRIC });
    expect(q.actor.getSnapshot().matches({ basicInfo: { stock: "checking" } })).toBe(true);
    q.send(event);
    expect(q.actor.getSnapshot().matches({ basicInfo: { stock: "idle" } })).toBe(true);
    expect(q.actor.getSnapshot().hasTag("pending")).toBe(false);
    expect(q.actor.getSnapshot().children.checkStock).toBeUndefined();
    gate.resolve({ inStock: false });
    await flush();
    expect(q.context().fabric).toEqual(fabric);
    expect(q.refusal()).toBeNull();
  });

  it("QO-163 a system fabric code typed without a pick is not accepted unchecked", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    q.send({ type: "user.pickCustomer", customer: CUSTOMER });
    q.send({ type: "user.typeFabric", code: OUT_OF_STOCK_FABRIC });
    q.send({ type: "user.next" });
    await flush();
    // Refused until picked: the out-of-stock fabric stays in step 1, and no check ran.
    expect(q.actor.getSnapshot().matches("basicInfo")).toBe(true);
    expect(q.refusal()).toEqual({ key: "order.fabricRequired" });
    expect(q.calls.checkStock).toEqual([]);
  });

  it("QO-108 QO-109 switching the fabric source empties the fabric and its stock answer", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    q.send({ type: "user.pickFabric", code: OUT_OF_STOCK_FABRIC });
    await q.basicInfo();
    expect(q.context().fabric.inStock).toBe(false);
    q.send({ type: "user.setFabricSource", source: "cus" });
    expect(q.context().fabric).toEqual({ source: "cus", code: "", inStock: null });
    q.send({ type: "user.typeFabric", code: CMT_FABRIC });
    q.send({ type: "user.setFabricSource", source: "sys" });
    expect(q.context().fabric).toEqual({ source: "sys", code: "", inStock: null });
  });

  it("QO-110 clearing the fabric (Backspace/Delete) empties it and the fabric check fails again", async () => {
    const q = startQuickOrder();
    await q.fillStep1();
    q.send({ type: "user.clearFabric" });
    expect(q.context().fabric).toEqual({ source: "sys", code: "", inStock: null });
    q.send({ type: "user.next" });
    expect(q.refusal()).toEqual({ key: "order.fabricRequired" });
  });

  it("QO-103 QO-104 D-11 switching units converts height 180 cm → 70.87 in and weight 80 kg → 176.37 lb", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    q.send({ type: "user.edit", field: "height", value: "180" });
    q.send({ type: "user.edit", field: "weight", value: "80" });
    q.send({ type: "user.setHeightUnit", unit: 10265 });
    q.send({ type: "user.setWeightUnit", unit: 10262 });
    expect(q.context().basic).toMatchObject({
      height: "70.87",
      heightUnit: 10265,
      weight: "176.37",
      weightUnit: 10262,
    });
    q.send({ type: "user.setWeightUnit", unit: 10261 });
    expect(q.context().basic).toMatchObject({ weight: "80", weightUnit: 10261 });
    // An empty or non-numeric value is kept as it is.
    q.send({ type: "user.edit", field: "height", value: "" });
    q.send({ type: "user.setHeightUnit", unit: 10266 });
    expect(q.context().basic).toMatchObject({ height: "", heightUnit: 10266 });
  });

  it("QO-105 picking a customer takes their values and units without converting", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    q.send({
      type: "user.pickCustomer",
      customer: { ...CUSTOMER, height: 70, heightUnit: 10265, weight: 170, weightUnit: 10262, genderId: 10041 },
    });
    expect(q.context().basic).toMatchObject({
      customerId: 77,
      customerName: "John Smith",
      shortName: "JS",
      height: "70",
      heightUnit: 10265,
      weight: "170",
      weightUnit: 10262,
      genderId: 10041,
    });
  });

  it("QO-064 QO-020 amount is a whole number of at least 1; the birthday is kept by part", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    q.send({ type: "user.setAmount", amount: 0 });
    expect(q.context().basic.amount).toBe(1);
    q.send({ type: "user.setAmount", amount: 3.7 });
    expect(q.context().basic.amount).toBe(3);
    q.send({ type: "user.setBirthday", part: "month", value: "3" });
    q.send({ type: "user.setBirthday", part: "year", value: "1985" });
    expect(q.context().basic.birthday).toEqual({ month: "3", date: "", year: "1985" });
  });
});

describe("quick order: step 2 Crafts", () => {
  it("QO-089 with the defaults and no monogram Next goes to step 3", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    expect(q.context()).toMatchObject({ categoryId: 3000, crafts: { selected: SUIT_DEFAULTS, texts: {} } });
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("sizeBody")).toBe(true);
  });

  it("QO-112 QO-115 the child's picks arrive in the parent", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    q.toggle(13); // RADIO: Notch and its child go
    q.toggle(22); // CHECKBOX: added
    q.toggle(21); // CHECKBOX: removed
    expect(sorted(q.context().crafts.selected)).toEqual([13, 22, 23, 41]);
  });

  it("QO-089 QO-145 a chosen TEXT craft needs a value: Next refused with craft.notFinished", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    q.toggle(51);
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("crafts")).toBe(true);
    expect(q.refusal()).toEqual({ key: "craft.notFinished", name: "Name label" });
    q.setText(51, "  ");
    q.send({ type: "user.next" });
    expect(q.refusal()).toEqual({ key: "craft.notFinished", name: "Name label" });
    q.setText(51, "J. Smith");
    expect(q.context().crafts.texts).toEqual({ 51: "J. Smith" });
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("sizeBody")).toBe(true);
    expect(q.refusal()).toBeNull();
  });

  it("QO-116 QO-150 picking an option whose single-choice group already has a pick keeps that pick, without the default", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    // Wide notch (112) picked while Notch (11) is off, then Notch: its default Narrow (111) does
    // not come along, as Wide notch is already the Notch group's choice.
    q.toggle(13);
    q.toggle(112);
    q.toggle(11);
    expect(sorted(q.context().crafts.selected)).toEqual([11, 21, 23, 41, 112]);
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("sizeBody")).toBe(true);
    expect(q.refusal()).toBeNull();
  });

  it("QO-089 QO-150 two options of one RADIO group (a restored draft) are refused with craft.multipleRadio", async () => {
    // The crafts child can no longer pick both; a draft saved before can still hold them.
    const q = startQuickOrder();
    await q.fillStep1();
    const persisted = q.actor.getPersistedSnapshot() as unknown as { context: QuickOrderContext };
    const snapshot = {
      ...persisted,
      context: { ...persisted.context, crafts: { selected: [11, 21, 23, 41, 111, 112], texts: {} } },
    };
    const restored = createActor(quickOrderMachine, {
      input: { categoryId: 3000 },
      snapshot: snapshot as never,
    }).start();
    restored.send({ type: "user.next" });
    expect(restored.getSnapshot().matches("crafts")).toBe(true);
    restored.send({ type: "user.next" });
    expect(restored.getSnapshot().matches("crafts")).toBe(true);
    expect(withoutField(restored.getSnapshot().context.refusal)).toEqual({
      key: "craft.multipleRadio",
      group: "Notch lapel",
    });
    // Picking one of the two resolves it.
    restored.send({ type: "user.toggleOption", id: 112 });
    restored.send({ type: "user.next" });
    expect(restored.getSnapshot().matches("sizeBody")).toBe(true);
    restored.stop();
  });

  it("QO-089 QO-137..142 QO-140 each monogram row needs site, colour, font, size and content, named by site", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    q.send({ type: "user.addMonogram" });
    // What a user does, pick by pick: each step names what is still missing.
    const [site, color, font, size, text] = fillMonogram(0);
    const steps: Array<[MonogramRowEdit | null, unknown]> = [
      [null, { key: "monogram.missing", site: "", missing: "site" }], // QO-137
      [site!, { key: "monogram.missing", site: "Cuff", missing: "color" }], // QO-138
      [color!, { key: "monogram.missing", site: "Cuff", missing: "font" }], // QO-139
      [font!, { key: "monogram.missing", site: "Cuff", missing: "size" }], // QO-140 (3000 offers sizes)
      [size!, { key: "monogram.missing", site: "Cuff", missing: "content" }], // QO-141
    ];
    for (const [edit, expected] of steps) {
      if (edit) q.send(edit);
      q.send({ type: "user.next" });
      expect(q.actor.getSnapshot().matches("crafts")).toBe(true);
      expect(q.refusal()).toEqual(expected);
    }
    q.send(text!);
    expect(q.context().monogram[0]).toMatchObject({ ...FULL_MONOGRAM, colorName: "White", fontName: "Script" });
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().matches("sizeBody")).toBe(true);
  });

  it("QO-153 QO-032 the uploaded-artwork font needs its file; an emptied pick clears the choice and its name", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    q.send({ type: "user.addMonogram" });
    for (const edit of fillMonogram(0)) q.send(edit);
    q.send({
      type: "user.pickMonogramOption",
      index: 0,
      kind: "font",
      option: { id: UPLOADED_FONT_ID, name: "Own artwork" },
    });
    q.send({ type: "user.next" });
    expect(q.refusal()).toEqual({ key: "monogram.missing", site: "Cuff", missing: "file" });
    q.send({ type: "user.attachMonogramFile", index: 0, file: { id: "att-1", name: "logo.png" } });
    expect(q.context().monogram[0]).toMatchObject({ file: "att-1", fileName: "logo.png" });
    q.send({ type: "user.pickMonogramOption", index: 0, kind: "color", option: null });
    expect(q.context().monogram[0]).toMatchObject({ color: null, colorName: "" });
    // A row that does not exist is not edited.
    q.send({ type: "user.setMonogramText", index: 3, content: "X" });
    q.send({ type: "user.attachMonogramFile", index: 0, file: null });
    expect(q.context().monogram).toHaveLength(1);
    expect(q.context().monogram[0]).toMatchObject({ file: null, fileName: "" });
  });

  it("QO-034 a monogram row can be removed", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    q.send({ type: "user.addMonogram" });
    q.send({ type: "user.addMonogram" });
    q.send({ type: "user.editMonogram", index: 1, patch: FULL_MONOGRAM });
    q.send({ type: "user.removeMonogram", index: 0 });
    expect(q.context().monogram).toEqual([expect.objectContaining(FULL_MONOGRAM)]);
  });

  it("QO-152 a position used by another row is refused and the pick cleared", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    q.send({ type: "user.addMonogram" });
    q.send({ type: "user.addMonogram" });
    q.send({ type: "user.editMonogram", index: 0, patch: FULL_MONOGRAM });
    q.send({ type: "user.editMonogram", index: 1, patch: { color: 5 } });
    q.send({ type: "user.editMonogram", index: 1, patch: { site: 1, siteName: "Cuff" } });
    expect(q.refusal()).toEqual({ key: "monogram.duplicateSite", site: "Cuff" });
    expect(q.context().monogram[1]).toMatchObject({ site: null, siteName: "", color: 5 });
    expect(q.context().monogram[0]).toMatchObject(FULL_MONOGRAM);
    // Another position is accepted.
    q.send({ type: "user.editMonogram", index: 1, patch: { site: 2, siteName: "Lining" } });
    expect(q.context().monogram[1]).toMatchObject({ site: 2, siteName: "Lining" });
    // The row's own position again is not a duplicate.
    q.send({ type: "user.editMonogram", index: 0, patch: { site: 1, siteName: "Cuff" } });
    expect(q.context().monogram[0]).toMatchObject({ site: 1 });
  });

  it("QO-035 QO-036 QO-143 QO-144 contrast sites load with the setup; a site with positions needs a fabric, a TEXT fabric a value", async () => {
    const contrastSites = [
      {
        id: 1601,
        name: "Collar",
        positions: [{ id: 1651, name: "Under collar", price: "5.00" }],
        fabrics: [
          { id: 1701, code: "VB0017", name: "Navy velvet", sourceType: "IMAGE" as const, price: "12.00" },
          { id: 1702, code: "OTHER", name: "Other", sourceType: "TEXT" as const, price: "15.00" },
        ],
      },
    ];
    const q = startQuickOrder({ loadSetup: async () => ({ ...SUIT_SETUP, contrastSites }) });
    await q.toStep2();
    expect(q.context().contrast).toEqual([
      { siteName: "Collar", positions: [], fabricKind: null, chooseFabric: null, chooseFabricCode: "", text: "" },
    ]);
    const nextFrom2 = () => {
      q.send({ type: "user.next" });
      return q.actor.getSnapshot();
    };
    q.send({ type: "user.editContrast", index: 0, patch: { positions: [1651] } });
    expect(withoutField(nextFrom2().context.refusal)).toEqual({ key: "contrast.fabricRequired", site: "Collar" });
    q.send({ type: "user.editContrast", index: 0, patch: { chooseFabric: 1702, fabricKind: "TEXT" } });
    expect(withoutField(nextFrom2().context.refusal)).toEqual({ key: "contrast.textRequired", site: "Collar" });
    q.send({ type: "user.editContrast", index: 0, patch: { text: "Bordeaux silk" } });
    expect(nextFrom2().matches("sizeBody")).toBe(true);
  });

  it("QO-151 an accessory craft needs its series first: refused, and the picks stay as they were", async () => {
    const q = startQuickOrder({ loadSetup: async () => ACCESSORY_SETUP }, 5000);
    await q.toStep2();
    expect(q.context().crafts.selected).toEqual([]);
    q.toggle(5101);
    expect(q.refusal()).toEqual({ key: "craft.seriesFirst" });
    expect(q.context().crafts.selected).toEqual([]);
    q.toggle(5024);
    expect(q.refusal()).toBeNull();
    q.toggle(5101);
    expect(sorted(q.context().crafts.selected)).toEqual([5024, 5101]);
  });

  it("QO-119 QO-120 removing the series clears the accessory crafts and the monogram rows", async () => {
    const q = startQuickOrder({ loadSetup: async () => ACCESSORY_SETUP }, 5000);
    await q.toStep2();
    q.toggle(5024);
    q.toggle(5101);
    q.send({ type: "user.addMonogram" });
    q.send({ type: "user.editMonogram", index: 0, patch: FULL_MONOGRAM });
    // Another pick keeps the rows.
    q.toggle(5102);
    expect(q.context().monogram).toHaveLength(1);
    q.toggle(5024);
    expect(q.context().crafts.selected).toEqual([]);
    expect(q.context().monogram).toEqual([]);
  });

  it("QO-092 Previous from step 2 goes back to step 1", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    q.send({ type: "user.previous" });
    expect(q.actor.getSnapshot().value).toEqual({ basicInfo: { form: {}, stock: "idle" } });
    expect(q.actor.getSnapshot().children.crafts).toBeUndefined();
  });
});

describe("quick order: step 3 Size & Body", () => {
  it("QO-091 QO-094 QO-095 entering step 3 loads the parts of the first method for the customer", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    expect(q.calls.loadMeasurements).toEqual([{ categoryId: 3000, method: 10052, customerId: 77, pieces: [] }]);
    expect(q.context().size).toMatchObject({ method: 10052, parts: PARTS[10052], values: {}, presized: false });
  });

  it("issue 24: an order started from a kept measurement set loads that set's values; the customer picked again loads their current ones", async () => {
    // the first part's stored value: 101 in the kept set, 99 today
    const q = startQuickOrder({
      loadMeasurements: async ({ method, measureSetId }) => {
        const load = sizeLoad(method);
        const [first, ...rest] = load.parts;
        return { ...load, parts: [{ ...first!, inputValue: measureSetId === 34 ? 101 : 99 }, ...rest] };
      },
    });
    await q.basicInfo();
    q.send({ type: "user.pickCustomer", customer: CUSTOMER, measureSetId: 34 });
    q.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    await q.basicInfo();
    q.send({ type: "user.next" });
    q.send({ type: "user.next" });
    await q.editing();
    const firstPart = PARTS[10052]![0]!.id;
    expect(q.calls.loadMeasurements).toEqual([
      { categoryId: 3000, method: 10052, customerId: 77, measureSetId: 34, pieces: [] },
    ]);
    expect(q.context().size.values[firstPart]).toBe("101");
    // back to step 1, the customer picked from the book again: today's measurements replace the set's
    q.send({ type: "user.previous" });
    q.send({ type: "user.previous" });
    await q.basicInfo();
    q.send({ type: "user.pickCustomer", customer: CUSTOMER });
    expect(q.context().basic.measureSetId).toBeUndefined();
    q.send({ type: "user.next" });
    q.send({ type: "user.next" });
    await q.editing();
    expect(q.calls.loadMeasurements.at(-1)).toEqual({ categoryId: 3000, method: 10052, customerId: 77, pieces: [] });
    expect(q.context().size.values[firstPart]).toBe("99");
  });

  it("QO-095 a typed customer (no id) loads with customerId null", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    q.send({ type: "user.edit", field: "customerName", value: "Walk-in" });
    q.send({ type: "user.edit", field: "shortName", value: "WI" });
    q.send({ type: "user.edit", field: "height", value: "175" });
    q.send({ type: "user.edit", field: "weight", value: "70" });
    q.send({ type: "user.setFabricSource", source: "cus" });
    q.send({ type: "user.typeFabric", code: CMT_FABRIC });
    q.send({ type: "user.next" });
    q.send({ type: "user.next" });
    await q.editing();
    expect(q.calls.loadMeasurements).toEqual([{ categoryId: 3000, method: 10052, customerId: null, pieces: [] }]);
  });

  it("QO-103 parts load in the customer's height unit", async () => {
    const q = startQuickOrder();
    await q.basicInfo();
    q.send({ type: "user.pickCustomer", customer: { ...CUSTOMER, height: 70.87, heightUnit: 10265 } });
    q.send({ type: "user.pickFabric", code: IN_STOCK_FABRIC });
    await q.basicInfo();
    q.send({ type: "user.next" });
    q.send({ type: "user.next" });
    await q.editing();
    expect(q.context().size.parts[0]).toEqual({
      id: 501,
      name: "Chest",
      minValue: 23.62,
      maxValue: 62.99,
      defaultValue: 43.31,
      isMust: 1,
    });
  });

  // Parts remember what they were loaded for (method, customer, height unit): a change reloads them.
  it("QO-103 QO-092 after a height-unit switch in step 1, step 3's parts are in the new unit", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    expect(q.context().size.parts[0]).toMatchObject({ id: 501, minValue: 60, maxValue: 160 });
    q.send({ type: "user.previous" });
    q.send({ type: "user.previous" });
    q.send({ type: "user.setHeightUnit", unit: 10265 });
    q.send({ type: "user.next" });
    q.send({ type: "user.next" });
    await q.editing();
    expect(q.context().size.parts[0]).toMatchObject({ id: 501, minValue: 23.62, maxValue: 62.99 });
  });

  it("QO-128 a failing measurement load keeps the user in step 3 with the server message", async () => {
    const q = startQuickOrder({
      loadMeasurements: async () => {
        throw new ApiError(500, "Measurements are not available", 500);
      },
    });
    await q.toStep3();
    expect(q.refusal()).toEqual({ key: "server", text: "Measurements are not available" });
    expect(q.context().size.parts).toEqual([]);
  });

  it.each([10052, 10053])(
    "QO-147 after a failed measurement load (method %i) Save, Submit and the pre-calculation are refused with size.notLoaded",
    async (method) => {
      const q = startQuickOrder({
        loadMeasurements: async () => {
          throw new ApiError(500, "Measurements are not available", 500);
        },
      });
      await q.toStep3();
      if (method !== 10052) {
        q.send({ type: "user.selectMethod", method });
        await q.editing();
      }
      expect(q.context().size).toMatchObject({ method, parts: [] });
      for (const type of ["user.save", "user.submit", "user.presize"] as const) {
        q.send({ type });
        expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "editing" });
        expect(q.refusal()).toEqual({ key: "size.notLoaded" });
      }
      expect(q.calls.saveOrder).toEqual([]);
      expect(q.calls.submitOrder).toEqual([]);
      expect(q.calls.presize).toEqual([]);
    },
  );

  it("QO-092 QO-147 after a failed load, Previous and Next load the parts again", async () => {
    let fail = true;
    const q = startQuickOrder({
      loadMeasurements: async ({ method }) => {
        if (fail) throw new ApiError(500, "Measurements are not available", 500);
        return sizeLoad(method);
      },
    });
    await q.toStep3();
    expect(q.context().size.parts).toEqual([]);
    fail = false;
    q.send({ type: "user.previous" });
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "loadingParts" });
    await q.editing();
    expect(q.calls.loadMeasurements).toHaveLength(2);
    expect(q.context().size.parts).toEqual(PARTS[10052]);
  });

  it("QO-101 QO-102 selecting a method clears the sizes and reloads them for that method", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.presize" });
    await q.editing();
    expect(q.context().size.presized).toBe(true);
    // QO-057: the finished sizes it computed are kept to be shown
    expect(q.context().size.finished).toEqual({ 602: "112" });
    q.send({ type: "user.selectMethod", method: 10053 });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "loadingParts" });
    expect(q.context().size).toMatchObject({ method: 10053, parts: [], values: {}, presized: false });
    await q.editing();
    expect(q.calls.loadMeasurements.at(-1)).toEqual({ categoryId: 3000, method: 10053, customerId: 77, pieces: [] });
    expect(q.context().size).toMatchObject({ method: 10053, parts: PARTS[10053], values: {}, presized: false });
    q.send({ type: "user.selectMethod", method: 10054 });
    await q.editing();
    // Standard sizes are finished measurements
    expect(q.context().size.parts).toEqual(PARTS[10053]);
    // The method chosen again clears and reloads too.
    q.fillSizes({ 601: "75" });
    q.send({ type: "user.selectMethod", method: 10054 });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "loadingParts" });
    await q.editing();
    expect(q.calls.loadMeasurements).toHaveLength(4);
    expect(q.context().size).toMatchObject({ method: 10054, parts: PARTS[10053], values: {}, presized: false });
  });

  it("QO-095 a category without methods opens step 3 without loading; choosing one loads it", async () => {
    const q = startQuickOrder({ loadSetup: async () => NO_METHOD_SETUP });
    await q.toStep2();
    q.send({ type: "user.next" });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "editing" });
    expect(q.calls.loadMeasurements).toEqual([]);
    q.send({ type: "user.selectMethod", method: 10054 });
    await q.editing();
    expect(q.calls.loadMeasurements).toEqual([{ categoryId: 3000, method: 10054, customerId: 77, pieces: [] }]);
  });

  it("QO-147 QO-148 Save is refused for a required part left empty, then for a value out of range", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    q.send({ type: "user.save" });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "editing" });
    expect(q.refusal()).toEqual({ key: "size.required", name: "Chest" });
    q.fillSizes({ 501: "100", 502: "90" });
    q.send({ type: "user.save" });
    expect(q.refusal()).toEqual({ key: "size.required", name: "Sleeve" });
    q.fillSizes({ 503: "62", 504: "31" });
    q.send({ type: "user.save" });
    expect(q.refusal()).toEqual({ key: "size.outOfRange", name: "Wrist", min: 10, max: 30, unit: "cm" });
    q.fillSizes({ 501: "160.5", 504: "" });
    q.send({ type: "user.save" });
    expect(q.refusal()).toEqual({ key: "size.outOfRange", name: "Chest", min: 60, max: 160, unit: "cm" });
    q.fillSizes({ 501: "abc" });
    q.send({ type: "user.save" });
    expect(q.refusal()).toEqual({ key: "size.outOfRange", name: "Chest", min: 60, max: 160, unit: "cm" });
    expect(q.calls.saveOrder).toEqual([]);
    q.fillSizes({ 501: "160" });
    q.send({ type: "user.save" });
    await q.finished();
    expect(q.calls.saveOrder).toHaveLength(1);
  });

  it("QO-121 QO-147 parts disabled by a chosen craft's extension are skipped", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    q.toggle(42); // Sleeveless: "10052&503|10053&603"
    q.send({ type: "user.next" });
    await q.editing();
    q.fillSizes({ 501: "100", 502: "90" });
    q.send({ type: "user.save" });
    expect(q.refusal()).toBeNull();
    await q.finished();
    expect(q.context().outcome).toEqual({
      to: "/saveItems",
      failed: false,
      saveBack: { orderId: "Q-1001", customerId: CUSTOMER.id },
    });
  });

  it("QO-121 the extension's second mode applies to method 10053", async () => {
    const q = startQuickOrder();
    await q.toStep2();
    q.toggle(42);
    q.send({ type: "user.next" });
    await q.editing();
    q.send({ type: "user.selectMethod", method: 10053 });
    await q.editing();
    q.fillSizes({ 601: "75", 602: "110" });
    q.send({ type: "user.submit" });
    await q.finished();
    expect(q.context().outcome).toEqual({ to: "/underProduction", failed: false });
  });

  it("QO-097 QO-162 with method 10052 Submit is refused with size.presizeFirst until the pre-calculation succeeded", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.submit" });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "editing" });
    expect(q.refusal()).toEqual({ key: "size.presizeFirst" });
    // Save to cart needs no pre-calculation.
    expect(q.actor.getSnapshot().can({ type: "user.save" })).toBe(true);
    q.send({ type: "user.presize" });
    expect(q.refusal()).toBeNull();
    await q.editing();
    expect(q.calls.presize).toHaveLength(1);
    expect(q.calls.presize[0]!.context.size.values).toEqual(BODY_VALUES);
    expect(q.context().size.presized).toBe(true);
    q.send({ type: "user.submit" });
    await q.finished();
    expect(q.calls.submitOrder).toHaveLength(1);
  });

  it("QO-097 QO-162 a change to the body data in step 1 after the pre-calculation asks for it again", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.presize" });
    await q.editing();
    expect(q.context().size.presized).toBe(true);
    q.send({ type: "user.previous" });
    q.send({ type: "user.previous" });
    q.send({ type: "user.edit", field: "weight", value: "95" });
    q.send({ type: "user.next" });
    q.send({ type: "user.next" });
    await q.editing();
    expect(q.context().size.presized).toBe(false);
    expect(q.context().size.values).toEqual(BODY_VALUES);
    q.send({ type: "user.submit" });
    expect(q.refusal()).toEqual({ key: "size.presizeFirst" });
  });

  it("QO-098 QO-162 changing a value resets the pre-calculation flag", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.presize" });
    await q.editing();
    expect(q.context().size.presized).toBe(true);
    q.send({ type: "user.setMeasure", partId: 501, value: "101" });
    expect(q.context().size.presized).toBe(false);
    q.send({ type: "user.submit" });
    expect(q.refusal()).toEqual({ key: "size.presizeFirst" });
  });

  it("QO-097 QO-147 the pre-calculation itself is refused while the sizes fail", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    q.send({ type: "user.presize" });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "editing" });
    expect(q.refusal()).toEqual({ key: "size.required", name: "Chest" });
    expect(q.calls.presize).toEqual([]);
  });

  it("QO-201 a failing pre-calculation keeps the flag off and shows the server message", async () => {
    const q = startQuickOrder({
      presize: async () => {
        throw new ApiError(1010, "Finished size cannot be calculated", 200);
      },
    });
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.presize" });
    await q.editing();
    expect(q.refusal()).toEqual({ key: "server", text: "Finished size cannot be calculated" });
    expect(q.context().size.presized).toBe(false);
  });

  it("QO-124 Save to cart saves the draft and goes to /saveItems (issue 24: asking first whether the measurements go back to the customer)", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.save" });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "saving" });
    await q.finished();
    expect(q.calls.saveOrder).toHaveLength(1);
    const draft = q.calls.saveOrder[0]!.context;
    expect(draft.basic.customerId).toBe(77);
    expect(draft.fabric).toEqual({ source: "sys", code: IN_STOCK_FABRIC, inStock: true });
    expect(draft.size.values).toEqual(BODY_VALUES);
    expect(q.actor.getSnapshot().value).toBe("done");
    expect(q.context().outcome).toEqual({
      to: "/saveItems",
      failed: false,
      saveBack: { orderId: "Q-1001", customerId: CUSTOMER.id },
    });
  });

  it("QO-088 QO-089 D-06 Save and Submit check steps 1 and 2 again (restored drafts: no fabric, no stock answer, no nickname or weight, an unfinished TEXT craft)", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    const persisted = q.actor.getPersistedSnapshot() as unknown as { context: QuickOrderContext };
    const restore = (patch: Partial<QuickOrderContext>) =>
      createActor(quickOrderMachine, {
        input: { categoryId: 3000 },
        snapshot: { ...persisted, context: { ...persisted.context, ...patch } } as never,
      }).start();
    const cases: Array<[Partial<QuickOrderContext>, unknown]> = [
      [{ fabric: { source: "sys", code: "", inStock: null } }, { key: "order.fabricRequired" }],
      // QO-163: a system fabric without a stock answer, or answered out of stock
      [{ fabric: { source: "sys", code: IN_STOCK_FABRIC, inStock: null } }, { key: "order.fabricRequired" }],
      [{ fabric: { source: "sys", code: OUT_OF_STOCK_FABRIC, inStock: false } }, { key: "fabric.outOfStock" }],
      // D-06: a draft saved without nickname or weight
      [{ basic: { ...persisted.context.basic, shortName: "" } }, { key: "customer.nicknameRequired" }],
      [{ basic: { ...persisted.context.basic, weight: "" } }, { key: "customer.weightRequired" }],
      [{ crafts: { selected: [...SUIT_DEFAULTS, 51], texts: {} } }, { key: "craft.notFinished", name: "Name label" }],
    ];
    for (const [patch, expected] of cases) {
      for (const type of ["user.save", "user.submit"] as const) {
        const restored = restore(patch);
        expect(restored.getSnapshot().value).toEqual({ sizeBody: "editing" });
        restored.send({ type });
        expect(restored.getSnapshot().value).toEqual({ sizeBody: "editing" });
        expect(withoutField(restored.getSnapshot().context.refusal)).toEqual(expected);
        restored.stop();
      }
    }
  });

  it("QO-126 Submit success goes to /underProduction", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.presize" });
    await q.editing();
    q.send({ type: "user.submit" });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "submitting" });
    await q.finished();
    expect(q.context().outcome).toEqual({ to: "/underProduction", failed: false });
  });

  it("issue 24: a submitted order for a customer of the book carries the question whether to save its measurements back", async () => {
    const q = startQuickOrder({ submitOrder: async () => ({ failed: false, orderId: "77", orderCode: "MTM77" }) });
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.presize" });
    await q.editing();
    q.send({ type: "user.submit" });
    await q.finished();
    // the customer was picked from the book (fillStep1): the order page asks before it moves on
    expect(q.context().outcome).toEqual({
      to: "/underProduction",
      failed: false,
      orderCode: "MTM77",
      saveBack: { orderId: "77", customerId: CUSTOMER.id },
    });
  });

  it("QO-127 a submit result marked failed goes to /myOrder with failed", async () => {
    const q = startQuickOrder({ submitOrder: async () => ({ failed: true }) });
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.presize" });
    await q.editing();
    q.send({ type: "user.submit" });
    await q.finished();
    expect(q.context().outcome).toEqual({ to: "/myOrder", failed: true });
  });

  it.each([
    ["QO-128 QO-199 save", "saveOrder", "user.save", "Fabric VB1000 is no longer available"],
    ["QO-128 QO-200 submit", "submitOrder", "user.submit", "Insufficient Balance"],
  ] as const)("%s: an API error keeps the user on step 3 with the server text", async (_, actorId, type, text) => {
    const q = startQuickOrder({
      [actorId]: async () => {
        throw new ApiError(1002, text, 200);
      },
    });
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.presize" });
    await q.editing();
    q.send({ type });
    await q.editing();
    expect(q.actor.getSnapshot().status).toBe("active");
    expect(q.refusal()).toEqual({ key: "server", text });
    expect(q.context().outcome).toBeNull();
    expect(q.context().size.values).toEqual(BODY_VALUES);
    // The user may try again.
    expect(q.actor.getSnapshot().can({ type })).toBe(true);
  });

  it("QO-128 an error without server text shows the generic failure", async () => {
    const q = startQuickOrder({
      saveOrder: async () => {
        throw new NetworkError("Failed to fetch");
      },
    });
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.save" });
    await q.editing();
    expect(q.refusal()).toEqual({ key: "order.failed" });
  });

  it("QO-128 Previous is not taken while the order is being saved: the save completes", async () => {
    const gate = deferred<{ orderId: string }>();
    const q = startQuickOrder({ saveOrder: () => gate.promise });
    await q.toStep3();
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.save" });
    q.send({ type: "user.previous" });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "saving" });
    gate.resolve({ orderId: "Q-1" });
    await q.finished();
    expect(q.context().outcome).toEqual({
      to: "/saveItems",
      failed: false,
      saveBack: { orderId: "Q-1", customerId: CUSTOMER.id },
    });
  });

  it("QO-092 QO-129 Previous from step 3 is accepted only at rest: not while loading, pre-calculating or submitting", async () => {
    const gates = {
      loadMeasurements: deferred<SizeLoad>(),
      presize: deferred<Record<number, string>>(),
      submitOrder: deferred<{ failed: boolean }>(),
    };
    const q = startQuickOrder({
      loadMeasurements: () => gates.loadMeasurements.promise,
      presize: () => gates.presize.promise,
      submitOrder: () => gates.submitOrder.promise,
    });
    const refusesPrevious = (state: string) => {
      expect(q.actor.getSnapshot().value).toEqual({ sizeBody: state });
      expect(q.actor.getSnapshot().can({ type: "user.previous" })).toBe(false);
      q.send({ type: "user.previous" });
      expect(q.actor.getSnapshot().value).toEqual({ sizeBody: state });
    };
    await q.toStep2();
    q.send({ type: "user.next" });
    refusesPrevious("loadingParts");
    gates.loadMeasurements.resolve(sizeLoad(10052));
    await q.editing();
    expect(q.actor.getSnapshot().can({ type: "user.previous" })).toBe(true);
    q.fillSizes(BODY_VALUES);
    q.send({ type: "user.presize" });
    refusesPrevious("presizing");
    gates.presize.resolve({});
    await q.editing();
    q.send({ type: "user.submit" });
    refusesPrevious("submitting");
    gates.submitOrder.resolve({ failed: false });
    await q.finished();
    expect(q.context().outcome).toEqual({ to: "/underProduction", failed: false });
  });

  it("QO-092 Previous from step 3 goes back to step 2", async () => {
    const q = startQuickOrder();
    await q.toStep3();
    q.send({ type: "user.previous" });
    expect(q.actor.getSnapshot().matches("crafts")).toBe(true);
  });
});
