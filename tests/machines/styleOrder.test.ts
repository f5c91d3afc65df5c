import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import {
  styleOrderMachine,
  type LoadStyleInput,
  type StyleLoad,
} from "../../machines/styleOrder/styleOrder.machine.ts";
import {
  sameGarmentPreviewInput,
  selectStyleGarmentPreview,
  styleOrderStep,
  selectFabricPrice,
  selectRefusedStylePiece,
} from "../../machines/styleOrder/styleOrder.selectors.ts";
import { selectMeasuredPieces } from "../../machines/orderEntry/selectors.ts";
import type { DraftInput, SizeLoad } from "../../machines/quickOrder/quickOrder.machine.ts";
import { priceMachine, PRICE_DEBOUNCE_MS, type FabricPriceInput } from "../../machines/shared/price/price.machine.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import { buildStyleDraft, styleChoice, type StyleBought } from "../../domain/orderEntry/style.ts";
import { BODY_VALUES, CUSTOMER, INCOMPLETE_CUSTOMER, pieceParts, sizeLoad } from "./quickOrder.fixtures.ts";
import { STYLE, STYLE_FABRICS, STYLE_ID, STYLE_LOAD } from "./styleOrder.fixtures.ts";

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
type MeasureInput = { categoryId: number; method: number; customerId: number | null; pieces: number[] };

interface Doubles {
  loadStyle?: (input: LoadStyleInput) => Promise<StyleLoad>;
  quote?: (
    input: FabricPriceInput,
  ) => Promise<{ makePrice: string; fabricPrice: string; price: string; moneyType: string }>;
  buyStyle?: (input: DraftInput) => Promise<StyleBought>;
  saveOrder?: (input: DraftInput) => Promise<{ orderId: string }>;
  submitOrder?: (input: DraftInput) => Promise<{ failed: boolean }>;
  loadMeasurements?: (input: MeasureInput) => SizeLoad;
}

