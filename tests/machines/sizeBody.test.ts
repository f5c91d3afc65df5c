import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  quickOrderMachine,
  type LoadMeasurementsInput,
  type LoadStandardSizesInput,
  type OrderMode,
  type QuickOrderSetup,
  type SizeLoad,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import { buildDraft, restoreFromOrder, type OrderInfo } from "../../domain/orderEntry/draft.ts";
import { initialPostureChoices, pickPosture } from "../../domain/measurements/posture.ts";
import {
  emptyStandard,
  firstStandardRefusal,
  sizeMatching,
  valuesOfStandard,
} from "../../domain/measurements/standardSizes.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import {
  BODY_VALUES,
  CUSTOMER,
  PARTS,
  POSTURES,
  SAVED_CONTRAST_SITES,
  SAVED_DRAFT,
  SAVED_ORDER_INFO,
  sizeLoad,
  STANDARD_CHOICES,
  STANDARD_SIZES,
  SUIT_SETUP,
} from "./quickOrder.fixtures.ts";
import { quickOrderToStep3, simpleOrderAtStep3 } from "./orderSteps.ts";

/**
 * Step 3 Size & Body (000 §2.6, §4): the body-posture styles (QO-042, QO-096, QO-099), the standard
 * sizes (QO-100) with the edit-once flag (QO-087), shared by the quick and the simple order.
 */
interface Doubles {
  setup?: QuickOrderSetup;
  loadMeasurements?: (input: LoadMeasurementsInput) => Promise<SizeLoad>;
  loadStandardSizes?: (input: LoadStandardSizesInput) => Promise<typeof STANDARD_SIZES>;
}

import { step3Refusal as fieldedStep3Refusal } from "../../domain/orderEntry/refusals.ts";
import { withoutField } from "./refusals.ts";

/** The size refusal, without the field it names (tests/machines/refusals.test.ts checks the fields). */
const step3Refusal = (...args: Parameters<typeof fieldedStep3Refusal>) => withoutField(fieldedStep3Refusal(...args));

function start(doubles: Doubles = {}, input: { orderId?: string; mode?: OrderMode } = {}) {
  const calls = {
    measurements: [] as LoadMeasurementsInput[],
    standard: [] as LoadStandardSizesInput[],
    saved: [] as unknown[],
  };
  const actor = createActor(
    quickOrderMachine.provide({
      actors: {
        loadSetup: fromPromise(async () => doubles.setup ?? SUIT_SETUP),
        checkStock: fromPromise(async () => ({ inStock: true as boolean })),
        loadMeasurements: fromPromise(async ({ input }: { input: LoadMeasurementsInput }) => {
          calls.measurements.push(input);
          return (doubles.loadMeasurements ?? (async ({ method }) => sizeLoad(method)))(input);
        }),
        loadStandardSizes: fromPromise(async ({ input }: { input: LoadStandardSizesInput }) => {
          calls.standard.push(input);
          return (doubles.loadStandardSizes ?? (async () => STANDARD_SIZES))(input);
        }),
        saveOrder: fromPromise(async ({ input }) => {
          calls.saved.push(buildDraft(input.context));
          return { orderId: "Q-1" };
        }),
      },
    }),
    { input: { categoryId: 3000, ...input } },
  ).start();
  const context = () => actor.getSnapshot().context;
  const editing = () => waitFor(actor, (s) => s.matches({ sizeBody: "editing" }));
  const toStep3 = (customer = CUSTOMER) => quickOrderToStep3(actor, { customer, opened: Boolean(input.orderId) });
  async function chooseMethod(method: number) {
    actor.send({ type: "user.selectMethod", method });
    await editing();
  }
  /** QO-100: standard sizes with size area EU (10441) and shape Regular (10432), their size list loaded. */
  async function toStandardSizeList() {
    await chooseMethod(10054);
    actor.send({ type: "user.selectSizeArea", sizeAreaId: 10441 });
    actor.send({ type: "user.selectShape", shape: 10432 });
    await editing();
  }
  return { actor, calls, context, editing, toStep3, chooseMethod, toStandardSizeList };
}

