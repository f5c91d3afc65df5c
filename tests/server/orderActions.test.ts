import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { orderEvents, orders } from "../../server/db/schema.ts";
import { blankPiece } from "../../server/db/schema/orders.ts";
import { ledgerTransfers } from "../../server/db/schema/ledger.ts";
import { memberBalanceCents, payForSale } from "../../server/modules/ledger/service.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { deposit, memberIds, type MemberIds } from "./members.ts";
import { bearer, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { bodyOf, call, insertOrder } from "./cartHelpers.ts";
import { moneyAndOrders } from "./pushHelpers.ts";

/**
 * Issue 12: cancel with refund (PROD-056, D-13), pre-commit (PROD-055), the order formula (PROD-054)
 * and the timeline, through the real server. A paid order's cancel reverses its payment in the
 * transaction of the status change, once, whatever the keys and however many requests race.
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", demoSub1: "", acme: "" };

beforeAll(async () => {
  server = await startServer();
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  ids = await memberIds(server.db);
});
afterEach(async () => {
  await expectLedgerInvariants(server.db);
});
afterAll(async () => {
  await server?.close();
});

/** An order of the member in `status`; a paid status is paid through the ledger as submission pays. */
async function order(
  memberId: number,
  status: number,
  unitPriceCents = 12_345,
  spec: { categoryId?: number; orderType?: number } = {},
) {
  const row = await insertOrder(server.db, memberId, { status, unitPriceCents, ...spec });
  if (status !== ORDER_STATUS.saved && status !== ORDER_STATUS.pending) {
    const paid = await server.db.transaction((tx) =>
      payForSale(tx, memberId, unitPriceCents, { kind: "order", reference: row.code }),
    );
    expect(paid.ok).toBe(true);
  }
  return row;
}

const cancel = (token: string | null, orderId: string, key?: string, language?: string) =>
  server.app.inject({
    method: "GET",
    url: "/api/pc/order/canceMtmOrder",
    query: { orderId },
    headers: {
      ...(token === null ? {} : bearer(token)),
      ...(key === undefined ? {} : { "idempotency-key": key }),
      ...(language ? { "accept-language": language } : {}),
    },
  });

const statusOf = async (id: number) =>
  (await server.db.select({ s: orders.statusId }).from(orders).where(eq(orders.id, id)))[0]!.s;
const refundsOf = (code: string) =>
  server.db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.reference, code), eq(ledgerTransfers.kind, "refund")));