/** The style order with network doubles for its promise actors, recording their inputs. */
function startStyleOrder(doubles: Doubles = {}, clock?: SimulatedClock) {
  const calls = {
    loadStyle: [] as LoadStyleInput[],
    quote: [] as FabricPriceInput[],
    buyStyle: [] as DraftInput[],
    loadMeasurements: [] as MeasureInput[],
    presize: [] as DraftInput[],
    saveOrder: [] as DraftInput[],
    submitOrder: [] as DraftInput[],
  };
  const machine = styleOrderMachine.provide({
    actors: {
      loadStyle: fromPromise<StyleLoad, LoadStyleInput>(async ({ input }) => {
        calls.loadStyle.push(input);
        return (doubles.loadStyle ?? (async () => STYLE_LOAD))(input);
      }),
      price: priceMachine.provide({
        actors: {
          quote: fromPromise(async ({ input }: { input: FabricPriceInput }) => {
            calls.quote.push(input);
            return (
              doubles.quote ??
              (async (i: FabricPriceInput) => ({
                makePrice: "",
                fabricPrice: "",
                price: i.code ? "420.00" : "",
                moneyType: "USD",
              }))
            )(input);
          }),
        },
      }),
      buyStyle: fromPromise<StyleBought, DraftInput>(async ({ input }) => {
        calls.buyStyle.push(input);
        return (doubles.buyStyle ?? (async () => ({ price: "455.00", currency: "USD" })))(input);
      }),
      loadMeasurements: fromPromise<SizeLoad, MeasureInput>(async ({ input }) => {
        calls.loadMeasurements.push(input);
        return (doubles.loadMeasurements ?? ((i: MeasureInput) => sizeLoad(i.method, undefined, i.pieces)))(input);
      }),
      presize: fromPromise<Record<number, string>, DraftInput>(async ({ input }) => {
        calls.presize.push(input);
        return { 501: "104" };
      }),
      saveOrder: fromPromise<{ orderId: string }, DraftInput>(async ({ input }) => {
        calls.saveOrder.push(input);
        return (doubles.saveOrder ?? (async () => ({ orderId: "S-1" })))(input);
      }),
      submitOrder: fromPromise<{ failed: boolean }, DraftInput>(async ({ input }) => {
        calls.submitOrder.push(input);
        return (doubles.submitOrder ?? (async () => ({ failed: false })))(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { categoryId: 0, styleId: STYLE_ID }, ...(clock ? { clock } : {}) });
  actor.start();
  return { actor, calls };
}

type Actor = ReturnType<typeof startStyleOrder>["actor"];

const atProduct = (actor: Actor) => waitFor(actor, (s) => styleOrderStep(s) === 0);
const refusal = (actor: Actor) => actor.getSnapshot().context.refusal;
const step = (actor: Actor) => styleOrderStep(actor.getSnapshot());

/** Step 1 filled: a fabric of the style and the required jacket craft (the trousers' is preset). */
async function toCustomer(actor: Actor) {
  await atProduct(actor);
  actor.send({ type: "user.pickFabric", code: STYLE_FABRICS[0]! });
  actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 901, value: "8 cm" });
  actor.send({ type: "user.buy" });
  await waitFor(actor, (s) => styleOrderStep(s) === 1);
}

/** Every part of the main piece and of the further pieces, in the middle of its range. */
function fillMeasures(actor: Actor) {
  const { size } = actor.getSnapshot().context;
  for (const p of [...size.parts, ...size.pieces.flatMap((piece) => piece.parts)])
    actor.send({ type: "user.setMeasure", partId: p.id, value: String(Math.round((p.minValue + p.maxValue) / 2)) });
}

async function toMeasurements(actor: Actor) {
  await toCustomer(actor);
  actor.send({ type: "user.pickCustomer", customer: CUSTOMER });
  actor.send({ type: "user.next" });
  await waitFor(actor, (s) => s.matches({ ordering: { steps: { measurements: "editing" } } }));
}

describe("style order: loading (SO-024)", () => {
  it("SO-024 SO-001 loads the style by its id, then orders in its category from step 1 with its crafts' presets", async () => {
    const { actor, calls } = startStyleOrder();
    expect(actor.getSnapshot().hasTag("pending")).toBe(true);
    await atProduct(actor);
    expect(calls.loadStyle).toEqual([{ styleId: STYLE_ID, orderId: null, mode: "new" }]);
    const c = actor.getSnapshot().context;
    expect(c.categoryId).toBe(3000);
    expect(c.styleOrder?.product).toEqual(STYLE);
    // the trousers' hem is preset; the jacket's lapel has none
    expect(c.styleOrder?.values).toEqual({ "72.903": "Plain" });
    // QO-094: the first measurement method of the category
    expect(c.size.method).toBe(10052);
  });

  it("SO-024 a style that cannot be loaded shows the server's message and no step", async () => {
    const { actor } = startStyleOrder({
      loadStyle: async () => {
        throw new ApiError(404, "Style 7001 does not exist", 404);
      },
    });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(refusal(actor)).toEqual({ key: "server", text: "Style 7001 does not exist" });
    expect(step(actor)).toBe(-1);
    actor.send({ type: "user.buy" });
    expect(actor.getSnapshot().matches("failed")).toBe(true);
  });
});

describe("style order: the page's language (issue 20 §6)", () => {
  it("SO-024 the style read again in another language takes its names and keeps the choices, the step and the Buy", async () => {
    const { actor } = startStyleOrder();
    await toCustomer(actor);
    const before = actor.getSnapshot().context.styleOrder!;
    const renamed = {
      ...STYLE,
      styleName: "商务套装",
      pieces: STYLE.pieces.map((piece) => ({
        ...piece,
        styleName: `${piece.styleName} 中文`,
        crafts: piece.crafts.map((craft) => ({ ...craft, name: `${craft.name} 中文` })),
      })),
    };
    actor.send({ type: "style.translated", product: renamed });
    const after = actor.getSnapshot().context.styleOrder!;
    expect(after.product).toEqual(renamed);
    expect(after.values).toEqual(before.values);
    expect(after.bought).toEqual(before.bought);
    expect(step(actor)).toBe(1);
    // another style's reading (a late answer for another page) changes nothing
    actor.send({ type: "style.translated", product: { ...renamed, id: STYLE_ID + 1, styleName: "Other" } });
    expect(actor.getSnapshot().context.styleOrder).toBe(after);
  });
});

describe("style order: step 1, the product", () => {
  it("SO-010 SO-017 Buy without a fabric is refused with Please select fabric, naming the fabric", async () => {
    const { actor } = startStyleOrder();
    await atProduct(actor);
    actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 901, value: "8 cm" });
    actor.send({ type: "user.buy" });
    expect(step(actor)).toBe(0);
    expect(refusal(actor)).toEqual({ key: "style.fabricRequired", field: "fabric" });
  });

  it("SO-017 a fabric of blanks only is no fabric", async () => {
    const { actor } = startStyleOrder();
    await atProduct(actor);
    actor.send({ type: "user.typeFabric", code: "   " });
    actor.send({ type: "user.buy" });
    expect(refusal(actor)?.key).toBe("style.fabricRequired");
  });

  it("SO-018 Buy without a value of a type-2 craft is refused with its name, naming its field; the fabric comes first", async () => {
    const { actor } = startStyleOrder();
    await atProduct(actor);
    actor.send({ type: "user.buy" });
    expect(refusal(actor)?.key).toBe("style.fabricRequired");
    actor.send({ type: "user.pickFabric", code: "VB1005" });
    actor.send({ type: "user.buy" });
    expect(step(actor)).toBe(0);
    expect(refusal(actor)).toEqual({ key: "style.craftRequired", name: "Lapel width", field: "style.craft.71.901" });
    // the trousers' preset cleared: the jacket's filled, the trousers' named
    actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 901, value: "9 cm" });
    actor.send({ type: "user.setStyleCraft", pieceId: 72, craftId: 903, value: "" });
    actor.send({ type: "user.buy" });
    expect(refusal(actor)).toEqual({ key: "style.craftRequired", name: "Trouser hem", field: "style.craft.72.903" });
  });

  it("SO-009 a choice craft takes one of its choices; another value is refused at Buy (bad input)", async () => {
    const { actor } = startStyleOrder();
    await atProduct(actor);
    actor.send({ type: "user.pickFabric", code: "VB1000" });
    actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 901, value: "12 cm" });
    actor.send({ type: "user.buy" });
    expect(refusal(actor)).toEqual({
      key: "style.craftValueNotOffered",
      name: "Lapel width",
      value: "12 cm",
      field: "style.craft.71.901",
    });
    expect(step(actor)).toBe(0);
  });

  it("SO-009 a free-text craft takes any text; a craft the style does not have is ignored", async () => {
    const { actor } = startStyleOrder();
    await atProduct(actor);
    actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 902, value: "Burgundy <b>silk</b>" });
    actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 903, value: "Turn-up" });
    actor.send({ type: "user.setStyleCraft", pieceId: 99, craftId: 901, value: "8 cm" });
    expect(actor.getSnapshot().context.styleOrder?.values).toEqual({
      "71.902": "Burgundy <b>silk</b>",
      "72.903": "Plain",
    });
  });

  it("SO-006 a fabric the style does not list is refused at Buy (bad input)", async () => {
    const { actor } = startStyleOrder();
    await atProduct(actor);
    actor.send({ type: "user.pickFabric", code: "ZZ9999" });
    actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 901, value: "8 cm" });
    actor.send({ type: "user.buy" });
    expect(refusal(actor)).toEqual({ key: "style.fabricNotOffered", code: "ZZ9999", field: "fabric" });
  });

  it("SO-011 SO-027 Buy with the fabric and the required crafts is checked by the server, priced, then goes to step 2, the customer", async () => {
    const { actor, calls } = startStyleOrder();
    await toCustomer(actor);
    expect(refusal(actor)).toBeNull();
    expect(styleChoice(calls.buyStyle[0]!.context)).toEqual({
      styleId: STYLE_ID,
      fabricCode: "VB1000",
      // Every craft is sent, a cleared one as "" (the server would give it its preset, and its price)
      pieces: [
        {
          styleInfoId: 71,
          styleCraftList: [
            { styleCraftId: 901, content: "8 cm" },
            { styleCraftId: 902, content: "" },
          ],
        },
        { styleInfoId: 72, styleCraftList: [{ styleCraftId: 903, content: "Plain" }] },
      ],
    });
    expect(actor.getSnapshot().context.styleOrder?.bought).toEqual({ price: "455.00", currency: "USD" });
  });

  it("SO-027 a Buy the server refuses stays on step 1 with its message; Buy waits while it is checked", async () => {
    const { actor } = startStyleOrder({
      buyStyle: async () => {
        throw new ApiError(1002, "Lapel width Not filled in", 200);
      },
    });
    await atProduct(actor);
    actor.send({ type: "user.pickFabric", code: "VB1000" });
    actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 901, value: "8 cm" });
    actor.send({ type: "user.buy" });
    expect(actor.getSnapshot().hasTag("pending")).toBe(true);
    // nothing changes the choice while the server checks it
    actor.send({ type: "user.pickFabric", code: "VB1005" });
    actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 901, value: "9 cm" });
    await waitFor(actor, (s) => s.context.refusal !== null);
    expect(refusal(actor)).toEqual({ key: "server", text: "Lapel width Not filled in" });
    expect(step(actor)).toBe(0);
    const c = actor.getSnapshot().context;
    expect([c.fabric.code, c.styleOrder?.values["71.901"]]).toEqual(["VB1000", "8 cm"]);
  });

  it("SO-027 another fabric or craft value after Buy needs Buy again (its price no longer holds)", async () => {
    const { actor } = startStyleOrder();
    await toCustomer(actor);
    actor.send({ type: "user.previous" });
    expect(actor.getSnapshot().context.styleOrder?.bought).not.toBeNull();
    actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 902, value: "Navy" });
    expect(actor.getSnapshot().context.styleOrder?.bought).toBeNull();
    actor.send({ type: "user.buy" });
    await waitFor(actor, (s) => styleOrderStep(s) === 1);
    actor.send({ type: "user.previous" });
    actor.send({ type: "user.pickFabric", code: "VB1005" });
    expect(actor.getSnapshot().context.styleOrder?.bought).toBeNull();
  });

  it("SO-005 SO-023 the price child prices the style in the chosen fabric 1000 ms after it changes (the style's id with it)", async () => {
    const clock = new SimulatedClock();
    const { actor, calls } = startStyleOrder({}, clock);
    await atProduct(actor);
    clock.increment(PRICE_DEBOUNCE_MS);
    await flush();
    // the first quote is of no fabric
    expect(calls.quote.map((q) => [q.styleId, q.code])).toEqual([[STYLE_ID, ""]]);
    actor.send({ type: "user.pickFabric", code: "VB1000" });
    actor.send({ type: "user.pickFabric", code: "VB1005" });
    clock.increment(PRICE_DEBOUNCE_MS - 1);
    await flush();
    expect(calls.quote).toHaveLength(1);
    clock.increment(1);
    await flush();
    expect(calls.quote.map((q) => [q.styleId, q.code])).toEqual([
      [STYLE_ID, ""],
      [STYLE_ID, "VB1005"],
    ]);
    const price = actor.getSnapshot().children.price!.getSnapshot() as { context: { quote: { price: string } } };
    expect(price.context.quote.price).toBe("420.00");
  });

  it("SO-006 the fabric is chosen only on the product step", async () => {
    const { actor } = startStyleOrder();
    await toCustomer(actor);
    actor.send({ type: "user.pickFabric", code: "VB1005" });
    actor.send({ type: "user.typeFabric", code: "X" });
    expect(actor.getSnapshot().context.fabric.code).toBe("VB1000");
  });
});

