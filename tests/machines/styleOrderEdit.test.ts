import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  styleOrderMachine,
  type LoadStyleInput,
  type StyleLoad,
} from "../../machines/styleOrder/styleOrder.machine.ts";
import { selectStylePieceNames, styleOrderStep } from "../../machines/styleOrder/styleOrder.selectors.ts";
import type { DraftInput, OrderMode, SizeLoad } from "../../machines/quickOrder/quickOrder.machine.ts";
import { priceMachine, type FabricPriceInput } from "../../machines/shared/price/price.machine.ts";
import {
  buildStyleDraft,
  savedStyleValues,
  styleIdOfOrder,
  type SavedStylePiece,
} from "../../domain/orderEntry/style.ts";
import { restoreFromOrder, type OrderInfo } from "../../domain/orderEntry/draft.ts";
import type { OrderDraft } from "../../domain/orderEntry/draft.ts";
import { CUSTOMER, sizeLoad } from "./quickOrder.fixtures.ts";
import { STYLE, STYLE_FABRICS, STYLE_ID, STYLE_LOAD } from "./styleOrder.fixtures.ts";

/**
 * QO-085, QO-086, QO-169 for the style order (order type 10, D-03): a saved style order opened for
 * edit, pending edit or buy again comes back with its style, fabric, every craft value, customer and
 * measurements; saving updates the order (edit) or makes a new one (buy again).
 */

type MeasureInput = { categoryId: number; method: number; customerId: number | null; pieces: number[] };

/** What getOrderInfo answers for a saved draft (the server returns the draft it stored; buy again without id and code). */
const orderInfoOf = (draft: OrderDraft, mode: OrderMode): OrderInfo =>
  ({
    ...draft,
    orderId: mode === "buyagain" ? "" : "S-1",
    orderCode: mode === "buyagain" ? "" : "C-0001",
  }) as unknown as OrderInfo;

/** The style order with network doubles; `info` is the saved order its load answers with, as the page's actor reads it. */
function start(input: { orderId?: string; mode?: OrderMode; styleId?: number }, info?: OrderInfo) {
  const calls = { loadStyle: [] as LoadStyleInput[], saveOrder: [] as DraftInput[] };
  const machine = styleOrderMachine.provide({
    actors: {
      loadStyle: fromPromise<StyleLoad, LoadStyleInput>(async ({ input }) => {
        calls.loadStyle.push(input);
        if (!info) return STYLE_LOAD;
        const pieces = info.detailList as unknown as SavedStylePiece[];
        expect(styleIdOfOrder(pieces)).toBe(STYLE_ID);
        return {
          ...STYLE_LOAD,
          values: savedStyleValues(pieces),
          setup: { ...STYLE_LOAD.setup, order: restoreFromOrder(info) },
        };
      }),
      price: priceMachine.provide({
        actors: {
          quote: fromPromise(async ({ input }: { input: FabricPriceInput }) => ({
            makePrice: "",
            fabricPrice: "",
            price: input.code ? "420.00" : "",
            moneyType: "USD",
          })),
        },
      }),
      buyStyle: fromPromise<{ price: string; currency: string }, DraftInput>(async () => ({
        price: "455.00",
        currency: "USD",
      })),
      loadMeasurements: fromPromise<SizeLoad, MeasureInput>(async ({ input }) =>
        sizeLoad(input.method, undefined, input.pieces),
      ),
      presize: fromPromise<Record<number, string>, DraftInput>(async () => ({ 501: "104" })),
      saveOrder: fromPromise<{ orderId: string }, DraftInput>(async ({ input }) => {
        calls.saveOrder.push(input);
        return { orderId: input.context.orderId || "S-2" };
      }),
      submitOrder: fromPromise<{ failed: boolean }, DraftInput>(async () => ({ failed: false })),
    },
  });
  const actor = createActor(machine, { input: { categoryId: 0, styleId: 0, ...input } });
  actor.start();
  return { actor, calls };
}
type Actor = ReturnType<typeof start>["actor"];