describe("cancel (PROD-056, D-13)", () => {
  it("PROD-056 D-13 a paid order (10030, 206012) is cancelled and refunded its full price, once", async () => {
    for (const status of [ORDER_STATUS.submitted, ORDER_STATUS.cutting]) {
      const { id, code } = await order(ids.demo, status);
      const before = await memberBalanceCents(server.db, ids.demo);
      const res = await cancel(tokens.demo, String(id));
      const body = bodyOf<{ statusId: number; refunded: string; orderCode: string }>(res);
      expect(body.code, res.body).toBe(0);
      expect(body.message).toBe("Order cancelled");
      expect(body.data).toMatchObject({ statusId: ORDER_STATUS.cancelled, refunded: "123.45", orderCode: code });
      expect(await statusOf(id)).toBe(ORDER_STATUS.cancelled);
      expect(await memberBalanceCents(server.db, ids.demo)).toBe(before + 12_345);
      const refunds = await refundsOf(code);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.reversesTransferId).not.toBeNull();
    }
  });

  it("PROD-056 D-13 a pending order (10371, never paid) is cancelled without a transfer", async () => {
    const { id, code } = await order(ids.demo, ORDER_STATUS.pending);
    const before = await moneyAndOrders(server.db);
    const body = bodyOf<{ refunded: string }>(await cancel(tokens.demo, String(id)));
    expect(body.code).toBe(0);
    expect(body.data.refunded).toBe("0.00");
    expect(await statusOf(id)).toBe(ORDER_STATUS.cancelled);
    const after = await moneyAndOrders(server.db);
    expect(after.balances).toEqual(before.balances);
    expect(after.transfers).toBe(before.transfers);
    expect(await refundsOf(code)).toEqual([]);
  });

  it("D-13 PROD-056 cancelling twice refunds once: the second call is refused with the message", async () => {
    const { id, code } = await order(ids.demo, ORDER_STATUS.submitted);
    expect(bodyOf(await cancel(tokens.demo, String(id))).code).toBe(0);
    const before = await moneyAndOrders(server.db);
    for (const language of ["en", "zh"]) {
      const res = await cancel(tokens.demo, String(id), undefined, language);
      expect(res.statusCode).toBe(200);
      const body = bodyOf(res);
      expect(body.code).toBe(1002);
      expect(body.message).toBe(
        language === "zh" ? `订单 ${code} 当前状态不能取消` : `Order ${code} cannot be cancelled in its status`,
      );
    }
    expect(await moneyAndOrders(server.db)).toEqual(before);
    expect(await refundsOf(code)).toHaveLength(1);
  });

  it("D-13 a paid order with no payment on record is refused with the message and nothing changes", async () => {
    const { id, code } = await insertOrder(server.db, ids.demo, {
      status: ORDER_STATUS.submitted,
      unitPriceCents: 12_345,
    });
    for (const language of ["en", "zh"]) {
      const before = await moneyAndOrders(server.db);
      const res = await cancel(tokens.demo, String(id), `no-payment-${language}`, language);
      const body = expectErrorEnvelope(res, 200);
      expect(body.code).toBe(1002);
      expect(body.message).toBe(
        language === "zh"
          ? `订单 ${code} 无法取消：找不到其付款记录`
          : `Order ${code} cannot be cancelled: its payment is not on record`,
      );
      expect(await moneyAndOrders(server.db)).toEqual(before);
    }
    expect(await statusOf(id)).toBe(ORDER_STATUS.submitted);
    expect(await refundsOf(code)).toEqual([]);
  });

  it("PROD-056 refunded reports the amount the ledger reversed, not the order's price", async () => {
    const { id, code } = await insertOrder(server.db, ids.demo, {
      status: ORDER_STATUS.submitted,
      unitPriceCents: 12_345,
    });
    const paid = await server.db.transaction((tx) =>
      payForSale(tx, ids.demo, 10_000, { kind: "order", reference: code }),
    );
    expect(paid.ok).toBe(true);
    const body = bodyOf<{ refunded: string }>(await cancel(tokens.demo, String(id)));
    expect(body.code).toBe(0);
    expect(body.data.refunded).toBe("100.00");
    const refunds = await refundsOf(code);
    expect(refunds.map((r) => r.amountCents)).toEqual([10_000]);
  });

  it("D-13 a saved, finished, shipped, failed or cancelled order is refused and nothing changes", async () => {
    for (const status of [
      ORDER_STATUS.saved,
      ORDER_STATUS.sewing,
      ORDER_STATUS.qualityCheck,
      ORDER_STATUS.finished,
      ORDER_STATUS.shipped,
      ORDER_STATUS.failed,
      ORDER_STATUS.cancelled,
    ]) {
      const { id } = await order(ids.demo, status);
      const before = await moneyAndOrders(server.db);
      const res = await cancel(tokens.demo, String(id), `refused-${status}`);
      expect(res.statusCode).toBe(200);
      expect(bodyOf(res).code, `${status}`).toBe(1002);
      expect(await moneyAndOrders(server.db)).toEqual(before);
      // A refusal keeps no answer: the key is free to be used again.
      expect(bodyOf(await cancel(tokens.demo, String(id), `refused-${status}`)).code).toBe(1002);
    }
  });

  it("PROD-056 the same key answers the first result again; another order with it is refused (422)", async () => {
    const { id } = await order(ids.demo, ORDER_STATUS.submitted);
    const first = await cancel(tokens.demo, String(id), "cancel-key-1");
    const again = await cancel(tokens.demo, String(id), "cancel-key-1");
    expect(bodyOf(again).data).toEqual(bodyOf(first).data);
    const other = await order(ids.demo, ORDER_STATUS.submitted);
    const before = await moneyAndOrders(server.db);
    expect(expectErrorEnvelope(await cancel(tokens.demo, String(other.id), "cancel-key-1"), 422).code).toBe(422);
    expect(await moneyAndOrders(server.db)).toEqual(before);
  });

  it("PROD-056 50 orders cancelled at once: each refunded exactly once, the balance up by their sum", async () => {
    const rows = [];
    for (let i = 0; i < 50; i++)
      rows.push(await order(ids.demo, i % 2 === 0 ? ORDER_STATUS.submitted : ORDER_STATUS.cutting, 1_000 + i));
    const before = await memberBalanceCents(server.db, ids.demo);
    const answers = await Promise.all(rows.map((r) => cancel(tokens.demo, String(r.id), `bulk-${r.id}`)));
    for (const res of answers) expect(bodyOf(res).code, res.body).toBe(0);
    const expected = rows.reduce((sum, _r, i) => sum + 1_000 + i, 0);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(before + expected);
    const refunds = await server.db
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          inArray(
            ledgerTransfers.reference,
            rows.map((r) => r.code),
          ),
          eq(ledgerTransfers.kind, "refund"),
        ),
      );
    expect(refunds).toHaveLength(50);
    expect(new Set(refunds.map((r) => r.reference)).size).toBe(50);
  });

  it("PROD-056 the same cancel sent 20 times at once with one key: one refund, every answer the same", async () => {
    const { id, code } = await order(ids.demo, ORDER_STATUS.submitted, 7_777);
    const before = await memberBalanceCents(server.db, ids.demo);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(tokens.demo, String(id), "race-key")));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(bodyOf(res).code, res.body).toBe(0);
      expect(bodyOf(res).data).toEqual(bodyOf(answers[0]!).data);
    }
    expect(await refundsOf(code)).toHaveLength(1);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(before + 7_777);
  });

  it("PROD-056 the same cancel sent 20 times at once without a key: one refund, the others refused", async () => {
    const { id, code } = await order(ids.demo, ORDER_STATUS.cutting, 3_333);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(tokens.demo, String(id))));
    const codes = answers.map((res) => bodyOf(res).code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 1002)).toHaveLength(19);
    expect(await refundsOf(code)).toHaveLength(1);
  });

  it("PROD-056 the cancel is on the timeline: from its status to 10372 by the member", async () => {
    const { id } = await order(ids.demo, ORDER_STATUS.submitted);
    await cancel(tokens.demo, String(id));
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events).toEqual([
      expect.objectContaining({
        fromStatus: ORDER_STATUS.submitted,
        toStatus: ORDER_STATUS.cancelled,
        actor: "member",
        actorMemberId: ids.demo,
      }),
    ]);
  });
});

