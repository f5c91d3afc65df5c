import { count } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { orders } from "../../server/db/schema.ts";
import { memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { memberIds, type MemberIds } from "./members.ts";
import { expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { bodyOf, call, insertOrder, storedOrders } from "./cartHelpers.ts";

/**
 * Issue 11 "Access": every call × {no token, own, another main account, a sub-account of the same
 * main}. Another account's order is "not found" (code 1003) and nothing changes; a sub-account sees
 * and acts on its own orders only; the main account sees a sub-account's orders (userId) read-only.
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", demoSub1: "", acme: "" };
type Who = keyof typeof tokens;
/** demo's, demo-sub1's and acme's saved order, all with quantity 1. */
const order = { demo: { id: 0, code: "" }, demoSub1: { id: 0, code: "" }, acme: { id: 0, code: "" } };

beforeAll(async () => {
  server = await startServer();
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  ids = await memberIds(server.db);
  for (const who of ["demo", "demoSub1", "acme"] as const)
    order[who] = await insertOrder(server.db, ids[who], {
      status: ORDER_STATUS.saved,
      cusOrderCode: `ACCESS-${who}`,
      unitPriceCents: 5_000,
    });
});
afterEach(async () => {
  await expectLedgerInvariants(server.db);
});
afterAll(async () => {
  await server?.close();
});

/** Everything a refused call must leave as it was: the three orders, how many orders exist, the balances. */
async function state() {
  return {
    orders: await storedOrders(server.db, [order.demo.id, order.demoSub1.id, order.acme.id]),
    count: (await server.db.select({ n: count() }).from(orders))[0]!.n,
    balances: [
      await memberBalanceCents(server.db, ids.demo),
      await memberBalanceCents(server.db, ids.demoSub1),
      await memberBalanceCents(server.db, ids.acme),
    ],
  };
}

/** The changing calls of this issue, each acting on one order. */
const changes: Record<
  string,
  (id: number) => { method: "GET" | "POST"; url: string; query?: Record<string, string>; payload?: unknown }
> = {
  updateCartOrderAmount: (id) => ({
    method: "GET",
    url: "/api/pc/order/updateCartOrderAmount",
    query: { orderId: String(id), amount: "2" },
  }),
  updateOrderAddproduct: (id) => ({
    method: "GET",
    url: "/api/pc/order/updateOrderAddproduct",
    query: { orderId: String(id), addProduct: "1" },
  }),
  updateOrderCheck: (id) => ({
    method: "POST",
    url: "/api/pc/order/updateOrderCheck",
    payload: { orderIds: `${id}`, check: 1 },
  }),
  deleteCartOrder: (id) => ({ method: "POST", url: "/api/pc/order/deleteCartOrder", payload: { orderId: String(id) } }),
  pushOrder: (id) => ({ method: "GET", url: "/api/pc/order/pushOrder", query: { orderIds: `${id},` } }),
};

/** The reading calls of this issue, each about one order. */
const reads: Record<string, (id: number) => { url: string; query?: Record<string, string> }> = {
  getCartOrderDetail: (id) => ({ url: "/api/pc/order/getCartOrderDetail", query: { orderId: String(id) } }),
  getOrderSumPrice: (id) => ({ url: "/api/pc/order/getOrderSumPrice", query: { orderId: `${id},` } }),
};

const send = (
  who: Who | null,
  request: { method?: "GET" | "POST"; url: string; query?: Record<string, string>; payload?: unknown },
) =>
  call(server.app, who ? tokens[who] : null, request.method ?? "GET", request.url, {
    query: request.query,
    payload: request.payload,
  });

describe("no token", () => {
  it("every call of issue 11 answers 401 ATI and changes nothing", async () => {
    const before = await state();
    const requests = [
      ...Object.values(changes).map((make) => make(order.demo.id)),
      ...Object.values(reads).map((make) => make(order.demo.id)),
      { url: "/api/pc/order/getOrderCartList", query: { type: "1" } },
      { url: "/api/pc/order/getOrderCodeList", query: { keyWord: "ACCESS" } },
      { url: "/api/pc/order/exportOrderList" },
      { url: "/api/pc/order/getRecommendClothList" },
      { url: "/api/pc/member/findAllSubAccount" },
    ];
    expect(requests).toHaveLength(12);
    for (const request of requests) {
      const body = expectErrorEnvelope(await send(null, request), 401);
      expect(body.code, request.url).toBe("ATI");
    }
    expect(await state()).toEqual(before);
  });
});

describe("another main account (acme) and a sub-account (demo-sub1) on demo's order", () => {
  for (const who of ["acme", "demoSub1"] as const) {
    it(`CART-017 ${who}: every change is "not found" or refused and changes nothing`, async () => {
      const before = await state();
      for (const [name, make] of Object.entries(changes)) {
        const res = await send(who, make(order.demo.id));
        expect(res.statusCode, name).toBeLessThan(500);
        const body = bodyOf(res);
        expect(body.code, `${name} ${res.body}`).toBe(1003);
      }
      expect(await state()).toEqual(before);
    });

    it(`${who}: demo's order cannot be read, summed, listed, looked up or exported`, async () => {
      for (const [name, make] of Object.entries(reads)) {
        expect(bodyOf(await send(who, make(order.demo.id))).code, name).toBe(1003);
      }
      const list = bodyOf<Array<{ orderId: string }>>(
        await send(who, { url: "/api/pc/order/getOrderCartList", query: { type: "1", pageSize: "80" } }),
      );
      expect(list.data.map((o) => o.orderId)).not.toContain(String(order.demo.id));
      const byUser = await send(who, {
        url: "/api/pc/order/getOrderCartList",
        query: { type: "1", userId: String(ids.demo) },
      });
      expect(bodyOf(byUser).code).toBe(1003);
      const lookup = bodyOf<unknown[]>(
        await send(who, { url: "/api/pc/order/getOrderCodeList", query: { keyWord: order.demo.code } }),
      );
      expect(lookup.data).toEqual([]);
      const exported = await send(who, { url: "/api/pc/order/exportOrderList", query: { userId: String(ids.demo) } });
      expect(bodyOf(exported).code).toBe(1003);
    });
  }
});

describe("own orders", () => {
  it("demo and demo-sub1 each see and change their own order", async () => {
    for (const who of ["demo", "demoSub1"] as const) {
      const list = bodyOf<Array<{ orderId: string; isEdit: number }>>(
        await send(who, { url: "/api/pc/order/getOrderCartList", query: { type: "1", keyWord: "ACCESS-" } }),
      );
      expect(list.data).toEqual([expect.objectContaining({ orderId: String(order[who].id), isEdit: 1 })]);
      for (const [name, make] of Object.entries(reads))
        expect(bodyOf(await send(who, make(order[who].id))).code, `${who} ${name}`).toBe(0);
      const lookup = bodyOf<Array<{ orderCode: string }>>(
        await send(who, { url: "/api/pc/order/getOrderCodeList", query: { keyWord: "ACCESS-" } }),
      );
      expect(lookup.data.map((hit) => hit.orderCode)).toEqual([order[who].code]);
      const check = await send(who, changes.updateOrderCheck!(order[who].id));
      expect(bodyOf(check).code).toBe(0);
    }
  });
});

describe("the main account's member filter (userId = a sub-account)", () => {
  it("CART-017 demo sees demo-sub1's orders read-only (isEdit 0)", async () => {
    const res = await send("demo", {
      url: "/api/pc/order/getOrderCartList",
      query: { type: "1", userId: String(ids.demoSub1), keyWord: "ACCESS-" },
    });
    const list = bodyOf<Array<{ orderId: string; isEdit: number; isAddProduct: number; username: string }>>(res);
    expect(list.data).toEqual([
      expect.objectContaining({
        orderId: String(order.demoSub1.id),
        isEdit: 0,
        isAddProduct: 0,
        username: "demo-sub1",
      }),
    ]);
    const detail = bodyOf<{ isEdit: number }>(await send("demo", reads.getCartOrderDetail!(order.demoSub1.id)));
    expect(detail).toMatchObject({ code: 0, data: { isEdit: 0 } });
    // userId = the account itself is the account's own list.
    const self = bodyOf<Array<{ orderId: string }>>(
      await send("demo", {
        url: "/api/pc/order/getOrderCartList",
        query: { type: "1", userId: String(ids.demo), keyWord: "ACCESS-" },
      }),
    );
    expect(self.data.map((o) => o.orderId)).toEqual([String(order.demo.id)]);
  });

  it("CART-017 demo cannot change, delete, sum or submit demo-sub1's order (refused, nothing changed)", async () => {
    const before = await state();
    for (const [name, make] of Object.entries(changes)) {
      const body = bodyOf(await send("demo", make(order.demoSub1.id)));
      // pushOrder pays from the caller's own account only: a sub-account's order is not found there.
      expect(body.code, name).toBe(name === "pushOrder" ? 1003 : 1002);
    }
    expect(bodyOf(await send("demo", reads.getOrderSumPrice!(order.demoSub1.id))).code).toBe(1002);
    expect(await state()).toEqual(before);
  });
});
