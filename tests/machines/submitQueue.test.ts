import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import {
  SUBMIT_STATUS,
  submitQueueMachine,
  type PersistedQueue,
  type PushRequest,
  type PushResult,
  type SubmitQueueInput,
} from "../../machines/submitQueue/submitQueue.machine.ts";
import {
  canLeaveQueue,
  isPersistedQueue,
  isQueueFinished,
  myOrderTarget,
  selectPersisted,
  selectProgress,
  selectQueueRows,
  selectReceipt,
} from "../../machines/submitQueue/submitQueue.selectors.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";
import { createController, flush } from "./replay.ts";

const THREE: SubmitQueueInput = {
  orders: [
    {
      id: 1,
      code: "A1",
      customer: "Customer 1",
      garment: "Shirt",
      priceCents: 10_000,
    },
    {
      id: 2,
      code: "A2",
      customer: "Customer 2",
      garment: "Shirt",
      priceCents: 20_000,
    },
    {
      id: 3,
      code: "A3",
      customer: "Customer 3",
      garment: "Shirt",
      priceCents: 30_000,
    },
  ],
  balanceBeforeCents: 35_000,
  moneyType: "USD",
};
const OK: PushResult = { code: 0, sign: "success", msg: "" };
const POOR: PushResult = { code: 1, sign: "fail", msg: "Insufficient Balance" };

function start(input: SubmitQueueInput = THREE) {
  const controller = createController();
  const actor = createActor(
    submitQueueMachine.provide({
      actors: {
        pushOrder: controller.actor<PushResult, PushRequest>("pushOrder"),
        loadBalance: controller.actor<{ balanceCents: number }, unknown>("loadBalance"),
      },
    }),
    { input },
  ).start();
  const push = async (output: PushResult) => {
    controller.settle({ type: "xstate.done.actor.pushOrder", output });
    await flush();
  };
  const fail = async (error: unknown) => {
    controller.settle({ type: "xstate.error.actor.pushOrder", error });
    await flush();
  };
  const balance = async (balanceCents: number) => {
    controller.settle({ type: "xstate.done.actor.loadBalance", output: { balanceCents } });
    await flush();
  };
  const statuses = () => selectQueueRows(actor.getSnapshot()).map((o) => o.status);
  return { actor, controller, push, fail, balance, statuses };
}