const atStep = (actor: Actor, step: number) => waitFor(actor, (s) => styleOrderStep(s) === step);
const measuring = (actor: Actor) =>
  waitFor(actor, (s) => s.matches({ ordering: { steps: { measurements: "editing" } } }));

/** Buy, the customer's Next and Save To Cart: the draft the save sends. */
async function buyAndSave(actor: Actor, calls: ReturnType<typeof start>["calls"]) {
  actor.send({ type: "user.buy" });
  await atStep(actor, 1);
  actor.send({ type: "user.next" });
  await measuring(actor);
  actor.send({ type: "user.save" });
  await waitFor(actor, (s) => s.status === "done");
  expect(actor.getSnapshot().context.refusal).toBeNull();
  return buildStyleDraft(calls.saveOrder.at(-1)!.context);
}

/** A new style order, every field given: the second fabric, both crafts, a customer, the measurements. */
async function savedNewOrder(): Promise<OrderDraft> {
  const { actor, calls } = start({ styleId: STYLE_ID });
  await atStep(actor, 0);
  actor.send({ type: "user.pickFabric", code: STYLE_FABRICS[1]! });
  actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 901, value: "8 cm" });
  actor.send({ type: "user.setStyleCraft", pieceId: 72, craftId: 903, value: "Plain" });
  actor.send({ type: "user.buy" });
  await atStep(actor, 1);
  actor.send({ type: "user.pickCustomer", customer: CUSTOMER });
  actor.send({ type: "user.next" });
  await measuring(actor);
  const { size } = actor.getSnapshot().context;
  for (const p of [...size.parts, ...size.pieces.flatMap((piece) => piece.parts)])
    actor.send({ type: "user.setMeasure", partId: p.id, value: String(Math.round((p.minValue + p.maxValue) / 2) + 1) });
  actor.send({ type: "user.save" });
  await waitFor(actor, (s) => s.status === "done");
  return buildStyleDraft(calls.saveOrder[0]!.context);
}

/** The fields of a draft that must come back unchanged (the order id aside). */
const fieldsOf = (draft: OrderDraft) => {
  const { orderId: _id, ...rest } = draft as OrderDraft & { orderId?: string | null };
  return { ...rest, orderInfo: JSON.parse(rest.orderInfo ?? "{}") as unknown };
};