describe("bad input and access", () => {
  it("an order id that is not a number, empty or past the range: refused, never a 500, nothing changes", async () => {
    const before = await moneyAndOrders(server.db);
    for (const bad of ["abc", "", "1.5", "-3", "12,13", "99999999999"]) {
      const res = await cancel(tokens.demo, bad);
      expect(res.statusCode, bad).toBeLessThan(500);
      expect(bodyOf(res).code, bad).not.toBe(0);
      expect(res.body).not.toMatch(/\n\s+at /);
    }
    for (const url of ["/api/pc/order/preCommit/abc", "/api/pc/order/getOrderFormula/1e3"]) {
      const res = await call(server.app, tokens.demo, url.includes("preCommit") ? "POST" : "GET", url);
      expect(res.statusCode, url).toBe(400);
    }
    const unknown = bodyOf(await cancel(tokens.demo, "2147483000"));
    expect(unknown.code).toBe(1003);
    expect(await moneyAndOrders(server.db)).toEqual(before);
  });

  it("every call × {no token, own, other main account, sub-account}: 0 leaks, nothing changed", async () => {
    const own = await order(ids.demo, ORDER_STATUS.submitted);
    await deposit(server.db, ids.demoSub1, 12_345);
    const subs = await order(ids.demoSub1, ORDER_STATUS.submitted);
    const requests = (id: number) => [
      { method: "GET" as const, url: "/api/pc/order/canceMtmOrder", query: { orderId: String(id) } },
      { method: "POST" as const, url: `/api/pc/order/preCommit/${id}` },
      { method: "GET" as const, url: `/api/pc/order/getOrderFormula/${id}` },
      { method: "GET" as const, url: "/api/pc/order/timeline", query: { orderId: String(id) } },
    ];
    const before = await moneyAndOrders(server.db);
    for (const r of requests(own.id)) {
      expect(expectErrorEnvelope(await call(server.app, null, r.method, r.url, { query: r.query }), 401).code).toBe(
        "ATI",
      );
      for (const who of ["acme", "demoSub1"] as const) {
        const res = await call(server.app, tokens[who], r.method, r.url, { query: r.query });
        expect(res.statusCode).toBe(200);
        expect(bodyOf(res).code, `${who} ${r.url}`).toBe(1003);
        expect(res.body).not.toContain(own.code);
      }
    }
    // A main account cannot act on its sub-account's orders (orders belong to their member) ...
    for (const r of requests(subs.id).slice(0, 2)) {
      const res = await call(server.app, tokens.demo, r.method, r.url, { query: r.query });
      expect(bodyOf(res).code, r.url).toBe(1003);
    }
    expect(await moneyAndOrders(server.db)).toEqual(before);
    // ... but reads them as the lists and the details show them: the formula and the timeline.
    for (const r of requests(subs.id).slice(2)) {
      const res = await call(server.app, tokens.demo, r.method, r.url, { query: r.query });
      expect(bodyOf(res).code, `${r.url} ${res.body}`).toBe(0);
    }
    expect(
      bodyOf<{ orderCode: string }>(
        await call(server.app, tokens.demo, "GET", `/api/pc/order/getOrderFormula/${subs.id}`),
      ).data.orderCode,
    ).toBe(subs.code);
    expect(await moneyAndOrders(server.db)).toEqual(before);
    // Own: every call answers.
    for (const r of requests(own.id).reverse()) {
      const res = await call(server.app, tokens.demo, r.method, r.url, { query: r.query });
      expect(bodyOf(res).code, `${r.url} ${res.body}`).toBe(0);
    }
    expect(bodyOf(await cancel(tokens.demoSub1, String(subs.id))).code).toBe(0);
  });
});