describe("style order: step 2, the customer (SO-019..022)", () => {
  it("SO-016 QO-040 the style's further pieces are its add-products, fixed: the measurements offer no other", async () => {
    const { actor } = startStyleOrder();
    await toMeasurements(actor);
    const s = actor.getSnapshot();
    expect(s.context.size.pieces.map((p) => [p.categoryId, p.parts.length > 0])).toEqual([[2000, true]]);
    expect(s.can({ type: "user.toggleAddProduct", categoryId: 2000 })).toBe(false);
    expect(s.can({ type: "user.toggleAddProduct", categoryId: 4000 })).toBe(false);
  });

  it("SO-019 SO-020 SO-021 SO-022 Next names the first of name, height, weight unit and gender that is missing; nickname and weight are not required", async () => {
    const { actor } = startStyleOrder();
    await toCustomer(actor);
    actor.send({ type: "user.next" });
    expect(refusal(actor)).toEqual({ key: "customer.nameRequired", field: "customer.name" });
    actor.send({ type: "user.edit", field: "customerName", value: "Walk-in" });
    actor.send({ type: "user.next" });
    expect(refusal(actor)).toEqual({ key: "customer.heightRequired", field: "customer.height" });
    // a book record without weight unit and gender (the page's form always has a weight unit)
    actor.send({ type: "user.pickCustomer", customer: INCOMPLETE_CUSTOMER });
    actor.send({ type: "user.next" });
    expect(refusal(actor)).toEqual({ key: "customer.weightUnitRequired", field: "customer.weightUnit" });
    actor.send({ type: "user.setWeightUnit", unit: 10261 });
    actor.send({ type: "user.next" });
    expect(refusal(actor)).toEqual({ key: "customer.genderRequired", field: "customer.gender" });
    actor.send({ type: "user.setGender", genderId: 10041 });
    actor.send({ type: "user.edit", field: "shortName", value: "" });
    actor.send({ type: "user.edit", field: "weight", value: "" });
    actor.send({ type: "user.next" });
    expect(refusal(actor)).toBeNull();
    expect(step(actor)).toBe(2);
  });

  it("SO-013 Back from the customer goes to the product, keeping its choices", async () => {
    const { actor } = startStyleOrder();
    await toCustomer(actor);
    actor.send({ type: "user.edit", field: "customerName", value: "Walk-in" });
    actor.send({ type: "user.previous" });
    expect(step(actor)).toBe(0);
    const c = actor.getSnapshot().context;
    expect([c.fabric.code, c.styleOrder?.values["71.901"], c.basic.customerName]).toEqual([
      "VB1000",
      "8 cm",
      "Walk-in",
    ]);
  });
});

