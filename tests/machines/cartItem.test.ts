import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { AMOUNT_DEBOUNCE_MS, cartItemMachine, type CartItemInput } from "../../machines/cartItem/cartItem.machine.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import { createController, flush } from "./replay.ts";

const ITEM: CartItemInput = { orderId: "41", isEdit: true, amount: 1, addProduct: 0, price: "100.00" };

function start(input: Partial<CartItemInput> = {}) {
  const clock = new SimulatedClock();
  const controller = createController();
  const emitted: string[] = [];
  const actor = createActor(
    cartItemMachine.provide({
      actors: {
        updateAmount: controller.actor<{ price: string }, { orderId: string; amount: number }>("updateAmount"),
        updateAddProduct: controller.actor<unknown, { orderId: string; addProduct: 0 | 1 }>("updateAddProduct"),
        deleteOrder: controller.actor<unknown, { orderId: string }>("deleteOrder"),
      },
    }),
    { input: { ...ITEM, ...input }, clock },
  );
  actor.on("*", (e) => emitted.push(e.type));
  actor.start();
  const c = () => actor.getSnapshot().context;
  return { actor, clock, controller, emitted, c };
}

describe("cartItem", () => {
  it("CART-030 quantity changes are sent once, 500 ms after the last one", async () => {
    const { actor, clock, controller, c } = start();
    actor.send({ type: "user.increment" });
    clock.increment(AMOUNT_DEBOUNCE_MS - 1);
    actor.send({ type: "user.increment" });
    clock.increment(AMOUNT_DEBOUNCE_MS - 1);
    expect(controller.inputs).toEqual([]);
    expect(c().amount).toBe(3);
    clock.increment(1);
    expect(controller.inputs).toEqual([{ id: "updateAmount", input: { orderId: "41", amount: 3 } }]);
    controller.settle({ type: "xstate.done.actor.updateAmount", output: { price: "300.00" } });
    await flush();
    // CART-047: the price is the server's answer
    expect(c()).toMatchObject({ amount: 3, savedAmount: 3, price: "300.00", refusal: null });
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("CART-030 a change back to the saved amount within the wait sends nothing", () => {
    const { actor, clock, controller } = start({ amount: 2 });
    actor.send({ type: "user.increment" });
    actor.send({ type: "user.decrement" });
    clock.increment(AMOUNT_DEBOUNCE_MS);
    expect(controller.inputs).toEqual([]);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("CART-035 the quantity never goes below 1", () => {
    const { actor, c } = start();
    actor.send({ type: "user.decrement" });
    expect(c()).toMatchObject({ amount: 1, refusal: { key: "cart.minAmount" } });
    actor.send({ type: "user.setAmount", amount: 0 });
    actor.send({ type: "user.setAmount", amount: -3 });
    actor.send({ type: "user.setAmount", amount: Number.NaN });
    expect(c().amount).toBe(1);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("the quantity stays at most 99 (the contract's range)", () => {
    const { actor, c } = start({ amount: 99 });
    actor.send({ type: "user.increment" });
    actor.send({ type: "user.setAmount", amount: 10_000 });
    expect(c()).toMatchObject({ amount: 99, refusal: { key: "cart.maxAmount" } });
  });

  it("CART-031 CART-053 a failed quantity update restores the old amount and says Update failed", async () => {
    const { actor, clock, controller, c } = start({ amount: 2, price: "200.00" });
    actor.send({ type: "user.setAmount", amount: 5 });
    clock.increment(AMOUNT_DEBOUNCE_MS);
    controller.settle({ type: "xstate.error.actor.updateAmount", error: new ApiError(1002, "Order not found", 200) });
    await flush();
    expect(c()).toMatchObject({ amount: 2, savedAmount: 2, price: "200.00", refusal: { key: "cart.updateFailed" } });
  });

  it("CART-030 a change while an update is on its way is sent after it; the last amount wins", async () => {
    const { actor, clock, controller, c } = start();
    actor.send({ type: "user.increment" });
    clock.increment(AMOUNT_DEBOUNCE_MS);
    actor.send({ type: "user.increment" });
    controller.settle({ type: "xstate.done.actor.updateAmount", output: { price: "200.00" } });
    await flush();
    expect(actor.getSnapshot().value).toBe("amountChanged");
    clock.increment(AMOUNT_DEBOUNCE_MS);
    expect(controller.inputs.map((i) => i.input)).toEqual([
      { orderId: "41", amount: 2 },
      { orderId: "41", amount: 3 },
    ]);
    controller.settle({ type: "xstate.done.actor.updateAmount", output: { price: "300.00" } });
    await flush();
    expect(c()).toMatchObject({ amount: 3, savedAmount: 3, price: "300.00" });
  });

  it("CART-032 the add-product box toggles and is saved", async () => {
    const { actor, controller, c } = start();
    actor.send({ type: "user.toggleAddProduct" });
    expect(c().addProduct).toBe(1);
    expect(controller.inputs).toEqual([{ id: "updateAddProduct", input: { orderId: "41", addProduct: 1 } }]);
    controller.settle({ type: "xstate.done.actor.updateAddProduct", output: null });
    await flush();
    expect(c()).toMatchObject({ addProduct: 1, refusal: null });
  });

  it("CART-033 CART-053 the add-product box reverts when the update fails", async () => {
    const { actor, controller, c } = start({ addProduct: 1 });
    actor.send({ type: "user.toggleAddProduct" });
    expect(c().addProduct).toBe(0);
    controller.settle({ type: "xstate.error.actor.updateAddProduct", error: new ApiError(1002, "No", 200) });
    await flush();
    expect(c()).toMatchObject({ addProduct: 1, refusal: { key: "cart.updateFailed" } });
  });

  it("CART-040 add-product cannot change when the quantity is not 1, nor the quantity while it is set", () => {
    const two = start({ amount: 2 });
    two.actor.send({ type: "user.toggleAddProduct" });
    expect(two.c()).toMatchObject({ addProduct: 0, refusal: { key: "cart.doChangeNum" } });
    expect(two.controller.inputs).toEqual([]);
    const added = start({ addProduct: 1 });
    added.actor.send({ type: "user.increment" });
    expect(added.c()).toMatchObject({ amount: 1, refusal: { key: "cart.doChangeNum" } });
    expect(added.actor.getSnapshot().value).toBe("idle");
  });

  it("CART-017 every change of an item whose isEdit is not 1 is refused with No permission to modify", () => {
    const { actor, controller, emitted, c } = start({ isEdit: false });
    for (const type of ["user.increment", "user.toggleAddProduct", "user.edit", "user.requestDelete"] as const) {
      actor.send({ type });
      expect(c().refusal).toEqual({ key: "cart.noPermission" });
      expect(actor.getSnapshot().value).toBe("idle");
    }
    actor.send({ type: "user.setAmount", amount: 3 });
    expect(c().amount).toBe(1);
    expect(controller.inputs).toEqual([]);
    expect(emitted).toEqual([]);
  });

  it("CART-041 a delete asks first; cancel keeps the order, confirm deletes it", async () => {
    const { actor, controller, emitted } = start();
    actor.send({ type: "user.requestDelete" });
    expect(actor.getSnapshot().value).toBe("confirmingDelete");
    actor.send({ type: "user.cancelDelete" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(controller.inputs).toEqual([]);
    actor.send({ type: "user.requestDelete" });
    actor.send({ type: "user.confirmDelete" });
    expect(controller.inputs).toEqual([{ id: "deleteOrder", input: { orderId: "41" } }]);
    controller.settle({ type: "xstate.done.actor.deleteOrder", output: null });
    await flush();
    expect(actor.getSnapshot().status).toBe("done");
    expect(emitted).toEqual(["deleted"]);
  });

  it("a refused delete keeps the order and says the server's message", async () => {
    const { actor, controller, c } = start();
    actor.send({ type: "user.requestDelete" });
    actor.send({ type: "user.confirmDelete" });
    controller.settle({ type: "xstate.error.actor.deleteOrder", error: new ApiError(1003, "Order not found", 200) });
    await flush();
    expect(actor.getSnapshot().value).toBe("idle");
    expect(c().refusal).toEqual({ key: "server", text: "Order not found" });
  });

  it("edit of an editable item is emitted for the page to open its flow", () => {
    const { actor, emitted } = start();
    actor.send({ type: "user.edit" });
    expect(emitted).toEqual(["edit"]);
  });
});

describe("cartItem while a change waits or is saved", () => {
  it("CART-030 the card is busy (pending) while its quantity waits its 500 ms, so checkout waits too", () => {
    const { actor, clock } = start();
    expect(actor.getSnapshot().hasTag("pending")).toBe(false);
    actor.send({ type: "user.increment" });
    expect(actor.getSnapshot().value).toBe("amountChanged");
    expect(actor.getSnapshot().hasTag("pending")).toBe(true);
    clock.increment(AMOUNT_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe("savingAmount");
    expect(actor.getSnapshot().hasTag("pending")).toBe(true);
  });

  it("delete, add-product and edit are refused with a notice while a change waits or is saved, never dropped", async () => {
    const { actor, clock, controller, emitted, c } = start();
    const clicks = ["user.requestDelete", "user.toggleAddProduct", "user.edit"] as const;
    actor.send({ type: "user.increment" });
    for (const type of clicks) {
      actor.send({ type: "user.cancelDelete" });
      expect(c().refusal).toBeNull();
      actor.send({ type });
      expect(c().refusal).toEqual({ key: "cart.waitSaving" });
      expect(actor.getSnapshot().value).toBe("amountChanged");
      actor.send({ type: "user.increment" });
      actor.send({ type: "user.decrement" });
    }
    clock.increment(AMOUNT_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe("savingAmount");
    for (const type of clicks) {
      actor.send({ type });
      expect(c().refusal).toEqual({ key: "cart.waitSaving" });
      expect(actor.getSnapshot().value).toBe("savingAmount");
    }
    controller.settle({ type: "xstate.done.actor.updateAmount", output: { price: "200.00" } });
    await flush();
    // back at quantity 1 for add-product
    actor.send({ type: "user.decrement" });
    clock.increment(AMOUNT_DEBOUNCE_MS);
    controller.settle({ type: "xstate.done.actor.updateAmount", output: { price: "100.00" } });
    await flush();
    actor.send({ type: "user.toggleAddProduct" });
    expect(actor.getSnapshot().value).toBe("savingAddProduct");
    for (const type of clicks) {
      actor.send({ type });
      expect(c().refusal).toEqual({ key: "cart.waitSaving" });
      expect(actor.getSnapshot().value).toBe("savingAddProduct");
    }
    expect(emitted).toEqual([]);
  });

  it("a refetched list's amount, price, add-product and isEdit reach an idle card", () => {
    const { actor, c } = start();
    actor.send({ type: "sync", isEdit: false, amount: 4, addProduct: 0, price: "400.00" });
    expect(c()).toMatchObject({ isEdit: false, amount: 4, savedAmount: 4, addProduct: 0, price: "400.00" });
  });

  it("a refetch does not overwrite a change that waits to be saved", () => {
    const { actor, c } = start();
    actor.send({ type: "user.increment" });
    actor.send({ type: "sync", isEdit: true, amount: 1, addProduct: 0, price: "100.00" });
    expect(c()).toMatchObject({ amount: 2, savedAmount: 1 });
  });
});
