import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { AMOUNT_DEBOUNCE_MS, cartItemMachine } from "../../machines/cartItem/cartItem.machine.ts";
import { isCardSaving, selectPrice } from "../../machines/cartItem/cartItem.selectors.ts";
import {
  saveItemsMachine,
  type CartRow,
  type CheckRequest,
  type Figures,
  type SaveItemsEvent,
} from "../../machines/saveItems/saveItems.machine.ts";
import {
  selectCards,
  selectCheckout,
  selectQueue,
  selectRefusal,
  selectSelectAll,
  selectSelectedIds,
  selectSummary,
} from "../../machines/saveItems/saveItems.selectors.ts";
import {
  submitQueueMachine,
  type PersistedQueue,
  type PushRequest,
  type PushResult,
} from "../../machines/submitQueue/submitQueue.machine.ts";
import { selectQueueRows, selectReceipt } from "../../machines/submitQueue/submitQueue.selectors.ts";
import { NetworkError } from "../../machines/shared/messages.ts";
import { createController, flush } from "./replay.ts";

const row = (orderId: string, over: Partial<CartRow> = {}): CartRow => ({
  orderId,
  orderCode: `SO${orderId}`,
  isEdit: 1,
  check: 0,
  amount: 1,
  addProduct: 0,
  price: "100.00",
  custName: `Customer ${orderId}`,
  clothZhName: "Shirt",
  ...over,
});
/** The page as the list reads it: newest first; 13 is another member's order (isEdit 0). */
const ROWS: CartRow[] = [row("12"), row("11", { price: "250.50" }), row("13", { isEdit: 0 })];
const OK: PushResult = { code: 0, sign: "success", msg: "" };

/** The page machine with every actor a controllable double; the check-flag saves are kept in order. */
function start(rows: CartRow[] = ROWS) {
  const clock = new SimulatedClock();
  const controller = createController();
  const checks: Array<{ input: CheckRequest; resolve: () => void; reject: (e: unknown) => void }> = [];
  const actor = createActor(
    saveItemsMachine.provide({
      actors: {
        cartItem: cartItemMachine.provide({
          actors: {
            updateAmount: controller.actor<{ price: string }, { orderId: string; amount: number }>("updateAmount"),
          },
        }),
        submitQueue: submitQueueMachine.provide({
          actors: {
            pushOrder: controller.actor<PushResult, PushRequest>("pushOrder"),
            loadBalance: controller.actor<{ balanceCents: number }, unknown>("loadBalance"),
          },
        }),
        saveCheck: fromPromise<unknown, CheckRequest>(
          ({ input }) => new Promise((resolve, reject) => checks.push({ input, resolve: () => resolve(null), reject })),
        ),
        readBalance: controller.actor<{ balanceCents: number; moneyType: string }, unknown>("readBalance"),
      },
    }),
    { input: { rows }, clock },
  ).start();
  const send = async (event: SaveItemsEvent) => {
    actor.send(event);
    await flush();
  };
  /** The list read again with these check flags (what the feature's optimistic write and the server give). */
  const listWith = (checked: string[], list: CartRow[] = rows) =>
    send({ type: "list.read", rows: list.map((r) => ({ ...r, check: checked.includes(r.orderId) ? 1 : 0 })) });
  /** The summary of the current selection, read. */
  const summaryOf = (figures: Figures, over: { stale?: boolean; reading?: boolean } = {}) =>
    send({
      type: "summary.read",
      orderIds: selectSelectedIds(actor.getSnapshot()),
      figures,
      stale: over.stale ?? false,
      reading: over.reading ?? false,
      failed: false,
    });
  const snap = () => actor.getSnapshot();
  const pushes = () => controller.inputs.filter((i) => i.id === "pushOrder").map((i) => i.input as PushRequest);
  return { actor, clock, controller, checks, send, listWith, summaryOf, snap, pushes };
}

const figures = (balanceCents: number, orderCents: number): Figures => ({ balanceCents, orderCents, moneyType: "USD" });