describe("pre-commit (PROD-055)", () => {
  it("PROD-055 a pending or submitted order is pre-committed: message success, the time kept", async () => {
    for (const status of [ORDER_STATUS.pending, ORDER_STATUS.submitted]) {
      const { id } = await order(ids.demo, status);
      const res = await call(server.app, tokens.demo, "POST", `/api/pc/order/preCommit/${id}`);
      const body = bodyOf<{ preCommittedAt: string }>(res);
      expect(body.code).toBe(0);
      expect(body.message).toBe("success");
      const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
      expect(row!.preCommittedAt?.toISOString()).toBe(body.data.preCommittedAt);
      const again = bodyOf<{ preCommittedAt: string }>(
        await call(server.app, tokens.demo, "POST", `/api/pc/order/preCommit/${id}`),
      );
      expect(again.data.preCommittedAt).toBe(body.data.preCommittedAt);
    }
  });

  it("PROD-055 a pre-commit leaves a trace: the list row's and the details' time, one timeline step", async () => {
    const { id, code } = await order(ids.demo, ORDER_STATUS.submitted);
    const before = bodyOf<{ preCommittedAt: string | null }>(
      await call(server.app, tokens.demo, "GET", "/api/pc/order/orderDetail", { query: { orderId: String(id) } }),
    );
    expect(before.data.preCommittedAt).toBeNull();
    const done = bodyOf<{ preCommittedAt: string }>(
      await call(server.app, tokens.demo, "POST", `/api/pc/order/preCommit/${id}`),
    );
    await call(server.app, tokens.demo, "POST", `/api/pc/order/preCommit/${id}`);
    const list = bodyOf<Array<{ orderCode: string; preCommittedAt: string | null }>>(
      await call(server.app, tokens.demo, "GET", "/api/pc/order/getOrderCartList", {
        query: { type: "2", orderNum: code, pageNum: "1", pageSize: "20" },
      }),
    );
    expect(list.data.find((row) => row.orderCode === code)?.preCommittedAt).toBe(done.data.preCommittedAt);
    const details = bodyOf<{ preCommittedAt: string | null }>(
      await call(server.app, tokens.demo, "GET", "/api/pc/order/orderDetail", { query: { orderId: String(id) } }),
    );
    expect(details.data.preCommittedAt).toBe(done.data.preCommittedAt);
    const timeline = bodyOf<Array<Record<string, unknown>>>(
      await call(server.app, tokens.demo, "GET", "/api/pc/order/timeline", { query: { orderId: String(id) } }),
    );
    // Pre-committed twice, on the timeline once: the status stays, the note says it.
    expect(timeline.data).toEqual([
      expect.objectContaining({
        fromStatus: ORDER_STATUS.submitted,
        toStatus: ORDER_STATUS.submitted,
        actor: "member",
        actorName: "demo",
        note: "Pre-committed",
        at: done.data.preCommittedAt,
      }),
    ]);
  });

  it("PROD-055 PROD-038 PROD-039 cut, finished, category 3800000 or type 9: refused, nothing stored", async () => {
    const refused = [
      await order(ids.demo, ORDER_STATUS.cutting),
      await order(ids.demo, ORDER_STATUS.finished),
      await order(ids.demo, ORDER_STATUS.saved),
      await order(ids.demo, ORDER_STATUS.submitted, 100, { categoryId: 3800000 }),
      await order(ids.demo, ORDER_STATUS.submitted, 100, { orderType: 9 }),
    ];
    for (const { id, code } of refused) {
      const body = bodyOf(await call(server.app, tokens.demo, "POST", `/api/pc/order/preCommit/${id}`));
      expect(body.code).toBe(1002);
      expect(body.message).toBe(`Order ${code} cannot be pre-committed in its status`);
      const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
      expect(row!.preCommittedAt).toBeNull();
    }
  });
});