describe("style order: step 3, the measurements", () => {
  it("SO-012 Next from the customer loads the measurements of the style's category for the customer", async () => {
    const { actor, calls } = startStyleOrder();
    await toMeasurements(actor);
    expect(calls.loadMeasurements).toEqual([
      { categoryId: 3000, method: 10052, customerId: CUSTOMER.id, pieces: [2000] },
    ]);
    expect(actor.getSnapshot().context.size.parts.length).toBeGreaterThan(0);
  });

  it("SO-013 Back from the measurements goes to the customer", async () => {
    const { actor } = startStyleOrder();
    await toMeasurements(actor);
    actor.send({ type: "user.previous" });
    expect(step(actor)).toBe(1);
  });

  it("SO-014 Save To Cart and Submit only on step 3; Save checks the measurements (QO-147) and goes to the saved items", async () => {
    const { actor, calls } = startStyleOrder();
    await atProduct(actor);
    expect(actor.getSnapshot().can({ type: "user.save" })).toBe(false);
    expect(actor.getSnapshot().can({ type: "user.submit" })).toBe(false);
    await toCustomer(actor);
    expect(actor.getSnapshot().can({ type: "user.save" })).toBe(false);
    actor.send({ type: "user.pickCustomer", customer: CUSTOMER });
    actor.send({ type: "user.next" });
    await waitFor(actor, (s) => s.matches({ ordering: { steps: { measurements: "editing" } } }));
    actor.send({ type: "user.save" });
    expect(refusal(actor)?.key).toBe("size.required");
    for (const [partId, value] of Object.entries(BODY_VALUES))
      actor.send({ type: "user.setMeasure", partId: Number(partId), value });
    // QO-040: the style's trousers are measured too
    actor.send({ type: "user.save" });
    expect(refusal(actor)).toMatchObject({ key: "size.required", name: "Trouser waist", piece: "Extra trousers" });
    fillMeasures(actor);
    actor.send({ type: "user.save" });
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().context.outcome).toMatchObject({ to: "/saveItems", failed: false });
    expect(calls.saveOrder).toHaveLength(1);
  });

  it("SO-014 QO-097 Submit needs the pre-calculation of body measurements, then goes to production", async () => {
    const { actor, calls } = startStyleOrder();
    await toMeasurements(actor);
    fillMeasures(actor);
    actor.send({ type: "user.submit" });
    expect(refusal(actor)?.key).toBe("size.presizeFirst");
    actor.send({ type: "user.presize" });
    await waitFor(actor, (s) => s.context.size.presized);
    actor.send({ type: "user.submit" });
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().context.outcome).toMatchObject({ to: "/underProduction", failed: false });
    expect(calls.submitOrder).toHaveLength(1);
  });

  it("SO-014 QO-127 a submit whose result fails goes to the pending list; a refused save stays with the server's message", async () => {
    const failing = startStyleOrder({ submitOrder: async () => ({ failed: true }) });
    await toMeasurements(failing.actor);
    failing.actor.send({ type: "user.selectMethod", method: 10053 });
    await waitFor(failing.actor, (s) => s.matches({ ordering: { steps: { measurements: "editing" } } }));
    fillMeasures(failing.actor);
    failing.actor.send({ type: "user.submit" });
    await waitFor(failing.actor, (s) => s.status === "done");
    expect(failing.actor.getSnapshot().context.outcome).toMatchObject({ to: "/myOrder", failed: true });

    const refused = startStyleOrder({
      saveOrder: async () => {
        throw new ApiError(1002, "Fabric VB1000 is not offered for this style", 200);
      },
    });
    await toMeasurements(refused.actor);
    fillMeasures(refused.actor);
    refused.actor.send({ type: "user.save" });
    await waitFor(refused.actor, (s) => s.context.refusal !== null);
    expect(refused.actor.getSnapshot().context.refusal).toEqual({
      key: "server",
      text: "Fabric VB1000 is not offered for this style",
    });
    expect(styleOrderStep(refused.actor.getSnapshot())).toBe(2);
  });

  it("SO-027 the draft saved is a type-10 order of the style: its fabric, one piece per garment piece with the style and piece ids and the crafts' values", async () => {
    const { actor, calls } = startStyleOrder();
    await toMeasurements(actor);
    fillMeasures(actor);
    actor.send({ type: "user.save" });
    await waitFor(actor, (s) => s.status === "done");
    const draft = buildStyleDraft(calls.saveOrder[0]!.context);
    expect({ type: draft.type, category: draft.clothCategory, fabric: draft.fabric, source: draft.fabricType }).toEqual(
      {
        type: 10,
        category: 3000,
        fabric: "VB1000",
        source: "sys",
      },
    );
    expect(
      draft.detailList.map((p) => ({
        category: p.clothCategory,
        styleId: (p as { styleId?: number }).styleId,
        styleInfoId: (p as { styleInfoId?: number }).styleInfoId,
        crafts: (p as { styleCraftList?: Array<{ styleCraftId: number; content: string }> }).styleCraftList,
        sizes: (p.sizeList ?? []).length,
      })),
    ).toEqual([
      {
        category: 3000,
        styleId: STYLE_ID,
        styleInfoId: 71,
        crafts: [
          { styleCraftId: 901, content: "8 cm" },
          { styleCraftId: 902, content: "" },
        ],
        sizes: 4,
      },
      {
        category: 2000,
        styleId: STYLE_ID,
        styleInfoId: 72,
        crafts: [{ styleCraftId: 903, content: "Plain" }],
        sizes: 3,
      },
    ]);
    expect(draft.addProduct).toBe(1);
    expect(draft.customerId).toBe(CUSTOMER.id);
  });
});