describe("body-posture styles (QO-042, QO-096, QO-099)", () => {
  it("QO-042 QO-096 method 10052 loads the measurements and the posture specs, each preselected with its chooseId", async () => {
    const q = start();
    await q.toStep3();
    expect(q.calls.measurements).toEqual([{ categoryId: 3000, method: 10052, customerId: 77, pieces: [] }]);
    expect(q.context().size).toMatchObject({
      method: 10052,
      parts: PARTS[10052],
      postures: POSTURES,
      bodyTypes: [802, 811],
    });
  });

  it("QO-096 a posture pick replaces its spec's previous choice; a detail no spec offers is refused; the draft carries the choices", async () => {
    const q = start();
    await q.toStep3();
    q.actor.send({ type: "user.pickPosture", detailId: 812 });
    expect(q.context().size.bodyTypes).toEqual([802, 812]);
    q.actor.send({ type: "user.pickPosture", detailId: 801 });
    expect(q.context().size.bodyTypes).toEqual([812, 801]);
    // the measurements child machine refuses it
    expect(q.actor.getSnapshot().can({ type: "user.pickPosture", detailId: 999 })).toBe(false);
    q.actor.send({ type: "user.pickPosture", detailId: 999 });
    expect(q.context().size.bodyTypes).toEqual([812, 801]);
    expect(buildDraft(q.context()).bodyTypeList).toEqual([812, 801]);
  });

  it("QO-099 method 10053 loads its measurements and posture too", async () => {
    const q = start();
    await q.toStep3();
    await q.chooseMethod(10053);
    expect(q.calls.measurements.at(-1)).toEqual({ categoryId: 3000, method: 10053, customerId: 77, pieces: [] });
    expect(q.context().size).toMatchObject({
      method: 10053,
      parts: PARTS[10053],
      postures: POSTURES,
      bodyTypes: [802, 811],
    });
  });

  it("QO-102 changing the method clears the posture choices and reloads them with the sizes", async () => {
    const q = start();
    await q.toStep3();
    q.actor.send({ type: "user.pickPosture", detailId: 803 });
    q.actor.send({ type: "user.selectMethod", method: 10053 });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "loadingParts" });
    expect(q.context().size).toMatchObject({ postures: [], bodyTypes: [] });
    await q.editing();
    // The reload preselects again (the server's chooseId), the earlier pick does not carry over.
    expect(q.context().size.bodyTypes).toEqual([802, 811]);
  });

  it("QO-096 QO-103 a reload for another unit keeps the picks; another customer brings their stored choices", async () => {
    const q = start();
    await q.toStep3();
    q.actor.send({ type: "user.pickPosture", detailId: 803 });
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.setHeightUnit", unit: 10265 });
    q.actor.send({ type: "user.next" });
    q.actor.send({ type: "user.next" });
    await q.editing();
    expect(q.calls.measurements).toHaveLength(2);
    expect(q.context().size.bodyTypes).toEqual([803, 811]);
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.previous" });
    // kept in inches: 71 in (180 cm; 180 in would be refused by the book's height limits)
    q.actor.send({ type: "user.pickCustomer", customer: { ...CUSTOMER, id: 78, height: 71, heightUnit: 10265 } });
    q.actor.send({ type: "user.next" });
    q.actor.send({ type: "user.next" });
    await q.editing();
    expect(q.calls.measurements.at(-1)).toMatchObject({ customerId: 78 });
    expect(q.context().size.bodyTypes).toEqual([802, 811]);
  });

  it("QO-096 QO-085 QO-086 an opened order's posture choices win over the preselection and go back into the draft (edit and buy again)", async () => {
    for (const mode of ["edit", "buyagain"] as const) {
      const info = { ...SAVED_ORDER_INFO, bodyTypeList: [803, 812] } as OrderInfo;
      expect(restoreFromOrder(info).size.bodyTypes).toEqual([803, 812]);
      const q = start(
        { setup: { ...SUIT_SETUP, contrastSites: SAVED_CONTRAST_SITES, order: restoreFromOrder(info) } },
        { orderId: "42", mode },
      );
      await q.toStep3();
      expect(q.context().size.bodyTypes).toEqual([803, 812]);
      expect(buildDraft(q.context())).toEqual({
        ...SAVED_DRAFT,
        custInfo: expect.any(String),
        orderInfo: expect.any(String),
        bodyTypeList: [803, 812],
        orderId: mode === "edit" ? "42" : "",
      });
    }
  });

  it("QO-096 a saved choice the specs no longer offer falls back to the spec's chooseId", () => {
    expect(initialPostureChoices(POSTURES, [999, 812])).toEqual([802, 812]);
    expect(initialPostureChoices(POSTURES, [])).toEqual([802, 811]);
    expect(pickPosture(POSTURES, [802, 811], 999)).toEqual([802, 811]);
  });
});