describe("style order: an opened order (QO-085, QO-086, QO-169, D-03)", () => {
  it("QO-085 QO-169 edit loads the order and its style, restores fabric, every craft value, customer and measurements; saving unchanged sends the same order with its id", async () => {
    const saved = await savedNewOrder();
    const info = orderInfoOf(saved, "edit");
    const { actor, calls } = start({ orderId: "S-1", mode: "edit" }, info);
    await atStep(actor, 0);
    expect(calls.loadStyle).toEqual([{ styleId: 0, orderId: "S-1", mode: "edit" }]);
    const c = actor.getSnapshot().context;
    expect(c.orderId).toBe("S-1");
    expect(c.orderCode).toBe("C-0001");
    expect(c.categoryId).toBe(3000);
    expect(c.styleOrder?.product).toEqual(STYLE);
    expect(c.fabric).toMatchObject({ source: "sys", code: STYLE_FABRICS[1] });
    expect(c.styleOrder?.values).toEqual({ "71.901": "8 cm", "72.903": "Plain" });
    expect(c.basic).toMatchObject({ customerId: CUSTOMER.id, customerName: saved.customerName });
    expect(saved.customerName).not.toBe("");
    expect(c.size.pieces.map((p) => p.categoryId)).toEqual([2000]);
    const draft = await buyAndSave(actor, calls);
    expect((draft as { orderId?: string }).orderId).toBe("S-1");
    // every field round-trips
    expect(fieldsOf(draft)).toEqual(fieldsOf(saved));
  });

  it("QO-085 edit: a changed craft value is saved into the same order, the rest unchanged", async () => {
    const saved = await savedNewOrder();
    const { actor, calls } = start({ orderId: "S-1", mode: "pending" }, orderInfoOf(saved, "pending"));
    await atStep(actor, 0);
    actor.send({ type: "user.setStyleCraft", pieceId: 71, craftId: 901, value: "9 cm" });
    const draft = await buyAndSave(actor, calls);
    expect((draft as { orderId?: string }).orderId).toBe("S-1");
    const crafts = (d: OrderDraft) =>
      d.detailList.map((p) => (p as { styleCraftList?: unknown }).styleCraftList) as unknown[];
    expect(crafts(draft)).toEqual([
      [
        { styleCraftId: 901, content: "9 cm" },
        { styleCraftId: 902, content: "" },
      ],
      [{ styleCraftId: 903, content: "Plain" }],
    ]);
    const { detailList: a, orderInfo: _a, ...restA } = fieldsOf(draft) as OrderDraft;
    const { detailList: b, orderInfo: _b, ...restB } = fieldsOf(saved) as OrderDraft;
    expect(restA).toEqual(restB);
    expect(a.map((p) => p.sizeList)).toEqual(b.map((p) => p.sizeList));
  });

  it("QO-086 buy again loads the order without its id: saving makes a new order with the same fields", async () => {
    const saved = await savedNewOrder();
    const { actor, calls } = start({ orderId: "S-1", mode: "buyagain" }, orderInfoOf(saved, "buyagain"));
    await atStep(actor, 0);
    expect(calls.loadStyle[0]).toMatchObject({ orderId: "S-1", mode: "buyagain" });
    expect(actor.getSnapshot().context.orderId).toBe("");
    expect(actor.getSnapshot().context.orderCode).toBe("");
    const draft = await buyAndSave(actor, calls);
    expect((draft as { orderId?: string | null }).orderId || "").toBe("");
    expect(fieldsOf(draft)).toEqual(fieldsOf(saved));
  });

  it("QO-085 a craft the style no longer has is dropped from the opened order's values", async () => {
    const saved = await savedNewOrder();
    const info = orderInfoOf(saved, "edit");
    const pieces = info.detailList as unknown as Array<{
      styleCraftList: Array<{ styleCraftId: number; content: string }>;
    }>;
    pieces[0]!.styleCraftList.push({ styleCraftId: 999, content: "gone" });
    const { actor } = start({ orderId: "S-1", mode: "edit" }, info);
    await atStep(actor, 0);
    expect(actor.getSnapshot().context.styleOrder?.values).toEqual({ "71.901": "8 cm", "72.903": "Plain" });
  });
});

describe("style order: an opened order's presets (QO-085)", () => {
  it("QO-085 a preset the order cleared stays cleared; a craft the order left out gets its preset, as the server reads it", async () => {
    const saved = await savedNewOrder();
    const cleared = orderInfoOf(saved, "edit");
    const clearedPieces = cleared.detailList as unknown as Array<{
      styleCraftList: Array<{ styleCraftId: number; content: string }>;
    }>;
    clearedPieces[1]!.styleCraftList = [{ styleCraftId: 903, content: "" }];
    const a = start({ orderId: "S-1", mode: "edit" }, cleared);
    await atStep(a.actor, 0);
    expect(a.actor.getSnapshot().context.styleOrder?.values).toEqual({ "71.901": "8 cm" });

    const left = orderInfoOf(saved, "edit");
    (left.detailList as unknown as Array<{ styleCraftList: unknown[] }>)[1]!.styleCraftList = [];
    const b = start({ orderId: "S-1", mode: "edit" }, left);
    await atStep(b.actor, 0);
    expect(b.actor.getSnapshot().context.styleOrder?.values).toEqual({ "71.901": "8 cm", "72.903": "Plain" });
  });
});

describe("style order: step 3's piece headings (SO-016)", () => {
  it("SO-016 the further pieces are headed with the style's own piece name and style code", async () => {
    const { actor } = start({ styleId: STYLE_ID });
    await atStep(actor, 0);
    const trousers = STYLE.pieces[1]!;
    expect(selectStylePieceNames(actor.getSnapshot())).toEqual({
      [trousers.clothCategory]: `${trousers.styleName} (${trousers.styleCode})`,
    });
  });
});
