import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  quickOrderMachine,
  type LoadMeasurementsInput,
  type LoadPiecePartsInput,
  type OrderMode,
  type PieceParts,
  type QuickOrderSetup,
  type SizeLoad,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import { buildDraft, restoreFromOrder, type OrderInfo } from "../../domain/orderEntry/draft.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import { step3Refusal as fieldedStep3Refusal } from "../../domain/orderEntry/refusals.ts";
import { withoutField } from "./refusals.ts";

/** The size refusal, without the field it names (tests/machines/refusals.test.ts checks the fields). */
const step3Refusal = (...args: Parameters<typeof fieldedStep3Refusal>) => withoutField(fieldedStep3Refusal(...args));
import {
  ADD_PRODUCTS,
  BODY_VALUES,
  pieceParts,
  SAVED_CONTRAST_SITES,
  SAVED_ORDER_INFO,
  sizeLoad,
  STANDARD_SIZES,
  SUIT_SETUP,
} from "./quickOrder.fixtures.ts";
import { quickOrderToStep3, simpleOrderAtStep3 } from "./orderSteps.ts";

/**
 * Step 3's add-product selector (QO-040, 000 §2.6): a suit offers extra trousers and a waistcoat
 * (`isAdd`); each one chosen is a further garment piece of the draft with its own measurements,
 * checked like the main piece's (QO-147, QO-148). Shared by the quick and the simple order.
 */
interface Doubles {
  setup?: QuickOrderSetup;
  loadMeasurements?: (input: LoadMeasurementsInput) => Promise<SizeLoad>;
  loadPieceParts?: (input: LoadPiecePartsInput) => Promise<PieceParts>;
}

const TROUSERS = 2000;
const WAISTCOAT = 4000;
/** Values that pass the trousers' body parts (2501, 2502 required; 2503 optional). */
const TROUSER_VALUES = { 2501: "86", 2502: "104" };

function start(doubles: Doubles = {}, input: { orderId?: string; mode?: OrderMode } = {}) {
  const calls = { measurements: [] as LoadMeasurementsInput[], pieces: [] as LoadPiecePartsInput[] };
  const actor = createActor(
    quickOrderMachine.provide({
      actors: {
        loadSetup: fromPromise(async () => doubles.setup ?? SUIT_SETUP),
        checkStock: fromPromise(async () => ({ inStock: true as boolean })),
        loadMeasurements: fromPromise(async ({ input }: { input: LoadMeasurementsInput }) => {
          calls.measurements.push(input);
          return (doubles.loadMeasurements ?? (async ({ method, pieces }) => sizeLoad(method, undefined, pieces)))(
            input,
          );
        }),
        loadPieceParts: fromPromise(async ({ input }: { input: LoadPiecePartsInput }) => {
          calls.pieces.push(input);
          return (
            doubles.loadPieceParts ??
            (async ({ categoryId, method }) => ({ categoryId, parts: pieceParts(categoryId, method) }))
          )(input);
        }),
        loadStandardSizes: fromPromise(async () => STANDARD_SIZES),
        presize: fromPromise(async () => ({})),
        saveOrder: fromPromise(async () => ({ orderId: "Q-1" })),
      },
    }),
    { input: { categoryId: 3000, ...input } },
  ).start();
  const context = () => actor.getSnapshot().context;
  const editing = () => waitFor(actor, (s) => s.matches({ sizeBody: "editing" }));
  /** Through steps 1 and 2; `step1` and `step2` send what the user does there before Next. */
  const toStep3 = (hooks: { step1?: () => void; step2?: () => void } = {}) =>
    quickOrderToStep3(actor, { ...hooks, opened: Boolean(input.orderId) });
  async function toggle(categoryId: number) {
    actor.send({ type: "user.toggleAddProduct", categoryId });
    await editing();
  }
  function fill(values: Record<number, string>) {
    for (const [partId, value] of Object.entries(values))
      actor.send({ type: "user.setMeasure", partId: Number(partId), value });
  }
  return { actor, calls, context, editing, toStep3, toggle, fill };
}