describe("standard sizes (QO-100, QO-087)", () => {
  const saved = (q: ReturnType<typeof start>) => q.calls.saved.at(-1) as ReturnType<typeof buildDraft>;

  it("QO-100 method 10054 loads the finished parts, the posture specs and the size-area and shape buttons; no customer sizes", async () => {
    const q = start();
    await q.toStep3();
    await q.chooseMethod(10054);
    expect(q.calls.measurements.at(-1)).toEqual({ categoryId: 3000, method: 10054, customerId: 77, pieces: [] });
    expect(q.context().size).toMatchObject({ method: 10054, parts: PARTS[10053], values: {}, postures: POSTURES });
    expect(q.context().size.standard).toEqual({ ...emptyStandard(), choices: STANDARD_CHOICES });
  });

  it("QO-100 Save is refused for a missing size area, then shape, then size; the size list loads once both buttons are chosen", async () => {
    const q = start();
    await q.toStep3();
    await q.chooseMethod(10054);
    q.actor.send({ type: "user.save" });
    expect(withoutField(q.context().refusal)).toEqual({ key: "size.areaRequired" });
    q.actor.send({ type: "user.selectSizeArea", sizeAreaId: 10441 });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "editing" });
    q.actor.send({ type: "user.save" });
    expect(withoutField(q.context().refusal)).toEqual({ key: "size.shapeRequired" });
    q.actor.send({ type: "user.selectShape", shape: 10432 });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "loadingStandard" });
    expect(q.actor.getSnapshot().hasTag("pending")).toBe(true);
    await q.editing();
    expect(q.calls.standard).toEqual([{ categoryId: 3000, sizeAreaId: 10441, shape: 10432 }]);
    expect(q.context().size.standard.sizes).toEqual(STANDARD_SIZES);
    q.actor.send({ type: "user.save" });
    expect(withoutField(q.context().refusal)).toEqual({ key: "size.standardRequired" });
    expect(q.calls.saved).toEqual([]);
  });

  it("QO-100 the chosen size fills the finished measurements, which the user may adjust; the draft carries area, shape and sizes", async () => {
    const q = start();
    await q.toStep3();
    await q.chooseMethod(10054);
    q.actor.send({ type: "user.selectShape", shape: 10432 });
    q.actor.send({ type: "user.selectSizeArea", sizeAreaId: 10441 });
    await q.editing();
    expect(q.actor.getSnapshot().can({ type: "user.pickStandardSize", sizeId: 999 })).toBe(false);
    q.actor.send({ type: "user.pickStandardSize", sizeId: 902 });
    expect(q.context().size.standard.sizeId).toBe(902);
    expect(q.context().size.values).toEqual({ 601: "76", 602: "108", 603: "63" });
    q.actor.send({ type: "user.setMeasure", partId: 602, value: "110" });
    q.actor.send({ type: "user.save" });
    await waitFor(q.actor, (s) => s.status === "done");
    expect(saved(q)).toMatchObject({
      sizeCategoryId: 10054,
      sizeAreaId: 10441,
      detailList: [
        {
          shape: 10432,
          sizeList: [
            { partId: 601, partValue: 76, modifyValue: 0, shape: 10432 },
            { partId: 602, partValue: 110, modifyValue: 0, shape: 10432 },
            { partId: 603, partValue: 63, modifyValue: 0, shape: 10432 },
          ],
        },
      ],
    });
  });

  it("QO-100 QO-147 QO-148 an adjusted standard size is checked against the finished parts' ranges", async () => {
    const q = start();
    await q.toStep3();
    await q.toStandardSizeList();
    q.actor.send({ type: "user.pickStandardSize", sizeId: 901 });
    q.actor.send({ type: "user.setMeasure", partId: 601, value: "200" });
    expect(step3Refusal(q.context(), false)).toEqual({
      key: "size.outOfRange",
      name: "Jacket length",
      min: 60,
      max: 90,
      unit: "cm",
    });
  });

  it("QO-100 another size area or shape empties the chosen size and its values and loads the list again", async () => {
    const q = start();
    await q.toStep3();
    await q.toStandardSizeList();
    q.actor.send({ type: "user.pickStandardSize", sizeId: 901 });
    q.actor.send({ type: "user.selectShape", shape: 10431 });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "loadingStandard" });
    expect(q.context().size.standard).toMatchObject({ areaId: 10441, shape: 10431, sizes: [], sizeId: null });
    expect(q.context().size.values).toEqual({});
    await q.editing();
    expect(q.calls.standard.at(-1)).toEqual({ categoryId: 3000, sizeAreaId: 10441, shape: 10431 });
  });

  it("QO-100 QO-103 in inches a standard size fills converted values; a unit change refills the chosen size", async () => {
    const q = start();
    await q.toStep3({ ...CUSTOMER, height: 70.87, heightUnit: 10265 });
    await q.toStandardSizeList();
    q.actor.send({ type: "user.pickStandardSize", sizeId: 901 });
    expect(q.context().size.values).toEqual({ 601: "29.13", 602: "40.94", 603: "24.41" });
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.setHeightUnit", unit: 10266 });
    q.actor.send({ type: "user.next" });
    q.actor.send({ type: "user.next" });
    await q.editing();
    expect(q.context().size.standard.sizeId).toBe(901);
    expect(q.context().size.values).toEqual({ 601: "74", 602: "104", 603: "62" });
  });

  it("QO-100 QO-128 a failing size list keeps the user in step 3 with the server message", async () => {
    const q = start({
      loadStandardSizes: async () => {
        throw new ApiError(500, "Standard sizes are not available", 500);
      },
    });
    await q.toStep3();
    await q.toStandardSizeList();
    expect(withoutField(q.context().refusal)).toEqual({ key: "server", text: "Standard sizes are not available" });
    expect(q.context().size.standard.sizes).toEqual([]);
  });

  it("QO-121 parts disabled by a craft use the extension's finished-garment mode with standard sizes", async () => {
    const q = start();
    await q.toStep3();
    await q.chooseMethod(10054);
    // Sleeveless (42) disables 603 in mode 10053
    const context = { ...q.context(), crafts: { selected: [11, 111, 21, 23, 42], texts: {} } };
    const draft = buildDraft({ ...context, size: { ...context.size, values: { 601: "74", 602: "104", 603: "62" } } });
    expect(draft.detailList[0]!.sizeList!.map((p) => p.partId)).toEqual([601, 602]);
  });

  // QO-087: an order saved with standard sizes, the finished chest adjusted from size 48's 104 to 106;
  // QO-040: with extra trousers, whose piece carries the suit's shape too.
  const standardInfo = {
    ...SAVED_ORDER_INFO,
    sizeCategoryId: 10054,
    sizeAreaId: 10441,
    bodyTypeList: [801, 811],
    detailList: [
      {
        ...SAVED_DRAFT.detailList[0]!,
        shape: 10432,
        sizeList: [
          [601, 74],
          [602, 106],
          [603, 62],
        ].map(([partId, partValue]) => ({ partId: partId!, partValue: partValue!, modifyValue: 0, shape: 10432 })),
      },
      {
        ...SAVED_DRAFT.detailList[1]!,
        shape: 10432,
        sizeList: [
          [2601, 88],
          [2602, 103],
        ].map(([partId, partValue]) => ({ partId: partId!, partValue: partValue!, modifyValue: 0, shape: 10432 })),
      },
    ],
  } as OrderInfo;
  const standardSetup = { ...SUIT_SETUP, contrastSites: SAVED_CONTRAST_SITES, order: restoreFromOrder(standardInfo) };

  it("QO-087 QO-040 editing an order with standard sizes sets the edit-once flag; its area, shape, adjusted sizes and add-product stand and save back unchanged", async () => {
    const q = start({ setup: standardSetup }, { orderId: "42", mode: "edit" });
    await waitFor(q.actor, (s) => s.matches("basicInfo"));
    expect(q.context().size).toMatchObject({
      method: 10054,
      editOnce: true,
      standard: { areaId: 10441, shape: 10432 },
    });
    await q.toStep3();
    // The parts, then the size list of the saved area and shape, load by themselves.
    expect(q.calls.standard).toEqual([{ categoryId: 3000, sizeAreaId: 10441, shape: 10432 }]);
    expect(q.context().size.values).toEqual({ 601: "74", 602: "106", 603: "62", 2601: "88", 2602: "103" });
    // No size matches the adjusted values: none is highlighted, yet the saved sizes count as chosen.
    expect(q.context().size.standard.sizeId).toBeNull();
    expect(step3Refusal(q.context(), true)).toBeNull();
    q.actor.send({ type: "user.save" });
    await waitFor(q.actor, (s) => s.status === "done");
    expect(saved(q)).toEqual({
      ...SAVED_DRAFT,
      custInfo: expect.any(String),
      orderInfo: expect.any(String),
      sizeCategoryId: 10054,
      sizeAreaId: 10441,
      bodyTypeList: [801, 811],
      detailList: [
        { ...SAVED_DRAFT.detailList[0]!, shape: 10432, sizeList: standardInfo.detailList[0]!.sizeList },
        { ...SAVED_DRAFT.detailList[1]!, shape: 10432, sizeList: standardInfo.detailList[1]!.sizeList },
      ],
    });
  });

  it("QO-087 the saved sizes are not overwritten by the customer's stored sizes when the parts reload", async () => {
    const withStored = async ({ method }: LoadMeasurementsInput): Promise<SizeLoad> => ({
      ...sizeLoad(method),
      parts: PARTS[10053]!.map((p) => ({ ...p, inputValue: 80 })),
    });
    const q = start({ setup: standardSetup, loadMeasurements: withStored }, { orderId: "42", mode: "edit" });
    await q.toStep3();
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.pickCustomer", customer: { ...CUSTOMER, id: 78 } });
    q.actor.send({ type: "user.next" });
    q.actor.send({ type: "user.next" });
    await q.editing();
    expect(q.calls.measurements).toHaveLength(2);
    expect(q.context().size.values).toEqual({ 601: "74", 602: "106", 603: "62", 2601: "88", 2602: "103" });
    expect(q.context().size.editOnce).toBe(true);
  });

  it("QO-087 QO-103 with the flag set, another length unit converts the saved sizes with the parts", async () => {
    const q = start({ setup: standardSetup }, { orderId: "42", mode: "edit" });
    await q.toStep3();
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.setHeightUnit", unit: 10265 });
    q.actor.send({ type: "user.next" });
    q.actor.send({ type: "user.next" });
    await q.editing();
    expect(q.context().size.editOnce).toBe(true);
    expect(q.context().size.values).toMatchObject({ 601: "29.13", 602: "41.73", 603: "24.41" });
    expect(step3Refusal(q.context(), true)).toBeNull();
  });

  it("QO-091 QO-087 after a failed first load, loading again keeps the opened order's sizes, flag, area, shape and posture", async () => {
    let fail = true;
    const flaky = async ({ method }: LoadMeasurementsInput): Promise<SizeLoad> => {
      if (fail) throw new ApiError(500, "Measurements are not available", 200);
      return sizeLoad(method);
    };
    const q = start({ setup: standardSetup, loadMeasurements: flaky }, { orderId: "42", mode: "edit" });
    await q.toStep3();
    expect(q.context().size.parts).toEqual([]);
    expect(q.actor.getSnapshot().can({ type: "user.reloadMeasurements" })).toBe(true);
    fail = false;
    q.actor.send({ type: "user.reloadMeasurements" });
    await waitFor(q.actor, (s) => s.matches({ sizeBody: "editing" }) && s.context.size.parts.length > 0);
    expect(q.context().size).toMatchObject({
      editOnce: true,
      bodyTypes: [801, 811],
      standard: { areaId: 10441, shape: 10432 },
      values: { 601: "74", 602: "106", 603: "62", 2601: "88", 2602: "103" },
    });
    expect(q.actor.getSnapshot().can({ type: "user.reloadMeasurements" })).toBe(false);
  });

  it("QO-087 a saved size that matches a listed size is shown as chosen; the first own standard choice clears the flag", async () => {
    const exact = {
      ...standardInfo,
      detailList: [
        {
          ...standardInfo.detailList[0]!,
          sizeList: standardInfo.detailList[0]!.sizeList!.map((p) => (p.partId === 602 ? { ...p, partValue: 104 } : p)),
        },
      ],
    } as OrderInfo;
    const q = start({ setup: { ...standardSetup, order: restoreFromOrder(exact) } }, { orderId: "42", mode: "edit" });
    await q.toStep3();
    expect(q.context().size.standard.sizeId).toBe(901);
    q.actor.send({ type: "user.selectSizeArea", sizeAreaId: 10442 });
    expect(q.context().size).toMatchObject({ editOnce: false, values: {}, standard: { areaId: 10442, sizeId: null } });
    await q.editing();
    q.actor.send({ type: "user.save" });
    expect(withoutField(q.context().refusal)).toEqual({ key: "size.standardRequired" });
  });

  it("QO-087 an order with body measurements does not set the flag", async () => {
    const q = start(
      { setup: { ...SUIT_SETUP, order: restoreFromOrder(SAVED_ORDER_INFO) } },
      { orderId: "42", mode: "edit" },
    );
    await waitFor(q.actor, (s) => s.matches("basicInfo"));
    expect(q.context().size.editOnce).toBe(false);
  });

  it("QO-100 QO-087 the pure rules: area, shape, size in order; the saved size counts while the flag is set; an exact match is found", () => {
    const standard = { ...emptyStandard(), areaId: 10441, shape: 10432 };
    expect(firstStandardRefusal(emptyStandard(), false)).toEqual({ key: "size.areaRequired" });
    expect(firstStandardRefusal({ ...emptyStandard(), areaId: 10441 }, true)).toEqual({ key: "size.shapeRequired" });
    expect(firstStandardRefusal(standard, false)).toEqual({ key: "size.standardRequired" });
    expect(firstStandardRefusal(standard, true)).toBeNull();
    expect(firstStandardRefusal({ ...standard, sizeId: 901 }, false)).toBeNull();
    const cm = (n: number) => n;
    expect(sizeMatching(STANDARD_SIZES, valuesOfStandard(STANDARD_SIZES[1]!, cm), cm)?.id).toBe(902);
    expect(
      sizeMatching(STANDARD_SIZES, { ...valuesOfStandard(STANDARD_SIZES[1]!, cm), 602: "109" }, cm),
    ).toBeUndefined();
  });
});

