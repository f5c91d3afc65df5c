import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ledgerTransfers, orders } from "../../server/db/schema.ts";
import { memberAccount, memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { envelopeOf, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { deposit, memberIds, type MemberIds } from "./members.ts";
import { cartOrders, chargesOf, moneyAndOrders, orderRows, push, pushRequest, statusOf } from "./pushHelpers.ts";
import { emptyChild } from "./billingHelpers.ts";

/**
 * CART-046 pushOrder on the real server: the submission queue's one call. Each order is paid once,
 * through the ledger, in the transaction of its status change; the invariants are checked after every test.
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", demoSub1: "", demoSub2: "", acme: "" };
beforeAll(async () => {
  server = await startServer();
  ids = await memberIds(server.db);
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.demoSub2 = (await login(server.app, "demo-sub2", "demo1234")).token;
  // demo-sub2 pays nothing of its own here: the tests give it exactly what they need
  await emptyChild(server.db, ids.demo, ids.demoSub2);
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
});
afterEach(async () => {
  await expectLedgerInvariants(server.db);
});
afterAll(async () => {
  await server?.close();
});

const balance = (memberId: number) => memberBalanceCents(server.db, memberId);
let keys = 0;
const newKey = () => `push-test-${++keys}`;
const PRICE = 12_345;

describe("pushOrder pays one order", () => {
  it("CART-046 CART-027 a saved order is paid: one transfer of its price from the account to sales, the status 10030, answered code 0 success", async () => {
    const [id] = await cartOrders(server.db, ids.demo, 1, PRICE);
    const before = await balance(ids.demo);
    const outcome = await push(server.app, tokens.demo, id!, { key: newKey() });
    expect(outcome).toEqual({ code: 0, sign: "success", msg: "Submitted", status: ORDER_STATUS.submitted });
    expect(await balance(ids.demo)).toBe(before - PRICE);
    const [row] = await orderRows(server.db, [id!]);
    expect(row).toMatchObject({ statusId: ORDER_STATUS.submitted, blError: "", checked: 0 });
    expect(row!.submittedAt).not.toBeNull();
    expect(row!.statusChangedAt.getTime()).toBe(row!.submittedAt!.getTime());
    const charges = await chargesOf(server.db, [row!.orderCode]);
    const account = (await memberAccount(server.db, ids.demo))!;
    expect(charges).toEqual([
      expect.objectContaining({ debitAccountId: account.id, amountCents: PRICE, currency: "USD", kind: "order" }),
    ]);
  });

  it("CART-036 D-14 a balance short of the price: code 1, sign fail, 'Insufficient Balance'; the order pending 10371 with blError cart.moreBalance; nothing moved", async () => {
    const [id] = await cartOrders(server.db, ids.demoSub2, 1, PRICE);
    expect(await balance(ids.demoSub2)).toBe(0);
    const before = await moneyAndOrders(server.db);
    const outcome = await push(server.app, tokens.demoSub2, id!, { key: newKey() });
    expect(outcome).toEqual({ code: 1, sign: "fail", msg: "Insufficient Balance", status: ORDER_STATUS.pending });
    const [row] = await orderRows(server.db, [id!]);
    expect(row).toMatchObject({ statusId: ORDER_STATUS.pending, blError: "cart.moreBalance", submittedAt: null });
    const after = await moneyAndOrders(server.db);
    expect(after.balances).toEqual(before.balances);
    expect(after.transfers).toBe(before.transfers);
    // In Chinese, and the pending order submitted again once the balance allows it: paid.
    expect((await push(server.app, tokens.demoSub2, id!, { key: newKey(), language: "zh" })).msg).toBe("余额不足");
    await deposit(server.db, ids.demoSub2, PRICE);
    expect(await push(server.app, tokens.demoSub2, id!, { key: newKey() })).toMatchObject({
      code: 0,
      status: ORDER_STATUS.submitted,
    });
    expect(await balance(ids.demoSub2)).toBe(0);
    expect((await orderRows(server.db, [id!]))[0]).toMatchObject({ statusId: ORDER_STATUS.submitted, blError: "" });
  });

  it("CART-046 a sub-account pays from its own balance, never its main account's", async () => {
    const [id] = await cartOrders(server.db, ids.demoSub1, 1, PRICE);
    await deposit(server.db, ids.demoSub1, PRICE);
    const demoBefore = await balance(ids.demo);
    expect(await push(server.app, tokens.demoSub1, id!, { key: newKey() })).toMatchObject({ code: 0 });
    expect(await balance(ids.demoSub1)).toBe(0);
    expect(await balance(ids.demo)).toBe(demoBefore);
  });

  it("SHELL-075 the header badge counts the new truth: a pending order paid leaves the pending count", async () => {
    const badges = async () =>
      envelopeOf<Record<string, number>>(
        await server.app.inject({
          url: "/api/pc/order/failedAmount",
          headers: { authorization: `Bearer ${tokens.demo}` },
        }),
      ).data;
    const [pending] = await server.db
      .select()
      .from(orders)
      .where(and(eq(orders.memberId, ids.demo), eq(orders.statusId, ORDER_STATUS.pending)))
      .limit(1);
    const before = await badges();
    expect(await push(server.app, tokens.demo, pending!.id, { key: newKey() })).toMatchObject({ code: 0 });
    expect(await badges()).toEqual({ ...before, "10371": before["10371"]! - 1 });
  });
});

describe("CART-026 CART-027 the queue against the balance", () => {
  it("CART-036 a queue of 100 orders against a balance covering exactly 60: exactly 60 paid, the balance ends at 0, 40 failed with 'Insufficient Balance'", async () => {
    const queue = await cartOrders(server.db, ids.demoSub1, 100, PRICE);
    expect(await balance(ids.demoSub1)).toBe(0);
    await deposit(server.db, ids.demoSub1, 60 * PRICE);
    const outcomes = [];
    // One at a time, each with its own key, as the submitQueue machine sends them (CART-026).
    for (const id of queue) outcomes.push(await push(server.app, tokens.demoSub1, id, { key: `queue-${id}` }));
    expect(outcomes.filter((o) => o.code === 0)).toHaveLength(60);
    expect(outcomes.slice(0, 60).every((o) => o.sign === "success" && o.status === ORDER_STATUS.submitted)).toBe(true);
    expect(
      outcomes
        .slice(60)
        .every((o) => o.code === 1 && o.msg === "Insufficient Balance" && o.status === ORDER_STATUS.pending),
    ).toBe(true);
    expect(await balance(ids.demoSub1)).toBe(0);
    const rows = await orderRows(server.db, queue);
    expect(rows.filter((r) => r.statusId === ORDER_STATUS.submitted)).toHaveLength(60);
    expect(rows.filter((r) => r.statusId === ORDER_STATUS.pending && r.blError === "cart.moreBalance")).toHaveLength(
      40,
    );
    const charges = await chargesOf(
      server.db,
      rows.map((r) => r.orderCode),
    );
    expect(charges).toHaveLength(60);
    expect(new Set(charges.map((c) => c.reference)).size).toBe(60);
    // The queue sent again with the same keys (a reload that resumes): the same outcomes, nothing more paid.
    const again = [];
    for (const id of queue) again.push(await push(server.app, tokens.demoSub1, id, { key: `queue-${id}` }));
    expect(again).toEqual(outcomes);
    expect(
      await chargesOf(
        server.db,
        rows.map((r) => r.orderCode),
      ),
    ).toHaveLength(60);
  });

  it("CART-046 the same pushOrder sent 20 times at once with one key: one charge, 20 identical answers", async () => {
    const [id] = await cartOrders(server.db, ids.demo, 1, PRICE);
    const before = await balance(ids.demo);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pushRequest(server.app, tokens.demo, `${id},`, { key })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const outcomes = answers.map((res) => envelopeOf<Record<string, unknown>>(res).data[String(id)]);
    for (const outcome of outcomes)
      expect(outcome).toEqual({ code: 0, sign: "success", msg: "Submitted", status: ORDER_STATUS.submitted });
    expect(await balance(ids.demo)).toBe(before - PRICE);
    const [row] = await orderRows(server.db, [id!]);
    expect(await chargesOf(server.db, [row!.orderCode])).toHaveLength(1);
  });

  it("CART-046 the same order sent 20 times at once with 20 different keys: paid once, 19 answers 'already submitted'", async () => {
    const [id] = await cartOrders(server.db, ids.demo, 1, PRICE);
    const before = await balance(ids.demo);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => push(server.app, tokens.demo, id!, { key: newKey() })),
    );
    expect(outcomes.filter((o) => o.code === 0)).toHaveLength(1);
    const [row] = await orderRows(server.db, [id!]);
    for (const o of outcomes.filter((o) => o.code === 1)) {
      expect(o).toEqual({
        code: 1,
        sign: "fail",
        msg: `Order ${row!.orderCode} has already been submitted`,
        status: ORDER_STATUS.submitted,
      });
    }
    expect(await balance(ids.demo)).toBe(before - PRICE);
    expect(await chargesOf(server.db, [row!.orderCode])).toHaveLength(1);
  });

  it("CART-026 CART-046 two tabs check out the same selection at once (each its own keys): each order is paid once; the later attempt answers code 1 and charges nothing", async () => {
    const selection = await cartOrders(server.db, ids.demo, 15, PRICE);
    const before = await balance(ids.demo);
    const tab = async (name: string) => {
      const outcomes = [];
      for (const id of selection) outcomes.push(await push(server.app, tokens.demo, id, { key: `${name}-${id}` }));
      return outcomes;
    };
    const [a, b] = await Promise.all([tab("tab-a"), tab("tab-b")]);
    const rows = await orderRows(server.db, selection);
    selection.forEach((_, i) => {
      // Exactly one tab paid each order; the other was told it was already submitted.
      expect([a![i]!.code, b![i]!.code].sort()).toEqual([0, 1]);
      const refused = a![i]!.code === 1 ? a![i]! : b![i]!;
      expect(refused.msg).toBe(`Order ${rows[i]!.orderCode} has already been submitted`);
    });
    expect(rows.every((r) => r.statusId === ORDER_STATUS.submitted)).toBe(true);
    const charges = await chargesOf(
      server.db,
      rows.map((r) => r.orderCode),
    );
    expect(charges).toHaveLength(15);
    expect(new Set(charges.map((c) => c.reference)).size).toBe(15);
    expect(await balance(ids.demo)).toBe(before - 15 * PRICE);
  });

  it("QO-127 an answer kept with its key is the answer: 'Insufficient Balance' replayed after a top-up; a new key pays; a replay speaks the caller's language", async () => {
    const [id] = await cartOrders(server.db, ids.demoSub2, 1, PRICE);
    const key = newKey();
    expect(await push(server.app, tokens.demoSub2, id!, { key })).toMatchObject({
      code: 1,
      msg: "Insufficient Balance",
    });
    await deposit(server.db, ids.demoSub2, PRICE);
    expect(await push(server.app, tokens.demoSub2, id!, { key })).toMatchObject({
      code: 1,
      msg: "Insufficient Balance",
    });
    expect(await balance(ids.demoSub2)).toBe(PRICE);
    const paidKey = newKey();
    expect(await push(server.app, tokens.demoSub2, id!, { key: paidKey })).toMatchObject({ code: 0 });
    expect(await push(server.app, tokens.demoSub2, id!, { key: paidKey, language: "zh" })).toEqual({
      code: 0,
      sign: "success",
      msg: "已提交",
      status: ORDER_STATUS.submitted,
    });
    expect(await balance(ids.demoSub2)).toBe(0);
  });
});

describe("pushOrder refuses what it cannot do, and changes nothing", () => {
  /** Runs `call` and proves that no order, balance or transfer changed. */
  async function unchanged(call: () => Promise<void>) {
    const before = await moneyAndOrders(server.db);
    await call();
    expect(await moneyAndOrders(server.db)).toEqual(before);
  }

  it("an unknown order id is not found (code 1003); a foreign order (another main account's) too", async () => {
    const [acmeOrder] = await cartOrders(server.db, ids.acme, 1, PRICE);
    await unchanged(async () => {
      for (const orderIds of ["99999999,", "2147483647", `${acmeOrder},`]) {
        const res = await pushRequest(server.app, tokens.demo, orderIds, { key: newKey() });
        expect(res.statusCode, res.body).toBe(200);
        const body = envelopeOf<null>(res);
        expect(body.code).toBe(1003);
        expect(body.message).toMatch(/^Order \d+ does not exist$/);
        expect(body.data).toBeNull();
      }
    });
    expect(await statusOf(server.db, acmeOrder!)).toBe(ORDER_STATUS.saved);
  });

  it("the main account cannot submit its sub-account's order, nor a sub-account its main account's or a sibling's: not found", async () => {
    const [subOrder] = await cartOrders(server.db, ids.demoSub1, 1, PRICE);
    const [mainOrder] = await cartOrders(server.db, ids.demo, 1, PRICE);
    await deposit(server.db, ids.demoSub1, PRICE);
    await unchanged(async () => {
      for (const [token, id] of [
        [tokens.demo, subOrder!],
        [tokens.demoSub1, mainOrder!],
        [tokens.demoSub2, subOrder!],
      ] as const) {
        expect(envelopeOf(await pushRequest(server.app, token, `${id},`, { key: newKey() })).code).toBe(1003);
      }
    });
  });

  it("CART-026 two ids, a list, letters, an empty or missing orderIds: HTTP 400 naming orderIds", async () => {
    const [id] = await cartOrders(server.db, ids.demo, 2, PRICE);
    await unchanged(async () => {
      const thousand = Array.from({ length: 1000 }, (_, i) => id! + i).join(",");
      for (const orderIds of [
        `${id},${id! + 1}`,
        `${id},${id},`,
        thousand,
        "abc",
        ",",
        "",
        "1".repeat(12),
        "-1",
        "1.5",
      ]) {
        const res = await pushRequest(server.app, tokens.demo, orderIds, { key: newKey() });
        const body = expectErrorEnvelope(res, 400);
        expect(body.message).toMatch(/orderIds/);
      }
      const missing = await server.app.inject({
        url: "/api/pc/order/pushOrder",
        headers: { authorization: `Bearer ${tokens.demo}` },
      });
      expect(expectErrorEnvelope(missing, 400).message).toMatch(/orderIds/);
    });
  });

  it("no token: 401 ATI, nothing changed", async () => {
    const [id] = await cartOrders(server.db, ids.demo, 1, PRICE);
    await unchanged(async () => {
      expect(expectErrorEnvelope(await pushRequest(server.app, null, `${id},`), 401).code).toBe("ATI");
    });
  });

  it("CART-046 an order already submitted, in production, finished, failed or cancelled: code 1 with the reason, never paid again", async () => {
    const cases = [
      [ORDER_STATUS.submitted, "has already been submitted"],
      [ORDER_STATUS.cutting, "has already been submitted"],
      [ORDER_STATUS.finished, "has already been submitted"],
      [ORDER_STATUS.shipped, "has already been submitted"],
      [ORDER_STATUS.failed, "cannot be submitted in its status"],
      [ORDER_STATUS.cancelled, "cannot be submitted in its status"],
    ] as const;
    for (const [status, reason] of cases) {
      const [row] = await server.db
        .select()
        .from(orders)
        .where(and(eq(orders.memberId, ids.demo), eq(orders.statusId, status)))
        .limit(1);
      await unchanged(async () => {
        const outcome = await push(server.app, tokens.demo, row!.id, { key: newKey() });
        expect(outcome).toEqual({ code: 1, sign: "fail", msg: `Order ${row!.orderCode} ${reason}`, status });
      });
    }
    // A saved order beside them is still paid: the refusals were about their statuses only.
    const saved = await push(server.app, tokens.demo, (await cartOrders(server.db, ids.demo, 1, PRICE))[0]!, {
      key: newKey(),
    });
    expect(saved.code).toBe(0);
  });

  it("the same key with another order is refused (HTTP 422) and nothing moves; a malformed key is a 400", async () => {
    const [first, second] = await cartOrders(server.db, ids.demo, 2, PRICE);
    const key = newKey();
    expect(await push(server.app, tokens.demo, first!, { key })).toMatchObject({ code: 0 });
    await unchanged(async () => {
      expect(expectErrorEnvelope(await pushRequest(server.app, tokens.demo, `${second},`, { key }), 422).code).toBe(
        422,
      );
      const bad = await pushRequest(server.app, tokens.demo, `${second},`, { key: "has space" });
      expect(expectErrorEnvelope(bad, 400).message).toMatch(/Idempotency-Key/i);
    });
    expect(await statusOf(server.db, second!)).toBe(ORDER_STATUS.saved);
  });

  it("keys are per account: acme's identical key string is acme's own key", async () => {
    const [demoOrder] = await cartOrders(server.db, ids.demo, 1, PRICE);
    const [acmeOrder] = await cartOrders(server.db, ids.acme, 1, PRICE);
    const key = newKey();
    expect(await push(server.app, tokens.demo, demoOrder!, { key })).toMatchObject({ code: 0 });
    expect(await push(server.app, tokens.acme, acmeOrder!, { key })).toMatchObject({ code: 0 });
    const acmeAccount = (await memberAccount(server.db, ids.acme))!;
    const [row] = await orderRows(server.db, [acmeOrder!]);
    const [charge] = await server.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.reference, row!.orderCode), eq(ledgerTransfers.kind, "order")));
    expect(charge).toMatchObject({ debitAccountId: acmeAccount.id, currency: "CNY", amountCents: PRICE });
  });
});
