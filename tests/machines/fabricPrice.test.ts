import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor, type ActorRefFrom } from "xstate";
import { FABRIC_PRICE_DEBOUNCE_MS, fabricPriceMachine, type FabricPriceInput, type FabricQuote } from "../../machines/shared/price/fabricPrice.machine.ts";
import { quickOrderMachine, type LoadSetupInput, type QuickOrderSetup } from "../../machines/quickOrder/quickOrder.machine.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import { SUIT_SETUP } from "./quickOrder.fixtures.ts";

const quoteOf = (input: FabricPriceInput): FabricQuote => ({
  makePrice: "220.00", fabricPrice: input.code ? "87.50" : "0.00", price: input.code ? "307.50" : "220.00", moneyType: "USD",
});

function start(answer: (input: FabricPriceInput) => Promise<FabricQuote> = async (input) => quoteOf(input)) {
  const clock = new SimulatedClock();
  const calls: FabricPriceInput[] = [];
  const actor = createActor(fabricPriceMachine.provide({
    actors: { quote: fromPromise<FabricQuote, FabricPriceInput>(async ({ input }) => { calls.push(input); return answer(input); }) },
  }), { input: { categoryId: 3000, source: "sys", code: "" }, clock }).start();
  return { actor, clock, calls };
}

describe("fabric price", () => {
  it("QO-111 the price is recalculated 1000 ms after the fabric changes, not before", async () => {
    expect(FABRIC_PRICE_DEBOUNCE_MS).toBe(1000);
    const { actor, clock, calls } = start();
    clock.increment(1000);
    await waitFor(actor, (s) => s.matches("priced"));
    expect(actor.getSnapshot().context.quote?.price).toBe("220.00");
    actor.send({ type: "fabric.changed", source: "sys", code: "F0005" });
    expect(actor.getSnapshot().hasTag("pending")).toBe(true);
    clock.increment(999);
    expect(calls).toHaveLength(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches("priced"));
    expect(calls).toEqual([{ categoryId: 3000, source: "sys", code: "" }, { categoryId: 3000, source: "sys", code: "F0005" }]);
    expect(actor.getSnapshot().context.quote).toEqual({ makePrice: "220.00", fabricPrice: "87.50", price: "307.50", moneyType: "USD" });
  });

  it("QO-111 changes within the wait restart it: one call for the last fabric", async () => {
    const { actor, clock, calls } = start();
    for (const code of ["F0001", "F0002", "F0003"]) {
      actor.send({ type: "fabric.changed", source: "sys", code });
      clock.increment(600);
    }
    expect(calls).toEqual([]);
    clock.increment(400);
    await waitFor(actor, (s) => s.matches("priced"));
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
    expect(actor.getSnapshot().matches("quoting")).toBe(true);
    actor.send({ type: "fabric.changed", source: "cus", code: "Own tweed" });
    release();
    clock.increment(1000);
    await waitFor(actor, (s) => s.matches("priced"));
    expect(calls.map((c) => c.code)).toEqual(["F0001", "Own tweed"]);
    expect(actor.getSnapshot().context.fabric).toEqual({ source: "cus", code: "Own tweed" });
    // the late answer for F0001 (319.99) never shows
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().context.quote?.price).toBe("307.50");
  });

  it("QO-111 a refused price shows the server's message", async () => {
    const { actor, clock } = start(async () => { throw new ApiError(1003, "Fabric NOPE does not exist"); });
    clock.increment(1000);
    await waitFor(actor, (s) => s.matches("priced"));
    expect(actor.getSnapshot().context).toMatchObject({ quote: null, failure: { key: "server", text: "Fabric NOPE does not exist" } });
  });

  it("QO-111 the order entry tells its price child about every fabric change", async () => {
    const clock = new SimulatedClock();
    const calls: FabricPriceInput[] = [];
    const actor = createActor(quickOrderMachine.provide({
      actors: {
        loadSetup: fromPromise<QuickOrderSetup, LoadSetupInput>(async () => SUIT_SETUP),
        checkStock: fromPromise<{ inStock: boolean }, { code: string }>(async () => ({ inStock: true })),
        fabricPrice: fabricPriceMachine.provide({ actors: { quote: fromPromise<FabricQuote, FabricPriceInput>(async ({ input }) => { calls.push(input); return quoteOf(input); }) } }),
      },
    }), { input: { categoryId: 3000 }, clock }).start();
    await waitFor(actor, (s) => s.matches("basicInfo"));
    actor.send({ type: "user.typeFabric", code: "F00" });
    actor.send({ type: "user.pickFabric", code: "F0005" });
    clock.increment(1000);
    const price = actor.getSnapshot().children.fabricPrice as unknown as ActorRefFrom<typeof fabricPriceMachine>;
    await waitFor(price, (s) => s.matches("priced"));
    expect(calls).toEqual([{ categoryId: 3000, source: "sys", code: "F0005" }]);
    actor.send({ type: "user.setFabricSource", source: "cus" });
    clock.increment(1000);
    await waitFor(price, (s) => s.matches("priced") && calls.length === 2);
    expect(calls[1]).toEqual({ categoryId: 3000, source: "cus", code: "" });
  });
});