describe("the simple order shares step 3's size parts (D-10)", () => {
  it("QO-100 QO-096 the simple order's measurement step offers posture and standard sizes too", async () => {
    const actor = await simpleOrderAtStep3({
      loadMeasurements: fromPromise(async ({ input }: { input: LoadMeasurementsInput }) => sizeLoad(input.method)),
      loadStandardSizes: fromPromise(async () => STANDARD_SIZES),
    });
    expect(actor.getSnapshot().context.size.bodyTypes).toEqual([802, 811]);
    for (const [partId, value] of Object.entries(BODY_VALUES))
      actor.send({ type: "user.setMeasure", partId: Number(partId), value });
    actor.send({ type: "user.selectMethod", method: 10054 });
    await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
    actor.send({ type: "user.next" });
    expect(withoutField(actor.getSnapshot().context.refusal)).toEqual({ key: "size.areaRequired" });
    actor.send({ type: "user.selectSizeArea", sizeAreaId: 10441 });
    actor.send({ type: "user.selectShape", shape: 10432 });
    expect(actor.getSnapshot().matches({ measurements: "loadingStandard" })).toBe(true);
    await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
    actor.send({ type: "user.pickStandardSize", sizeId: 901 });
    actor.send({ type: "user.next" });
    expect(actor.getSnapshot().matches("confirm")).toBe(true);
  });
});