describe("style order: the live garment preview (issue 10)", () => {
  it("draws each piece of the style with its chosen values, filled with the chosen fabric", async () => {
    const lapel = {
      id: 904,
      name: "Lapel",
      type: 2,
      price: "0.00",
      imageUrl: "",
      choices: ["Notch", "Peak", "Shawl"],
      choiceNames: ["Notch", "Peak", "Shawl"],
      preset: "",
    };
    const style = { ...STYLE, pieces: [{ ...STYLE.pieces[0]!, crafts: [lapel] }, STYLE.pieces[1]!] };
    const { actor } = startStyleOrder({ loadStyle: async () => ({ ...STYLE_LOAD, product: style }) });
    await atProduct(actor);
    const before = selectStyleGarmentPreview(actor.getSnapshot());
    // the jacket's lapel not chosen yet draws none; the trousers are drawn as their own piece
    expect(before.pieces[0]).toEqual({ clothCategory: 3000, craftCodes: [] });
    expect(before.pieces.map((p) => p.clothCategory)).toEqual([3000, 2000]);
    actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 904, value: "Peak" });
    actor.send({ type: "user.pickFabric", code: "VB1005" });
    const after = selectStyleGarmentPreview(actor.getSnapshot());
    expect(after.pieces[0]).toEqual({ clothCategory: 3000, craftCodes: ["LAPEL_PEAK"] });
    expect(after.fabric).toEqual({ source: "sys", code: "VB1005" });
    expect(sameGarmentPreviewInput(before, after)).toBe(false);
  });
});