describe("the add-product selector (QO-040)", () => {
  it("QO-040 step 3 loads the add-products the category offers with the measurements; none is chosen, the draft has one piece", async () => {
    const q = start();
    await q.toStep3();
    expect(q.calls.measurements).toEqual([{ categoryId: 3000, method: 10052, customerId: 77, pieces: [] }]);
    expect(q.context().size).toMatchObject({ addable: ADD_PRODUCTS, pieces: [] });
    q.fill(BODY_VALUES);
    const draft = buildDraft(q.context());
    expect(draft.addProduct).toBe(0);
    expect(draft.detailList.map((p) => p.clothCategory)).toEqual([3000]);
  });

  it("QO-040 QO-129 adding a piece loads its parts (pending) for the method and customer and fills its stored values; the main values stay", async () => {
    const stored = async ({ categoryId, method }: LoadPiecePartsInput): Promise<PieceParts> => ({
      categoryId,
      parts: pieceParts(categoryId, method).map((p) => (p.id === 2501 ? { ...p, inputValue: 84 } : p)),
    });
    const q = start({ loadPieceParts: stored });
    await q.toStep3();
    q.fill({ 501: "101" });
    q.actor.send({ type: "user.toggleAddProduct", categoryId: TROUSERS });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "loadingPiece" });
    expect(q.actor.getSnapshot().hasTag("pending")).toBe(true);
    // Nothing else is taken while the piece loads.
    expect(q.actor.getSnapshot().can({ type: "user.save" })).toBe(false);
    await q.editing();
    expect(q.calls.pieces).toEqual([{ categoryId: TROUSERS, method: 10052, customerId: 77 }]);
    expect(q.context().size.pieces).toEqual([
      { categoryId: TROUSERS, name: "Extra trousers", parts: withStored(TROUSERS, 10052, { 2501: 84 }) },
    ]);
    expect(q.context().size.values).toEqual({ 501: "101", 2501: "84" });
  });

  it("QO-040 the pieces follow the order the category offers them, whatever order they were added in", async () => {
    const q = start();
    await q.toStep3();
    await q.toggle(WAISTCOAT);
    await q.toggle(TROUSERS);
    expect(q.context().size.pieces.map((p) => p.categoryId)).toEqual([TROUSERS, WAISTCOAT]);
  });

  it("QO-040 a category the order's category does not offer is refused", async () => {
    const q = start();
    await q.toStep3();
    expect(q.actor.getSnapshot().can({ type: "user.toggleAddProduct", categoryId: 1000 })).toBe(false);
    q.actor.send({ type: "user.toggleAddProduct", categoryId: 1000 });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "editing" });
    expect(q.calls.pieces).toEqual([]);
  });

  it("QO-040 removing a piece drops it and its values, without a load; the main values stay", async () => {
    const q = start();
    await q.toStep3();
    await q.toggle(TROUSERS);
    q.fill({ ...BODY_VALUES, ...TROUSER_VALUES });
    q.actor.send({ type: "user.toggleAddProduct", categoryId: TROUSERS });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "editing" });
    expect(q.context().size.pieces).toEqual([]);
    expect(q.context().size.values).toEqual(BODY_VALUES);
    expect(q.calls.pieces).toHaveLength(1);
  });

  it("QO-040 QO-147 QO-148 Save checks the main parts first, then each piece's required parts and ranges, naming the piece", async () => {
    const q = start();
    await q.toStep3();
    await q.toggle(TROUSERS);
    q.actor.send({ type: "user.save" });
    expect(withoutField(q.context().refusal)).toEqual({ key: "size.required", name: "Chest" });
    q.fill(BODY_VALUES);
    q.actor.send({ type: "user.save" });
    expect(withoutField(q.context().refusal)).toEqual({
      key: "size.required",
      name: "Trouser waist",
      piece: "Extra trousers",
    });
    q.fill({ 2501: "86", 2502: "200" });
    q.actor.send({ type: "user.save" });
    expect(withoutField(q.context().refusal)).toEqual({
      key: "size.outOfRange",
      name: "Trouser length",
      min: 80,
      max: 125,
      unit: "cm",
      piece: "Extra trousers",
    });
    // The optional Front rise (2503) may stay empty; out of range it is refused too.
    q.fill({ 2502: "104", 2503: "10" });
    expect(step3Refusal(q.context(), false)).toEqual({
      key: "size.outOfRange",
      name: "Front rise",
      min: 20,
      max: 40,
      unit: "cm",
      piece: "Extra trousers",
    });
    q.fill({ 2503: "" });
    expect(step3Refusal(q.context(), false)).toBeNull();
    q.actor.send({ type: "user.save" });
    expect(withoutField(q.context().refusal)).toBeNull();
    await waitFor(q.actor, (s) => s.status === "done");
  });

  it("QO-040 QO-121 parts a craft disables are skipped on the main piece only", async () => {
    const q = start();
    // Sleeveless (42) disables the suit's Sleeve (503); the pieces' parts all still count.
    await q.toStep3({
      // the sleeveless option, as the view sends its click
      step2: () => q.actor.send({ type: "user.toggleOption", id: 42 }),
    });
    await q.toggle(TROUSERS);
    q.fill({ 501: "100", 502: "90" });
    expect(step3Refusal(q.context(), false)).toEqual({
      key: "size.required",
      name: "Trouser waist",
      piece: "Extra trousers",
    });
    q.fill(TROUSER_VALUES);
    expect(step3Refusal(q.context(), false)).toBeNull();
    expect(buildDraft(q.context()).detailList[0]!.sizeList!.map((p) => p.partId)).toEqual([501, 502]);
  });

  it("QO-040 the draft has addProduct 1 and each piece after the main one: its category, no crafts, its measurements", async () => {
    const q = start();
    await q.toStep3();
    await q.toggle(TROUSERS);
    await q.toggle(WAISTCOAT);
    q.fill({ ...BODY_VALUES, ...TROUSER_VALUES, 4501: "104" });
    const draft = buildDraft(q.context());
    expect(draft.addProduct).toBe(1);
    expect(draft.detailList.slice(1)).toEqual([
      {
        clothCategory: TROUSERS,
        craftList: [],
        embList: [],
        contrastSaveList: [],
        shape: null,
        sizeList: [
          { partId: 2501, partValue: 86, modifyValue: 0 },
          { partId: 2502, partValue: 104, modifyValue: 0 },
        ],
      },
      {
        clothCategory: WAISTCOAT,
        craftList: [],
        embList: [],
        contrastSaveList: [],
        shape: null,
        sizeList: [{ partId: 4501, partValue: 104, modifyValue: 0 }],
      },
    ]);
    // The main piece keeps only its own parts.
    expect(draft.detailList[0]!.sizeList!.map((p) => p.partId)).toEqual([501, 502, 503, 504]);
    expect(JSON.parse(draft.orderInfo!).size.pieces).toEqual([TROUSERS, WAISTCOAT]);
  });

  it("QO-040 QO-100 with standard sizes each piece loads the finished parts and carries the suit's shape", async () => {
    const q = start();
    await q.toStep3();
    q.actor.send({ type: "user.selectMethod", method: 10054 });
    await q.editing();
    await q.toggle(TROUSERS);
    expect(q.calls.pieces.at(-1)).toEqual({ categoryId: TROUSERS, method: 10054, customerId: 77 });
    q.actor.send({ type: "user.selectSizeArea", sizeAreaId: 10441 });
    q.actor.send({ type: "user.selectShape", shape: 10432 });
    await q.editing();
    q.actor.send({ type: "user.pickStandardSize", sizeId: 901 });
    q.fill({ 2601: "88", 2602: "103" });
    expect(step3Refusal(q.context(), false)).toBeNull();
    expect(buildDraft(q.context()).detailList[1]).toMatchObject({
      clothCategory: TROUSERS,
      shape: 10432,
      sizeList: [
        { partId: 2601, partValue: 88, modifyValue: 0, shape: 10432 },
        { partId: 2602, partValue: 103, modifyValue: 0, shape: 10432 },
      ],
    });
  });

  it("QO-040 QO-100 choosing a size area, a shape or a standard size keeps the add-products' values", async () => {
    const q = start();
    await q.toStep3();
    q.actor.send({ type: "user.selectMethod", method: 10054 });
    await q.editing();
    await q.toggle(TROUSERS);
    q.fill({ 2601: "88", 2602: "103" });
    q.actor.send({ type: "user.selectSizeArea", sizeAreaId: 10441 });
    q.actor.send({ type: "user.selectShape", shape: 10432 });
    await q.editing();
    expect(q.context().size.values).toEqual({ 2601: "88", 2602: "103" });
    q.actor.send({ type: "user.pickStandardSize", sizeId: 901 });
    expect(q.context().size.values).toMatchObject({ 2601: "88", 2602: "103", 601: "74" });
  });

  it("QO-103 QO-040 a reload for another length unit alone carries typed values over, converted", async () => {
    const q = start();
    await q.toStep3();
    await q.toggle(TROUSERS);
    q.fill({ 501: "100", ...TROUSER_VALUES });
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.setHeightUnit", unit: 10265 });
    q.actor.send({ type: "user.next" });
    q.actor.send({ type: "user.next" });
    await q.editing();
    expect(q.context().size.values).toMatchObject({ 501: "39.37", 2501: "33.86", 2502: "40.94" });
  });

  it("QO-040 QO-102 a method change keeps the chosen pieces and reloads their parts with the method's", async () => {
    const q = start();
    await q.toStep3();
    await q.toggle(TROUSERS);
    q.fill(TROUSER_VALUES);
    q.actor.send({ type: "user.selectMethod", method: 10053 });
    expect(q.actor.getSnapshot().value).toEqual({ sizeBody: "loadingParts" });
    await q.editing();
    expect(q.calls.measurements.at(-1)).toEqual({
      categoryId: 3000,
      method: 10053,
      customerId: 77,
      pieces: [TROUSERS],
    });
    expect(q.context().size.pieces).toEqual([
      { categoryId: TROUSERS, name: "Extra trousers", parts: pieceParts(TROUSERS, 10053) },
    ]);
    expect(q.context().size.values).toEqual({});
  });

  it("QO-040 QO-103 in inches a piece's parts convert like the main parts, on adding and on a reload", async () => {
    const q = start();
    await q.toStep3({ step1: () => q.actor.send({ type: "user.setHeightUnit", unit: 10265 }) });
    await q.toggle(TROUSERS);
    expect(q.context().size.pieces[0]!.parts[0]).toMatchObject({ id: 2501, minValue: 23.62, maxValue: 55.12 });
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.previous" });
    q.actor.send({ type: "user.setHeightUnit", unit: 10266 });
    q.actor.send({ type: "user.next" });
    q.actor.send({ type: "user.next" });
    await q.editing();
    expect(q.calls.measurements.at(-1)!.pieces).toEqual([TROUSERS]);
    expect(q.context().size.pieces[0]!.parts[0]).toMatchObject({ id: 2501, minValue: 60, maxValue: 140 });
  });

  it("QO-040 QO-098 adding or removing a piece resets the pre-calculation", async () => {
    const q = start();
    await q.toStep3();
    q.fill(BODY_VALUES);
    q.actor.send({ type: "user.presize" });
    await q.editing();
    expect(q.context().size.presized).toBe(true);
    await q.toggle(TROUSERS);
    expect(q.context().size.presized).toBe(false);
    q.fill(TROUSER_VALUES);
    q.actor.send({ type: "user.presize" });
    await q.editing();
    expect(q.context().size.presized).toBe(true);
    q.actor.send({ type: "user.toggleAddProduct", categoryId: TROUSERS });
    expect(q.context().size.presized).toBe(false);
  });

  it("QO-040 QO-128 a failing piece load keeps the user in step 3 with the server message, without the piece", async () => {
    const q = start({
      loadPieceParts: async () => {
        throw new ApiError(500, "Measurements are not available", 500);
      },
    });
    await q.toStep3();
    await q.toggle(TROUSERS);
    expect(withoutField(q.context().refusal)).toEqual({ key: "server", text: "Measurements are not available" });
    expect(q.context().size.pieces).toEqual([]);
  });

  it("QO-040 QO-147 a piece whose parts did not load on a reload is refused with size.notLoaded", async () => {
    const q = start({ loadMeasurements: async ({ method }) => ({ ...sizeLoad(method), pieces: [] }) });
    await q.toStep3();
    await q.toggle(TROUSERS);
    q.actor.send({ type: "user.selectMethod", method: 10053 });
    await q.editing();
    q.fill({ 601: "74", 602: "104", 603: "62" });
    expect(step3Refusal(q.context(), false)).toEqual({ key: "size.notLoaded" });
  });
});