describe("order formula (PROD-054)", () => {
  it("PROD-054 categoryName and one item per stored measurement: value + ease = finished", async () => {
    const { id } = await order(ids.demo, ORDER_STATUS.submitted);
    await server.db
      .update(orders)
      .set({
        details: [
          blankPiece(3000, {
            fitId: 0,
            sizes: [{ partId: 999_001, partValue: 90, modifyValue: 1.5 }],
            finished: [{ refPartId: 999_001, partId: 999_002, partValue: 99.5 }],
          }),
        ],
      })
      .where(eq(orders.id, id));
    const body = bodyOf<{ categoryName: string; items: Array<Record<string, unknown>> }>(
      await call(server.app, tokens.demo, "GET", `/api/pc/order/getOrderFormula/${id}`),
    );
    expect(body.code).toBe(0);
    expect(body.data.categoryName).not.toBe("");
    expect(body.data.items).toEqual([
      expect.objectContaining({ value: 91.5, ease: 8, finished: 99.5, formula: "91.50 + 8.00 = 99.50" }),
    ]);
    const zh = bodyOf<{ categoryName: string }>(
      await call(server.app, tokens.demo, "GET", `/api/pc/order/getOrderFormula/${id}`, { language: "zh" }),
    );
    expect(zh.data.categoryName).not.toBe(body.data.categoryName);
  });
});

describe("timeline", () => {
  it("every seeded order has a timeline that starts with its save and ends in its status", async () => {
    const all = await server.db
      .select({ id: orders.id, statusId: orders.statusId, code: orders.orderCode })
      .from(orders);
    const events = await server.db.select().from(orderEvents);
    // The seed's codes start with MTM; this file's own orders with T11.
    const seeded = all.filter((o) => o.code.startsWith("MTM"));
    expect(seeded.length).toBeGreaterThan(50);
    for (const o of seeded) {
      const own = events.filter((e) => e.orderId === o.id).sort((a, b) => +a.at - +b.at || a.id - b.id);
      expect(own[0]!.fromStatus).toBeNull();
      expect(own.at(-1)!.toStatus).toBe(o.statusId);
      for (let i = 1; i < own.length; i++) expect(own[i]!.fromStatus).toBe(own[i - 1]!.toStatus);
    }
  });

  it("GET timeline names the member and the statuses in the caller's language", async () => {
    const { id } = await order(ids.demo, ORDER_STATUS.submitted);
    await cancel(tokens.demo, String(id));
    const en = bodyOf<Array<Record<string, unknown>>>(
      await call(server.app, tokens.demo, "GET", "/api/pc/order/timeline", { query: { orderId: String(id) } }),
    );
    expect(en.data).toEqual([
      expect.objectContaining({ fromStatus: 10030, toStatus: 10372, actor: "member", actorName: "demo" }),
    ]);
    expect(en.data[0]!.toStatusName).not.toBe("");
    const zh = bodyOf<Array<Record<string, unknown>>>(
      await call(server.app, tokens.demo, "GET", "/api/pc/order/timeline", {
        query: { orderId: String(id) },
        language: "zh",
      }),
    );
    expect(zh.data[0]!.toStatusName).not.toBe(en.data[0]!.toStatusName);
  });

  it("a submission short of balance is the system's move with its reason; a paid one the member's", async () => {
    // a price 500 above what demo-sub1 holds now: the first submission is short, the second (topped up) paid
    const price = (await memberBalanceCents(server.db, ids.demoSub1)) + 500;
    const { id } = await insertOrder(server.db, ids.demoSub1, { status: ORDER_STATUS.saved, unitPriceCents: price });
    const short = bodyOf(
      await call(server.app, tokens.demoSub1, "GET", "/api/pc/order/pushOrder", { query: { orderIds: `${id},` } }),
    );
    expect(short.code).toBe(0);
    await deposit(server.db, ids.demoSub1, 500);
    await call(server.app, tokens.demoSub1, "GET", "/api/pc/order/pushOrder", { query: { orderIds: `${id},` } });
    const timeline = bodyOf<Array<Record<string, unknown>>>(
      await call(server.app, tokens.demoSub1, "GET", "/api/pc/order/timeline", { query: { orderId: String(id) } }),
    );
    expect(timeline.data).toEqual([
      expect.objectContaining({ fromStatus: 10368, toStatus: 10371, actor: "system", note: "Insufficient Balance" }),
      expect.objectContaining({ fromStatus: 10371, toStatus: 10030, actor: "member", actorName: "demo-sub1" }),
    ]);
  });
});