describe("the shown price", () => {
  it("SO-005 SO-008 the price in the chosen fabric always carries a currency, the style's when the answer names none", () => {
    const snap = (code: string, price: string, moneyType: string) => ({
      context: { fabric: { code }, quote: price ? { makePrice: "", fabricPrice: "", price, moneyType } : null },
    });
    const shown = (s: ReturnType<typeof snap>) => selectFabricPrice(s as never, "USD");
    expect(shown(snap("VB1000", "467.55", ""))).toEqual({ cents: 46755, currency: "USD" });
    expect(shown(snap("VB1000", "467.55", "CNY"))).toEqual({ cents: 46755, currency: "CNY" });
    expect(shown(snap("", "467.55", ""))).toBeNull();
    expect(shown(snap("VB1000", "", ""))).toBeNull();
  });

  it("SO-007 SO-018 the piece whose craft a refusal names is the one whose panel opens", () => {
    const snap = (field: string | undefined) =>
      ({
        context: { refusal: field ? { key: "style.craftRequired", field } : null, styleOrder: { product: STYLE } },
      }) as never;
    expect(selectRefusedStylePiece(snap("style.craft.72.903"))).toBe(72);
    expect(selectRefusedStylePiece(snap("style.craft.71.901"))).toBe(71);
    expect(selectRefusedStylePiece(snap("fabric"))).toBeNull();
    expect(selectRefusedStylePiece(snap(undefined))).toBeNull();
  });
});