describe("saveItems", () => {
  it("CART-011 the page spawns a card actor per row and keeps them in step with the list read again", async () => {
    const p = start();
    const first = selectCards(p.snap());
    expect(Object.keys(first).sort()).toEqual(["11", "12", "13"]);
    // 13 leaves the page, 14 comes, 11's price changes on the server: a new card, a stopped card, a synced card
    await p.send({ type: "list.read", rows: [row("14"), row("12"), row("11", { price: "300.00", amount: 2 })] });
    const now = selectCards(p.snap());
    expect(Object.keys(now).sort()).toEqual(["11", "12", "14"]);
    expect(now["12"]).toBe(first["12"]);
    expect(now["11"]).toBe(first["11"]);
    expect(first["13"]!.getSnapshot().status).toBe("stopped");
    expect(selectPrice(now["11"]!.getSnapshot())).toBe("300.00");
  });

  it("CART-017 an order that is not the caller's cannot be selected: No permission to modify, nothing stored", async () => {
    const p = start();
    await p.send({ type: "user.select", orderId: "13", checked: true });
    expect(selectRefusal(p.snap())).toEqual({ key: "cart.noPermission" });
    expect(p.checks).toEqual([]);
  });

  it("CART-034 select stores the order's flag; select-all every editable id of the page; the selection is the list's flags", async () => {
    const p = start();
    expect(selectSelectAll(p.snap())).toEqual({ checked: false, disabled: false });
    await p.send({ type: "user.select", orderId: "11", checked: true });
    expect(p.checks.map((c) => c.input)).toEqual([{ orderIds: ["11"], check: 1 }]);
    await p.listWith(["11"]);
    expect(selectSelectedIds(p.snap())).toEqual(["11"]);
    // CART-017: select-all leaves out the order that is not the caller's
    await p.send({ type: "user.selectAll", checked: true });
    expect(p.checks.at(-1)!.input).toEqual({ orderIds: ["12", "11"], check: 1 });
    await p.listWith(["12", "11"]);
    expect(selectSelectedIds(p.snap())).toEqual(["12", "11"]);
    expect(selectSelectAll(p.snap())).toEqual({ checked: true, disabled: false });
    await p.send({ type: "user.selectAll", checked: false });
    expect(p.checks.at(-1)!.input).toEqual({ orderIds: ["12", "11"], check: 0 });
    expect(selectRefusal(p.snap())).toBeNull();
  });

  it("CART-017 CART-034 select-all is inactive when no order of the page is the caller's", () => {
    const p = start([row("13", { isEdit: 0 })]);
    expect(selectSelectAll(p.snap())).toEqual({ checked: false, disabled: true });
  });

  it("CART-053 a check flag the server did not store says Update failed", async () => {
    const p = start();
    await p.send({ type: "user.select", orderId: "12", checked: true });
    p.checks[0]!.reject(new NetworkError());
    await flush();
    expect(selectRefusal(p.snap())).toEqual({ key: "cart.updateFailed" });
    expect(p.snap().status).toBe("active");
  });

  it("CART-039 checkout with nothing selected is grey, inactive and does nothing", async () => {
    const p = start();
    await p.summaryOf(figures(100_000, 0));
    expect(selectCheckout(p.snap())).toMatchObject({ state: "empty", disabled: true });
    await p.send({ type: "user.checkout" });
    expect(p.snap().value).toBe("browsing");
    expect(p.controller.inputs).toEqual([]);
  });

  it("CART-036 CART-037 CART-038 CART-052 a balance below the subtotal: dimmed, and checkout says Insufficient Balance and sends nothing", async () => {
    const p = start();
    await p.listWith(["12", "11"]);
    await p.summaryOf(figures(35_049, 35_050));
    expect(selectSummary(p.snap())).toMatchObject({ short: true, selected: 2 });
    expect(selectCheckout(p.snap())).toMatchObject({ state: "short", disabled: false, short: true, because: "short" });
    await p.send({ type: "user.checkout" });
    expect(selectRefusal(p.snap())).toEqual({ key: "cart.insufficientBalance" });
    expect(p.snap().value).toBe("browsing");
    expect(p.controller.inputs).toEqual([]);
    // Said again on the next click (a new refusal)
    const first = selectRefusal(p.snap());
    await p.send({ type: "user.checkout" });
    expect(selectRefusal(p.snap())).not.toBe(first);
  });

  it("CART-036 CART-019 CART-026 CART-046 a balance equal to the subtotal: the balance is read, then the queue pays the selection in the list's order, each under its own key, and ends with the receipt", async () => {
    const p = start();
    await p.listWith(["12", "11"]);
    await p.summaryOf(figures(35_050, 35_050));
    expect(selectCheckout(p.snap())).toMatchObject({ state: "ready", disabled: false });
    await p.send({ type: "user.checkout" });
    expect(p.snap().value).toBe("readingBalance");
    expect(selectCheckout(p.snap())).toMatchObject({ state: "waiting", disabled: true });
    // A second click while it starts starts nothing more
    await p.send({ type: "user.checkout" });
    expect(p.controller.inputs.map((i) => i.id)).toEqual(["readBalance"]);
    p.controller.settle({ type: "xstate.done.actor.readBalance", output: { balanceCents: 40_000, moneyType: "USD" } });
    await flush();
    expect(p.snap().value).toBe("paying");
    const queue = selectQueue(p.snap())!;
    expect(queue).not.toBeNull();
    expect(selectQueueRows(queue.getSnapshot()).map((o) => [o.id, o.code, o.priceCents])).toEqual([
      [12, "SO12", 10_000],
      [11, "SO11", 25_050],
    ]);
    p.controller.settle({ type: "xstate.done.actor.pushOrder", output: OK });
    await flush();
    p.controller.settle({ type: "xstate.done.actor.pushOrder", output: OK });
    await flush();
    const keys = p.pushes().map((push) => push.idempotencyKey);
    expect(p.pushes().map((push) => push.orderId)).toEqual([12, 11]);
    expect(new Set(keys).size).toBe(2);
    p.controller.settle({ type: "xstate.done.actor.loadBalance", output: { balanceCents: 4_950 } });
    await flush();
    expect(selectReceipt(queue.getSnapshot())).toMatchObject({
      paidTotalCents: 35_050,
      balanceBeforeCents: 40_000,
      balanceAfterCents: 4_950,
    });
    queue.send({ type: "user.close" });
    await flush();
    expect(p.snap().value).toBe("browsing");
    expect(selectQueue(p.snap())).toBeNull();
  });

  it("the summary of an earlier selection, or one being read again, does not let checkout run", async () => {
    const p = start();
    await p.listWith(["12"]);
    await p.summaryOf(figures(100_000, 10_000));
    expect(selectCheckout(p.snap()).state).toBe("ready");
    // The selection grows: the figures on show are the earlier selection's until read
    await p.listWith(["12", "11"]);
    expect(selectCheckout(p.snap())).toMatchObject({ state: "waiting", disabled: true });
    await p.send({ type: "user.checkout" });
    expect(p.snap().value).toBe("browsing");
    await p.summaryOf(figures(100_000, 10_000), { stale: true, reading: true });
    expect(selectCheckout(p.snap())).toMatchObject({ state: "waiting", disabled: true });
    await p.summaryOf(figures(100_000, 35_050), { reading: true });
    expect(selectCheckout(p.snap())).toMatchObject({ state: "waiting", disabled: true });
    await p.summaryOf(figures(100_000, 35_050));
    expect(selectCheckout(p.snap())).toMatchObject({ state: "ready", disabled: false });
  });

  it("a summary that could not be read: checkout is unavailable and says why", async () => {
    const p = start();
    await p.listWith(["12"]);
    await p.send({ type: "summary.read", orderIds: ["12"], figures: null, stale: false, reading: false, failed: true });
    expect(selectSummary(p.snap()).missing).toBe("failed");
    expect(selectCheckout(p.snap())).toMatchObject({
      state: "error",
      disabled: true,
      failed: true,
      because: "unavailable",
    });
    await p.send({ type: "user.checkout" });
    expect(p.controller.inputs).toEqual([]);
  });

  it("CART-030 CART-047 checkout waits while a card's quantity waits or is saved, then pays the server's new price", async () => {
    const p = start();
    await p.listWith(["12"]);
    await p.summaryOf(figures(100_000, 10_000));
    const card = selectCards(p.snap())["12"]!;
    card.send({ type: "user.increment" });
    await flush();
    expect(isCardSaving(card.getSnapshot())).toBe(true);
    expect(selectCheckout(p.snap())).toMatchObject({ state: "saving", disabled: true, saving: true });
    await p.send({ type: "user.checkout" });
    expect(p.snap().value).toBe("browsing");
    p.clock.increment(AMOUNT_DEBOUNCE_MS);
    await flush();
    expect(selectCheckout(p.snap()).state).toBe("saving");
    p.controller.settle({ type: "xstate.done.actor.updateAmount", output: { price: "200.00" } });
    await flush();
    expect(selectCheckout(p.snap()).state).toBe("ready");
    await p.send({ type: "user.checkout" });
    p.controller.settle({ type: "xstate.done.actor.readBalance", output: { balanceCents: 100_000, moneyType: "USD" } });
    await flush();
    // The list has not been read again: the queue takes the price the server answered the card
    expect(selectQueueRows(selectQueue(p.snap())!.getSnapshot()).map((o) => o.priceCents)).toEqual([20_000]);
  });

  it("a balance that cannot be read when checkout starts: nothing is sent, the page says so and may try again", async () => {
    const p = start();
    await p.listWith(["12"]);
    await p.summaryOf(figures(100_000, 10_000));
    await p.send({ type: "user.checkout" });
    p.controller.settle({ type: "xstate.error.actor.readBalance", error: new NetworkError() });
    await flush();
    expect(p.snap().value).toBe("browsing");
    expect(selectRefusal(p.snap())).toEqual({ key: "cart.balanceUnread" });
    expect(p.pushes()).toEqual([]);
    expect(selectCheckout(p.snap()).state).toBe("ready");
  });

  it("CART-026 a queue stored before a reload resumes with its own keys", async () => {
    const p = start();
    const stored: PersistedQueue = {
      orders: [
        {
          id: 12,
          code: "SO12",
          customer: "Customer 12",
          garment: "Shirt",
          priceCents: 10_000,
          key: "k-12",
          status: 2,
          message: null,
        },
        {
          id: 11,
          code: "SO11",
          customer: "Customer 11",
          garment: "Shirt",
          priceCents: 25_050,
          key: "k-11",
          status: 1,
          message: null,
        },
      ],
      balanceBeforeCents: 40_000,
      moneyType: "USD",
    };
    await p.send({ type: "queue.resume", queue: stored });
    expect(p.snap().value).toBe("paying");
    expect(p.pushes()).toEqual([{ orderId: 11, idempotencyKey: "k-11" }]);
    // Only once: a second resume while paying is ignored
    await p.send({ type: "queue.resume", queue: stored });
    expect(p.pushes()).toHaveLength(1);
  });
});