describe("opened orders with add-products (QO-040, QO-085, QO-086)", () => {
  const withPiece = (info: OrderInfo): QuickOrderSetup => ({
    ...SUIT_SETUP,
    contrastSites: SAVED_CONTRAST_SITES,
    order: restoreFromOrder(info),
  });

  it("QO-040 QO-085 an edit brings the piece back with its name, parts and saved values from the first load", async () => {
    const q = start({ setup: withPiece(SAVED_ORDER_INFO) }, { orderId: "42", mode: "edit" });
    await waitFor(q.actor, (s) => s.matches("basicInfo"));
    expect(q.context().size.pieces).toEqual([{ categoryId: TROUSERS, name: "", parts: [] }]);
    await q.toStep3();
    expect(q.calls.measurements).toEqual([{ categoryId: 3000, method: 10052, customerId: 77, pieces: [TROUSERS] }]);
    expect(q.context().size.pieces).toEqual([
      { categoryId: TROUSERS, name: "Extra trousers", parts: pieceParts(TROUSERS, 10052) },
    ]);
    expect(q.context().size.values).toMatchObject({ 501: "100", 2501: "86", 2502: "104" });
  });

  it("QO-040 a saved piece the category no longer offers is dropped on the first load (the server would refuse it)", async () => {
    const q = start(
      {
        setup: withPiece(SAVED_ORDER_INFO),
        loadMeasurements: async ({ method, pieces }) => ({
          ...sizeLoad(method, undefined, pieces),
          addable: ADD_PRODUCTS.slice(1),
        }),
      },
      { orderId: "42", mode: "edit" },
    );
    await q.toStep3();
    expect(q.context().size.pieces).toEqual([]);
    expect(buildDraft(q.context()).addProduct).toBe(0);
  });
});