describe("style order: a piece its first piece's list measures (issue 20 §7)", () => {
  /** The suit's list holds the trousers' parts by name (as the seed's suit does), under the suit's own part ids. */
  const suitWithTrousers = (input: MeasureInput): SizeLoad => {
    const load = sizeLoad(input.method, undefined, input.pieces);
    const trousers = pieceParts(2000, input.method).map((p) => ({ ...p, id: p.id - 2000 + 10 }));
    return { ...load, parts: [...load.parts, ...trousers] };
  };

  it("SO-016 QO-147 step 3 asks the trousers once, in the suit's list; the order sends the trousers with those values", async () => {
    const { actor, calls } = startStyleOrder({ loadMeasurements: suitWithTrousers });
    await toMeasurements(actor);
    const { size } = actor.getSnapshot().context;
    expect(size.pieces.map((p) => p.categoryId)).toEqual([2000]);
    // the trousers are not asked again
    expect(selectMeasuredPieces(actor.getSnapshot())).toEqual([]);
    // only the suit's list is filled: nothing is refused for the trousers
    for (const p of size.parts)
      actor.send({ type: "user.setMeasure", partId: p.id, value: String(Math.round((p.minValue + p.maxValue) / 2)) });
    actor.send({ type: "user.save" });
    await waitFor(actor, (s) => s.status === "done" || s.context.refusal !== null);
    expect(refusal(actor)).toBeNull();
    const draft = buildStyleDraft(calls.saveOrder[0]!.context);
    const suit = new Map(size.parts.map((p) => [p.name, Math.round((p.minValue + p.maxValue) / 2)]));
    const trousers = draft.detailList[1]!;
    expect(trousers.clothCategory).toBe(2000);
    // each trouser part with the suit's value of the same name, under the trousers' own part id
    expect(trousers.sizeList).toEqual(
      pieceParts(2000, 10052).map((p) => expect.objectContaining({ partId: p.id, partValue: suit.get(p.name) })),
    );
  });

  it("SO-016 a piece with parts of its own is asked for those only", async () => {
    // the suit's list holds the trouser waist alone: the trousers ask their length and rise
    const { actor } = startStyleOrder({
      loadMeasurements: (input) => {
        const load = suitWithTrousers(input);
        return { ...load, parts: load.parts.filter((p) => p.id < 510 || p.name === "Trouser waist") };
      },
    });
    await toMeasurements(actor);
    expect(
      selectMeasuredPieces(actor.getSnapshot()).map((p) => ({
        piece: p.categoryId,
        parts: p.parts.map((x) => x.name),
      })),
    ).toEqual([{ piece: 2000, parts: ["Trouser length", "Front rise"] }]);
  });
});
