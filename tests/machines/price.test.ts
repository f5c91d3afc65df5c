import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor, type ActorRefFrom } from "xstate";
import {
  PRICE_DEBOUNCE_MS,
  priceMachine,
  type FabricPriceInput,
  type FabricQuote,
  type OrderDraft,
  type OrderQuote,
} from "../../machines/shared/price/price.machine.ts";
import {
  quickOrderMachine,
  type LoadSetupInput,
  type QuickOrderSetup,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import { SUIT_SETUP } from "./quickOrder.fixtures.ts";

const quoteOf = (input: FabricPriceInput): FabricQuote => ({
  makePrice: "220.00",
  fabricPrice: input.code ? "87.50" : "0.00",
  price: input.code ? "307.50" : "220.00",
  moneyType: "USD",
});

const quoteFor = (d: OrderDraft): OrderQuote =>
  ({
    price: "300.00",
    totalPrice: (300 * (d.amount ?? 1)).toFixed(2),
    amount: d.amount ?? 1,
    moneyType: "USD",
  }) as OrderQuote;

function start(answer: (input: FabricPriceInput) => Promise<FabricQuote> = async (input) => quoteOf(input)) {
  const clock = new SimulatedClock();
  const calls: FabricPriceInput[] = [];
  const actor = createActor(
    priceMachine.provide({
      actors: {
        quote: fromPromise<FabricQuote, FabricPriceInput>(async ({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
    }),
    { input: { categoryId: 3000, source: "sys", code: "" }, clock },
  ).start();
  return { actor, clock, calls };
}

/** A real quick order (suit 3000) whose price child answers with `quote` and `quoteOrder`; the fabric is always in stock. */
async function startOrderEntry(
  quote: (input: FabricPriceInput) => FabricQuote,
  quoteOrder: (draft: OrderDraft) => OrderQuote,
) {
  const clock = new SimulatedClock();
  const calls = { fabric: [] as FabricPriceInput[], order: [] as OrderDraft[] };
  const actor = createActor(
    quickOrderMachine.provide({
      actors: {
        loadSetup: fromPromise<QuickOrderSetup, LoadSetupInput>(async () => SUIT_SETUP),
        checkStock: fromPromise<{ inStock: boolean }, { code: string }>(async () => ({ inStock: true })),
        price: priceMachine.provide({
          actors: {
            quote: fromPromise<FabricQuote, FabricPriceInput>(async ({ input }) => {
              calls.fabric.push(input);
              return quote(input);
            }),
            quoteOrder: fromPromise<OrderQuote, OrderDraft>(async ({ input }) => {
              calls.order.push(input);
              return quoteOrder(input);
            }),
          },
        }),
      },
    }),
    { input: { categoryId: 3000 }, clock },
  ).start();
  await waitFor(actor, (s) => s.matches("basicInfo"));
  const price = actor.getSnapshot().children.price as unknown as ActorRefFrom<typeof priceMachine>;
  return { actor, price, clock, calls };
}

describe("fabric price", () => {
  it("QO-111 the price is recalculated 1000 ms after the fabric changes, not before", async () => {
    expect(PRICE_DEBOUNCE_MS).toBe(1000);
    const { actor, clock, calls } = start();
    clock.increment(1000);
    await waitFor(actor, (s) => s.matches({ fabric: "priced" }));
    expect(actor.getSnapshot().context.quote?.price).toBe("220.00");
    actor.send({ type: "fabric.changed", source: "sys", code: "F0005" });
    expect(actor.getSnapshot().hasTag("pending")).toBe(true);
    clock.increment(999);
    expect(calls).toHaveLength(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ fabric: "priced" }));
    expect(calls).toEqual([
      { categoryId: 3000, source: "sys", code: "" },
      { categoryId: 3000, source: "sys", code: "F0005" },
    ]);
    expect(actor.getSnapshot().context.quote).toEqual({
      makePrice: "220.00",
      fabricPrice: "87.50",
      price: "307.50",
      moneyType: "USD",
    });
  });

  it("QO-111 changes within the wait restart it: one call for the last fabric", async () => {
    const { actor, clock, calls } = start();
    for (const code of ["F0001", "F0002", "F0003"]) {
      actor.send({ type: "fabric.changed", source: "sys", code });
      clock.increment(600);
    }
    expect(calls).toEqual([]);
    clock.increment(400);
    await waitFor(actor, (s) => s.matches({ fabric: "priced" }));
    expect(calls.map((c) => c.code)).toEqual(["F0003"]);
  });

  it("QO-111 a change while a price is being fetched drops that answer", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { actor, clock, calls } = start(async (input) => {
      if (input.code !== "F0001") return quoteOf(input);
      await gate;
      return { makePrice: "220.00", fabricPrice: "99.99", price: "319.99", moneyType: "USD" };
    });
    actor.send({ type: "fabric.changed", source: "sys", code: "F0001" });
    clock.increment(1000);
    expect(actor.getSnapshot().matches({ fabric: "quoting" })).toBe(true);
    actor.send({ type: "fabric.changed", source: "cus", code: "Own tweed" });
    release();
    clock.increment(1000);
    await waitFor(actor, (s) => s.matches({ fabric: "priced" }));
    expect(calls.map((c) => c.code)).toEqual(["F0001", "Own tweed"]);
    expect(actor.getSnapshot().context.fabric).toEqual({ source: "cus", code: "Own tweed" });
    // the late answer for F0001 (319.99) never shows
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().context.quote?.price).toBe("307.50");
  });

  it("QO-111 a refused price shows the server's message", async () => {
    const { actor, clock } = start(async () => {
      throw new ApiError(1003, "Fabric NOPE does not exist");
    });
    clock.increment(1000);
    await waitFor(actor, (s) => s.matches({ fabric: "priced" }));
    expect(actor.getSnapshot().context).toMatchObject({
      quote: null,
      failure: { key: "server", text: "Fabric NOPE does not exist" },
    });
  });

  it("QO-111 the order entry tells its price child about every fabric change", async () => {
    const {
      actor,
      price,
      clock,
      calls: { fabric: calls },
    } = await startOrderEntry(quoteOf, quoteFor);
    actor.send({ type: "user.typeFabric", code: "F00" });
    actor.send({ type: "user.pickFabric", code: "F0005" });
    clock.increment(1000);
    await waitFor(price, (s) => s.matches({ fabric: "priced" }));
    expect(calls).toEqual([{ categoryId: 3000, source: "sys", code: "F0005" }]);
    actor.send({ type: "user.setFabricSource", source: "cus" });
    clock.increment(1000);
    await waitFor(price, (s) => s.matches({ fabric: "priced" }) && calls.length === 2);
    expect(calls[1]).toEqual({ categoryId: 3000, source: "cus", code: "" });
  });
});

describe("order price", () => {
  const draft = (amount: number, crafts: number[] = []): OrderDraft =>
    ({
      type: 7,
      clothCategory: 3000,
      amount,
      addProduct: 0,
      fabric: "",
      fabricType: "sys",
      sizeCategoryId: 10052,
      detailList: [{ clothCategory: 3000, craftList: crafts.map((id) => ({ craftId: id })) }],
    }) as unknown as OrderDraft;

  function startOrderPrice(answer: (d: OrderDraft) => Promise<OrderQuote> = async (d) => quoteFor(d)) {
    const clock = new SimulatedClock();
    const calls: OrderDraft[] = [];
    const actor = createActor(
      priceMachine.provide({
        actors: {
          quote: fromPromise<FabricQuote, FabricPriceInput>(async ({ input }) => quoteOf(input)),
          quoteOrder: fromPromise<OrderQuote, OrderDraft>(async ({ input }) => {
            calls.push(input);
            return answer(input);
          }),
        },
      }),
      { input: { categoryId: 3000, source: "sys", code: "" }, clock },
    ).start();
    return { actor, clock, calls };
  }

  it("QO-111 nothing is asked before the order tells a draft; a draft is priced 1000 ms after it rests, the same wait as the fabric's", async () => {
    const { actor, clock, calls } = startOrderPrice();
    clock.increment(5000);
    expect(actor.getSnapshot().matches({ order: "idle" })).toBe(true);
    expect(calls).toEqual([]);
    actor.send({ type: "draft.changed", draft: draft(1) });
    expect(actor.getSnapshot().hasTag("orderPending")).toBe(true);
    clock.increment(PRICE_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ order: "priced" }));
    expect(actor.getSnapshot().context.orderQuote).toEqual(quoteFor(draft(1)));
    expect(actor.getSnapshot().hasTag("orderPending")).toBe(false);
  });

  it("QO-111 drafts told within the wait restart it (one call, for the last); an answer for an older draft is dropped", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { actor, clock, calls } = startOrderPrice(async (d) => {
      if (d.amount === 3) await gate;
      return quoteFor(d);
    });
    for (const amount of [1, 2, 3]) {
      actor.send({ type: "draft.changed", draft: draft(amount) });
      clock.increment(600);
    }
    clock.increment(400);
    expect(calls.map((d) => d.amount)).toEqual([3]);
    actor.send({ type: "draft.changed", draft: draft(4) });
    release();
    clock.increment(PRICE_DEBOUNCE_MS);
    await waitFor(actor, (s) => s.matches({ order: "priced" }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.map((d) => d.amount)).toEqual([3, 4]);
    expect(actor.getSnapshot().context.orderQuote?.totalPrice).toBe("1200.00");
  });

  it("QO-111 the two prices wait independently: a new draft does not restart the fabric's wait, nor a fabric the order's", async () => {
    const { actor, clock, calls } = startOrderPrice();
    actor.send({ type: "draft.changed", draft: draft(1) });
    clock.increment(600);
    actor.send({ type: "fabric.changed", source: "sys", code: "F0001" });
    clock.increment(400);
    await waitFor(actor, (s) => s.matches({ order: "priced" }));
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().matches({ fabric: "waiting" })).toBe(true);
    actor.send({ type: "draft.changed", draft: draft(2) });
    clock.increment(600);
    await waitFor(actor, (s) => s.matches({ fabric: "priced" }));
    expect(actor.getSnapshot().context.fabric.code).toBe("F0001");
    expect(actor.getSnapshot().matches({ order: "waiting" })).toBe(true);
  });

  it("QO-111 a refused order price keeps the reason for the view", async () => {
    const { actor, clock } = startOrderPrice(async () => {
      throw new ApiError(1003, "Fabric NOPE does not exist");
    });
    actor.send({ type: "draft.changed", draft: draft(1) });
    clock.increment(PRICE_DEBOUNCE_MS);
    await waitFor(actor, (s) => s.matches({ order: "priced" }));
    expect(actor.getSnapshot().context.orderFailure).toEqual({ key: "server", text: "Fabric NOPE does not exist" });
  });

  it("QO-111 a failed order price drops the last one: no old price shows while the next is asked for", async () => {
    let fail = false;
    const { actor, clock } = startOrderPrice(async (d) => {
      if (fail) throw new ApiError(1003, "Fabric NOPE does not exist");
      return quoteFor(d);
    });
    actor.send({ type: "draft.changed", draft: draft(1) });
    clock.increment(PRICE_DEBOUNCE_MS);
    await waitFor(actor, (s) => s.context.orderQuote !== null);
    fail = true;
    actor.send({ type: "draft.changed", draft: draft(2) });
    clock.increment(PRICE_DEBOUNCE_MS);
    await waitFor(actor, (s) => s.context.orderFailure !== null);
    fail = false;
    actor.send({ type: "draft.changed", draft: draft(3) });
    expect(actor.getSnapshot().context).toMatchObject({ orderQuote: null, orderFailure: { key: "server" } });
    clock.increment(PRICE_DEBOUNCE_MS);
    await waitFor(actor, (s) => s.matches({ order: "priced" }) && s.context.orderQuote !== null);
    expect(actor.getSnapshot().context).toMatchObject({ orderQuote: { totalPrice: "900.00" }, orderFailure: null });
  });

  it("QO-111 the order entry tells its price child each new priced draft: a craft or the quantity, not a customer field", async () => {
    const {
      actor,
      price,
      clock,
      calls: { order: drafts },
    } = await startOrderEntry(quoteOf, quoteFor);
    clock.increment(PRICE_DEBOUNCE_MS);
    await waitFor(price, (s) => s.matches({ order: "priced" }));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ clothCategory: 3000, amount: 1 });
    // A customer field does not touch the price: nothing is asked.
    actor.send({ type: "user.edit", field: "customerName", value: "John Smith" });
    expect(price.getSnapshot().matches({ order: "priced" })).toBe(true);
    // The quantity does: priced again after the wait.
    actor.send({ type: "user.setAmount", amount: 2 });
    expect(price.getSnapshot().matches({ order: "waiting" })).toBe(true);
    clock.increment(PRICE_DEBOUNCE_MS);
    await waitFor(price, (s) => s.matches({ order: "priced" }) && drafts.length === 2);
    expect(drafts[1]).toMatchObject({ amount: 2 });
    expect(price.getSnapshot().context.orderQuote?.totalPrice).toBe("600.00");
  });
});