describe("remakes (issue 12)", () => {
  /** A shirt draft the server accepts (the category's default sizes), optionally naming a remake. */
  async function shirt(remake: { remakeOfId?: string; remakeReason?: string } = {}) {
    const parts = bodyOf<Array<{ id: number; defaultValue: number }>>(
      await call(server.app, tokens.demo, "GET", "/api/pc/dict/measureInfo", {
        query: { category: "1000", measureType: "10052" },
      }),
    ).data;
    return {
      clothCategory: 1000,
      fabric: "RC1006",
      customerName: "Remake Test",
      shortName: "Remake",
      genderId: 10041,
      height: 168,
      weight: 58,
      ...remake,
      detailList: [
        {
          clothCategory: 1000,
          craftList: [],
          embList: [],
          sizeList: parts.map((p) => ({ partId: p.id, partValue: p.defaultValue, modifyValue: 0 })),
        },
      ],
    };
  }
  const save = async (draft: unknown, token = tokens.demo) =>
    bodyOf<{ orderId: string; orderCode: string }>(
      await call(server.app, token, "POST", "/api/pc/order/saveOrder", { payload: draft }),
    );
  const info = async (orderId: string) =>
    bodyOf<{ remakeOf: unknown; remakes: unknown; remakeOfId: string; remakeReason: string }>(
      await call(server.app, tokens.demo, "GET", "/api/pc/order/getOrderInfo", { query: { orderId } }),
    ).data;

  it("a buy-again of a finished or shipped order may be a remake: both orders' info link to each other", async () => {
    for (const status of [ORDER_STATUS.finished, ORDER_STATUS.shipped]) {
      const original = await order(ids.demo, status);
      const saved = await save(await shirt({ remakeOfId: String(original.id), remakeReason: "  Sleeves too short " }));
      expect(saved.code, saved.message).toBe(0);
      expect(await info(saved.data.orderId)).toMatchObject({
        remakeOfId: String(original.id),
        remakeReason: "Sleeves too short",
        remakeOf: { orderId: String(original.id), orderCode: original.code },
        remakes: [],
      });
      expect(await info(String(original.id))).toMatchObject({
        remakeOf: null,
        remakes: [{ orderId: saved.data.orderId, orderCode: saved.data.orderCode }],
      });
    }
  });

  it("a remake of an undelivered, foreign or unknown order, or without a reason, is refused and saves nothing", async () => {
    const submitted = await order(ids.demo, ORDER_STATUS.submitted);
    const finished = await order(ids.demo, ORDER_STATUS.finished);
    const foreign = await order(ids.acme, ORDER_STATUS.finished);
    const before = await moneyAndOrders(server.db);
    const cases: Array<[{ remakeOfId?: string; remakeReason?: string }, number]> = [
      [{ remakeOfId: String(submitted.id), remakeReason: "x" }, 1002],
      [{ remakeOfId: String(foreign.id), remakeReason: "x" }, 1003],
      [{ remakeOfId: "2147483000", remakeReason: "x" }, 1003],
      [{ remakeOfId: "9999999999", remakeReason: "x" }, 1003],
      [{ remakeOfId: String(finished.id), remakeReason: "   " }, 1001],
      [{ remakeOfId: String(finished.id) }, 1001],
    ];
    for (const [remake, code] of cases) {
      const body = await save(await shirt(remake));
      expect(body.code, JSON.stringify(remake)).toBe(code);
    }
    // malformed: text as the id, a reason past 200 characters: HTTP 400, never a 500
    for (const remake of [
      { remakeOfId: "abc", remakeReason: "x" },
      { remakeOfId: String(finished.id), remakeReason: "r".repeat(201) },
    ]) {
      const res = await call(server.app, tokens.demo, "POST", "/api/pc/order/saveOrder", {
        payload: await shirt(remake),
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await moneyAndOrders(server.db)).orders).toEqual(before.orders);
  });
});

describe("urgent production (PROD-005, designed)", () => {
  const ask = (
    token: string | null,
    id: number | string,
    payload: unknown = { reason: "Wedding moved up" },
    language?: string,
  ) => call(server.app, token, "POST", `/api/pc/order/urgent/${id}`, { payload, language });
  const eventsOf = (id: number) => server.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
  const balanceOf = (memberId: number) => memberBalanceCents(server.db, memberId);

  it("PROD-005 an order in production is asked urgent once: a timeline event keeping its status, no money moves", async () => {
    const row = await order(ids.demo, ORDER_STATUS.sewing);
    const before = { events: (await eventsOf(row.id)).length, balance: await balanceOf(ids.demo) };
    const body = bodyOf<{ statusId: number; reason: string; at: string }>(
      await ask(tokens.demo, row.id, { reason: "  Wedding moved up " }),
    );
    expect(body.code).toBe(0);
    expect(body.message).toBe("Urgent production asked");
    expect(body.data).toMatchObject({ statusId: ORDER_STATUS.sewing, reason: "Wedding moved up" });
    const events = await eventsOf(row.id);
    expect(events).toHaveLength(before.events + 1);
    expect(events.at(-1)).toMatchObject({
      fromStatus: ORDER_STATUS.sewing,
      toStatus: ORDER_STATUS.sewing,
      actor: "member",
      actorMemberId: ids.demo,
      note: "Wedding moved up",
    });
    expect(await statusOf(row.id)).toBe(ORDER_STATUS.sewing);
    expect(await balanceOf(ids.demo)).toBe(before.balance);
    // the timeline shows it with its reason
    const timeline = bodyOf<Array<{ fromStatus: number; toStatus: number; note: string; actorName: string }>>(
      await call(server.app, tokens.demo, "GET", "/api/pc/order/timeline", { query: { orderId: String(row.id) } }),
    ).data;
    expect(timeline.at(-1)).toMatchObject({
      fromStatus: ORDER_STATUS.sewing,
      toStatus: ORDER_STATUS.sewing,
      note: "Wedding moved up",
      actorName: "demo",
    });
    // asked again: refused naming the first request, nothing added
    const again = expectErrorEnvelope(await ask(tokens.demo, row.id), 200);
    expect(again.code).toBe(1002);
    expect(again.message).toMatch(
      new RegExp(`Urgent production of order ${row.code} was already asked on \\d{4}-\\d{2}-\\d{2}`),
    );
    expect(await eventsOf(row.id)).toHaveLength(before.events + 1);
  });

  it("PROD-005 PROD-055 a pre-committed order can still be asked urgent: the timeline tells the two steps apart", async () => {
    const row = await order(ids.demo, ORDER_STATUS.submitted);
    expect(bodyOf(await call(server.app, tokens.demo, "POST", `/api/pc/order/preCommit/${row.id}`)).code).toBe(0);
    // a reason that reads as one of the server's message keys is refused: the timeline would misread it
    expect(bodyOf(await ask(tokens.demo, row.id, { reason: "order.preCommitEvent" })).code).toBe(1001);
    expect(bodyOf(await ask(tokens.demo, row.id, { reason: "Fitting moved up" })).code).toBe(0);
    const timeline = bodyOf<Array<{ kind: string; note: string }>>(
      await call(server.app, tokens.demo, "GET", "/api/pc/order/timeline", { query: { orderId: String(row.id) } }),
    ).data;
    expect(timeline.slice(-2)).toMatchObject([
      { kind: "preCommit", note: "Pre-committed" },
      { kind: "urgent", note: "Fitting moved up" },
    ]);
    expect(timeline.slice(0, -2).every((event) => event.kind === "status")).toBe(true);
  });

  it.each([
    ["pending", ORDER_STATUS.pending],
    ["finished", ORDER_STATUS.finished],
    ["shipped", ORDER_STATUS.shipped],
    ["cancelled", ORDER_STATUS.cancelled],
  ])("PROD-005 a %s order cannot be made urgent (1002), nothing recorded", async (_, status) => {
    const row = await order(ids.demo, status);
    const before = (await eventsOf(row.id)).length;
    const res = expectErrorEnvelope(await ask(tokens.demo, row.id, undefined, "zh-CN"), 200);
    expect(res.code).toBe(1002);
    expect(res.message).toBe(`订单 ${row.code} 不在生产中，不能加急`);
    expect(await eventsOf(row.id)).toHaveLength(before);
  });

  it("PROD-005 a blank or 201-character reason, an unknown field or an id that is not a number: refused, nothing recorded", async () => {
    const row = await order(ids.demo, ORDER_STATUS.submitted);
    const before = (await eventsOf(row.id)).length;
    expect(expectErrorEnvelope(await ask(tokens.demo, row.id, { reason: "   " }), 200).message).toBe(
      "The reason cannot be empty",
    );
    expectErrorEnvelope(await ask(tokens.demo, row.id, { reason: "x".repeat(201) }), 400);
    expectErrorEnvelope(await ask(tokens.demo, row.id, { reason: "x", extra: 1 }), 400);
    expectErrorEnvelope(await ask(tokens.demo, row.id, {}), 400);
    expectErrorEnvelope(await ask(tokens.demo, "abc"), 400);
    expect(expectErrorEnvelope(await ask(tokens.demo, "9999999999"), 200).code).toBe(1003);
    expect(await eventsOf(row.id)).toHaveLength(before);
  });

  it("PROD-005 access: no token 401; another main account, a sub-account on its main's order and the main on its sub's are not found", async () => {
    const own = await order(ids.demo, ORDER_STATUS.cutting);
    // (the status alone matters here: no payment)
    const subs = await insertOrder(server.db, ids.demoSub1, { status: ORDER_STATUS.cutting });
    const before = [(await eventsOf(own.id)).length, (await eventsOf(subs.id)).length];
    expect(expectErrorEnvelope(await ask(null, own.id), 401).code).toBe("ATI");
    expect(expectErrorEnvelope(await ask(tokens.acme, own.id), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await ask(tokens.demoSub1, own.id), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await ask(tokens.demo, subs.id), 200).code).toBe(1003);
    expect([(await eventsOf(own.id)).length, (await eventsOf(subs.id)).length]).toEqual(before);
    // each account asks for its own
    expect(bodyOf(await ask(tokens.demoSub1, subs.id)).code).toBe(0);
    expect(bodyOf(await ask(tokens.demo, own.id)).code).toBe(0);
  });
});

describe("the order's note (PROD-007, designed)", () => {
  const save = (token: string | null, payload: unknown) =>
    call(server.app, token, "POST", "/api/pc/order/updateRemark", { payload });
  const remarkOf = async (id: number) =>
    (await server.db.select({ r: orders.remark }).from(orders).where(eq(orders.id, id)))[0]!.r;

  it("PROD-007 the owner changes a pending order's note (trimmed, up to 500 characters) and clears it", async () => {
    const row = await order(ids.demo, ORDER_STATUS.pending);
    const body = bodyOf<{ remark: string }>(
      await save(tokens.demo, { orderId: String(row.id), remark: "  Longer sleeves " }),
    );
    expect(body).toMatchObject({ code: 0, message: "Note saved", data: { remark: "Longer sleeves" } });
    expect(await remarkOf(row.id)).toBe("Longer sleeves");
    expect(bodyOf(await save(tokens.demo, { orderId: String(row.id), remark: "n".repeat(500) })).code).toBe(0);
    expect(await remarkOf(row.id)).toHaveLength(500);
    expect(bodyOf(await save(tokens.demo, { orderId: String(row.id), remark: "" })).code).toBe(0);
    expect(await remarkOf(row.id)).toBe("");
  });

  it("PROD-007 PROD-052 a note of 501 characters, an order in production, an unknown field: refused, nothing changed", async () => {
    const pending = await order(ids.demo, ORDER_STATUS.pending);
    const made = await order(ids.demo, ORDER_STATUS.submitted);
    expectErrorEnvelope(await save(tokens.demo, { orderId: String(pending.id), remark: "n".repeat(501) }), 400);
    expectErrorEnvelope(await save(tokens.demo, { orderId: String(pending.id), remark: "x", extra: 1 }), 400);
    expectErrorEnvelope(await save(tokens.demo, { orderId: "abc", remark: "x" }), 400);
    const res = expectErrorEnvelope(await save(tokens.demo, { orderId: String(made.id), remark: "x" }), 200);
    expect(res.code).toBe(1002);
    expect(res.message).toBe(`Order ${made.code} can no longer be changed`);
    expect([await remarkOf(pending.id), await remarkOf(made.id)]).toEqual(["", ""]);
  });

  it("PROD-007 access: no token 401; another main account, a sub-account and the main on its sub's 1003; no permission 1004", async () => {
    const own = await order(ids.demo, ORDER_STATUS.pending);
    const subs = await order(ids.demoSub1, ORDER_STATUS.pending);
    const sub2 = await order(ids.demoSub2, ORDER_STATUS.pending);
    const sub2Token = (await login(server.app, "demo-sub2", "demo1234")).token;
    const payload = (id: number) => ({ orderId: String(id), remark: "Changed" });
    expect(expectErrorEnvelope(await save(null, payload(own.id)), 401).code).toBe("ATI");
    expect(expectErrorEnvelope(await save(tokens.acme, payload(own.id)), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await save(tokens.demoSub1, payload(own.id)), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await save(tokens.demo, payload(subs.id)), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await save(sub2Token, payload(sub2.id)), 200).code).toBe(1004);
    expect([await remarkOf(own.id), await remarkOf(subs.id), await remarkOf(sub2.id)]).toEqual(["", "", ""]);
    expect(bodyOf(await save(tokens.demoSub1, payload(subs.id))).code).toBe(0);
  });
});