describe("the simple order shares the add-products (D-10)", () => {
  it("QO-040 QO-147 the simple order's measurement step adds a piece and checks it before step 4", async () => {
    const actor = await simpleOrderAtStep3({
      loadMeasurements: fromPromise(async ({ input }: { input: LoadMeasurementsInput }) =>
        sizeLoad(input.method, undefined, input.pieces),
      ),
      loadPieceParts: fromPromise(async ({ input }: { input: LoadPiecePartsInput }) => ({
        categoryId: input.categoryId,
        parts: pieceParts(input.categoryId, input.method),
      })),
    });
    actor.send({ type: "user.toggleAddProduct", categoryId: TROUSERS });
    expect(actor.getSnapshot().value).toEqual({ measurements: "loadingPiece" });
    await waitFor(actor, (s) => s.matches({ measurements: "editing" }));
    for (const [partId, value] of Object.entries(BODY_VALUES))
      actor.send({ type: "user.setMeasure", partId: Number(partId), value });
    actor.send({ type: "user.next" });
    expect(withoutField(actor.getSnapshot().context.refusal)).toEqual({
      key: "size.required",
      name: "Trouser waist",
      piece: "Extra trousers",
    });
    for (const [partId, value] of Object.entries(TROUSER_VALUES))
      actor.send({ type: "user.setMeasure", partId: Number(partId), value });
    actor.send({ type: "user.next" });
    expect(actor.getSnapshot().matches("confirm")).toBe(true);
    expect(buildDraft(actor.getSnapshot().context).detailList.map((p) => p.clothCategory)).toEqual([3000, TROUSERS]);
  });
});

/** The fixtures' parts of a piece with stored values. */
function withStored(categoryId: number, method: number, stored: Record<number, number>) {
  return pieceParts(categoryId, method).map((p) => (p.id in stored ? { ...p, inputValue: stored[p.id]! } : p));
}