describe("submitQueue", () => {
  it("CART-025 CART-026 the first order uploads while the others wait; the next starts only after an answer", async () => {
    const q = start();
    expect(q.statuses()).toEqual([1, 0, 0]);
    expect(q.controller.inputs.map((i) => i.id)).toEqual(["pushOrder"]);
    await q.push(OK);
    expect(q.statuses()).toEqual([2, 1, 0]);
    expect(q.controller.inputs.filter((i) => i.id === "pushOrder").length).toBe(2);
    await q.push(OK);
    await q.push(OK);
    expect(q.statuses()).toEqual([2, 2, 2]);
    expect(
      q.controller.inputs.filter((i) => i.id === "pushOrder").map((i) => (i.input as PushRequest).orderId),
    ).toEqual([1, 2, 3]);
  });

  it("CART-046 each order is sent once, alone, with its own idempotency key made at start", async () => {
    const q = start();
    const keys = q.actor.getSnapshot().context.orders.map((o) => o.key);
    expect(new Set(keys).size).toBe(3);
    await q.push(OK);
    await q.push(POOR);
    await q.fail(new NetworkError());
    await q.fail(new NetworkError());
    // CART-028: the unanswered order is asked once more, with the SAME key
    expect(q.controller.inputs.filter((i) => i.id === "pushOrder").map((i) => i.input)).toEqual([
      { orderId: 1, idempotencyKey: keys[0] },
      { orderId: 2, idempotencyKey: keys[1] },
      { orderId: 3, idempotencyKey: keys[2] },
      { orderId: 3, idempotencyKey: keys[2] },
    ]);
    expect(q.actor.getSnapshot().context.orders.map((o) => o.key)).toEqual(keys);
  });

  it("CART-027 a result with code 1 and sign fail is a failure with its message", async () => {
    const q = start();
    await q.push(POOR);
    expect(selectQueueRows(q.actor.getSnapshot())[0]).toMatchObject({ status: 3, message: "Insufficient Balance" });
  });

  it("CART-027 sign fail alone (code 0) is a failure too; code 1 alone too", async () => {
    const q = start();
    await q.push({ code: 0, sign: "fail", msg: "Refused" });
    await q.push({ code: "1", sign: "success", msg: "Refused too" });
    await q.push({ code: "0", sign: "success", msg: "" });
    expect(selectQueueRows(q.actor.getSnapshot()).map((o) => [o.status, o.message])).toEqual([
      [3, "Refused"],
      [3, "Refused too"],
      [2, null],
    ]);
  });

  it("CART-027 an error envelope from the server fails the order with the server's message", async () => {
    const q = start();
    await q.fail(new ApiError(1002, "The order has already been submitted", 200));
    expect(selectQueueRows(q.actor.getSnapshot())[0]).toMatchObject({
      status: 3,
      message: "The order has already been submitted",
    });
  });

  it("CART-028 a request error is asked again once with the same key; still no answer is a failure without a message", async () => {
    const q = start();
    const keys = q.actor.getSnapshot().context.orders.map((o) => o.key);
    await q.fail(new NetworkError("Failed to fetch"));
    // not settled yet: the order is asked again (verifying), still uploading
    expect(q.actor.getSnapshot().matches({ open: { submitting: "verifying" } })).toBe(true);
    expect(q.statuses()).toEqual([1, 0, 0]);
    expect(canLeaveQueue(q.actor.getSnapshot())).toBe(false);
    await q.fail(new Error("boom"));
    await q.fail(new NetworkError("Failed to fetch"));
    await q.fail(new NetworkError("Failed to fetch"));
    expect(selectQueueRows(q.actor.getSnapshot()).map((o) => [o.status, o.message])).toEqual([
      [3, null],
      [3, null],
      [1, null],
    ]);
    expect(
      q.controller.inputs.filter((i) => i.id === "pushOrder").map((i) => (i.input as PushRequest).idempotencyKey),
    ).toEqual([keys[0], keys[0], keys[1], keys[1], keys[2]]);
  });

  it("CART-028 an order whose first request got no answer reports the answer of the second asking", async () => {
    const q = start();
    await q.fail(new NetworkError("Failed to fetch"));
    await q.push(OK);
    await q.fail(new NetworkError("Failed to fetch"));
    await q.push(POOR);
    await q.fail(new NetworkError("Failed to fetch"));
    await q.fail(new ApiError(1003, "Order not found", 200));
    expect(selectQueueRows(q.actor.getSnapshot()).map((o) => [o.status, o.message])).toEqual([
      [2, null],
      [3, "Insufficient Balance"],
      [3, "Order not found"],
    ]);
  });

  it("CART-027 a refusal of an order already paid (status 10030 or later) is Already paid, not a failure", async () => {
    const q = start();
    await q.push({ code: 1, sign: "fail", msg: "The order has already been submitted", status: 10030 });
    await q.push({ code: 1, sign: "fail", msg: "The order has already been submitted", status: 206012 });
    await q.push({ ...POOR, status: 10371 });
    expect(q.statuses()).toEqual([SUBMIT_STATUS.alreadyPaid, SUBMIT_STATUS.alreadyPaid, SUBMIT_STATUS.failed]);
    // a success answers the new status 10030 too: that is this queue's payment
    const paidHere = start();
    await paidHere.push({ ...OK, status: 10030 });
    expect(paidHere.statuses()[0]).toBe(SUBMIT_STATUS.success);
    await q.balance(1_000);
    const receipt = selectReceipt(q.actor.getSnapshot());
    expect(receipt.paid).toEqual([]);
    expect(receipt.paidTotalCents).toBe(0);
    expect(receipt.alreadyPaid).toEqual([
      { id: 1, code: "A1", customer: "Customer 1", garment: "Shirt" },
      { id: 2, code: "A2", customer: "Customer 2", garment: "Shirt" },
    ]);
    expect(receipt.failed).toEqual([
      { id: 3, code: "A3", customer: "Customer 3", garment: "Shirt", message: "Insufficient Balance" },
    ]);
    expect(canLeaveQueue(q.actor.getSnapshot())).toBe(true);
  });

  it("CART-020 orders already paid and paid ones send my order to /underProduction", async () => {
    const q = start();
    await q.push(OK);
    await q.push({ code: 1, sign: "fail", msg: "Already submitted", status: 10030 });
    await q.push(OK);
    expect(myOrderTarget(q.actor.getSnapshot())).toBe("/underProduction");
    expect(selectProgress(q.actor.getSnapshot())).toEqual({ done: 3, total: 3 });
  });

  it("CART-029 close and my order are refused until every order is done, then accepted", async () => {
    const q = start();
    for (const answer of [OK, POOR]) {
      expect(canLeaveQueue(q.actor.getSnapshot())).toBe(false);
      q.actor.send({ type: "user.close" });
      q.actor.send({ type: "user.openMyOrders" });
      expect(q.actor.getSnapshot().status).toBe("active");
      await q.push(answer);
    }
    expect(canLeaveQueue(q.actor.getSnapshot())).toBe(false);
    await q.push(OK);
    expect(canLeaveQueue(q.actor.getSnapshot())).toBe(true);
    expect(q.actor.getSnapshot().matches({ open: "settling" })).toBe(true);
    q.actor.send({ type: "user.close" });
    expect(q.actor.getSnapshot().status).toBe("done");
    expect(q.actor.getSnapshot().value).toBe("closed");
  });

  it("CART-020 my order goes to /myOrder when any order failed", async () => {
    const q = start();
    await q.push(OK);
    await q.push(POOR);
    await q.push(OK);
    expect(myOrderTarget(q.actor.getSnapshot())).toBe("/myOrder");
    q.actor.send({ type: "user.openMyOrders" });
    expect(q.actor.getSnapshot().value).toBe("leaving");
  });

  it("CART-020 my order goes to /underProduction when every order was paid", async () => {
    const q = start();
    for (let i = 0; i < 3; i++) await q.push(OK);
    expect(myOrderTarget(q.actor.getSnapshot())).toBe("/underProduction");
  });

  it("the receipt: paid orders and total, failures and why, the balance before and after", async () => {
    const q = start();
    await q.push(OK);
    await q.push(OK);
    await q.push(POOR);
    expect(isQueueFinished(q.actor.getSnapshot())).toBe(false);
    expect(q.controller.inputs.at(-1)).toEqual({ id: "loadBalance", input: undefined });
    await q.balance(5_000);
    expect(isQueueFinished(q.actor.getSnapshot())).toBe(true);
    expect(selectReceipt(q.actor.getSnapshot())).toEqual({
      paid: [
        {
          id: 1,
          code: "A1",
          customer: "Customer 1",
          garment: "Shirt",
          priceCents: 10_000,
        },
        {
          id: 2,
          code: "A2",
          customer: "Customer 2",
          garment: "Shirt",
          priceCents: 20_000,
        },
      ],
      paidTotalCents: 30_000,
      alreadyPaid: [],
      failed: [{ id: 3, code: "A3", customer: "Customer 3", garment: "Shirt", message: "Insufficient Balance" }],
      balanceBeforeCents: 35_000,
      balanceAfterCents: 5_000,
      moneyType: "USD",
    });
    expect(selectProgress(q.actor.getSnapshot())).toEqual({ done: 3, total: 3 });
  });

  it("a failed balance read still ends the queue; the receipt says the balance after is unknown", async () => {
    const q = start({ ...THREE, orders: THREE.orders.slice(0, 1) });
    await q.push(OK);
    q.controller.settle({ type: "xstate.error.actor.loadBalance", error: new NetworkError() });
    await flush();
    expect(isQueueFinished(q.actor.getSnapshot())).toBe(true);
    expect(selectReceipt(q.actor.getSnapshot()).balanceAfterCents).toBeNull();
  });

  it("a queue resumed after a reload keeps the outcomes and sends the rest again with THEIR keys", async () => {
    const q = start();
    await q.push(OK);
    // The page goes away while the second order is uploading.
    const stored = JSON.parse(JSON.stringify(selectPersisted(q.actor.getSnapshot()))) as unknown;
    expect(isPersistedQueue(stored)).toBe(true);
    const saved = stored as PersistedQueue;
    expect(saved.orders.map((o) => o.status)).toEqual([2, 1, 0]);
    q.actor.stop();

    const again = start({ resume: saved });
    expect(again.statuses()).toEqual([SUBMIT_STATUS.success, SUBMIT_STATUS.uploading, SUBMIT_STATUS.waiting]);
    expect(again.controller.inputs[0]).toEqual({
      id: "pushOrder",
      input: { orderId: 2, idempotencyKey: saved.orders[1]!.key },
    });
    await again.push(OK);
    await again.push(POOR);
    expect(again.controller.inputs.filter((i) => i.id === "pushOrder").map((i) => i.input)).toEqual([
      { orderId: 2, idempotencyKey: saved.orders[1]!.key },
      { orderId: 3, idempotencyKey: saved.orders[2]!.key },
    ]);
    expect(selectReceipt(again.actor.getSnapshot()).paidTotalCents).toBe(30_000);
  });

  it("CART-028 a queue resumed after a reload asks again, with their keys, the orders that got no answer", () => {
    const q = start({
      resume: {
        orders: [
          {
            id: 7,
            code: "B7",
            customer: "Customer 7",
            garment: "Shirt",
            priceCents: 100,
            key: "k7",
            status: 3,
            message: null,
          },
          {
            id: 8,
            code: "B8",
            customer: "Customer 8",
            garment: "Shirt",
            priceCents: 200,
            key: "k8",
            status: 3,
            message: "Insufficient Balance",
          },
          {
            id: 9,
            code: "B9",
            customer: "Customer 9",
            garment: "Shirt",
            priceCents: 300,
            key: "k9",
            status: 2,
            message: null,
          },
        ],
        balanceBeforeCents: 150,
        moneyType: "EUR",
      },
    });
    expect(q.statuses()).toEqual([1, 3, 2]);
    expect(q.controller.inputs).toEqual([{ id: "pushOrder", input: { orderId: 7, idempotencyKey: "k7" } }]);
  });

  it("a queue resumed with every order done sends nothing and only reads the balance", () => {
    const q = start({
      resume: {
        orders: [
          {
            id: 7,
            code: "B7",
            customer: "Customer 7",
            garment: "Shirt",
            priceCents: 100,
            key: "k7",
            status: 2,
            message: null,
          },
          {
            id: 8,
            code: "B8",
            customer: "Customer 8",
            garment: "Shirt",
            priceCents: 200,
            key: "k8",
            status: 3,
            message: "Insufficient Balance",
          },
        ],
        balanceBeforeCents: 150,
        moneyType: "EUR",
      },
    });
    expect(q.controller.inputs).toEqual([{ id: "loadBalance", input: undefined }]);
    expect(canLeaveQueue(q.actor.getSnapshot())).toBe(true);
  });

  it("isPersistedQueue refuses anything that is not a stored queue", () => {
    const order = {
      id: 1,
      code: "A",
      customer: "Customer 1",
      garment: "Shirt",
      priceCents: 1,
      key: "k",
      status: 0,
      message: null,
    };
    const good = { orders: [order], balanceBeforeCents: 0, moneyType: "USD" };
    expect(isPersistedQueue(good)).toBe(true);
    for (const bad of [
      null,
      "x",
      {},
      { ...good, orders: "no" },
      { ...good, balanceBeforeCents: 1.5 },
      { ...good, orders: [{ ...order, key: "" }] },
      { ...good, orders: [{ ...order, status: 5 }] },
      { ...good, orders: [{ ...order, id: "1" }] },
      { ...good, orders: [{ ...order, message: 3 }] },
    ])
      expect(isPersistedQueue(bad)).toBe(false);
  });
});
