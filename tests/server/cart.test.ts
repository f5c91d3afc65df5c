import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { PRODUCTION_LIST_STATUSES } from "../../domain/orderStatus.ts";
import { crafts, customers, measureParts, orders, recommendedProducts } from "../../server/db/schema.ts";
import { blankPiece } from "../../server/db/schema/orders.ts";
import { memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { deposit, memberIds, type MemberIds } from "./members.ts";
import { expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { bodyOf, call, insertOrder, insertRecommended, orderExists, storedOrders } from "./cartHelpers.ts";

/**
 * The cart and the order lists of issue 11 through HTTP on the real server: what each call answers
 * (CART-021..057), and that bad input is a clear refusal that changes nothing.
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", demoSub1: "", demoSub2: "", acme: "" };
beforeAll(async () => {
  server = await startServer();
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.demoSub2 = (await login(server.app, "demo-sub2", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  ids = await memberIds(server.db);
});
afterEach(async () => {
  await expectLedgerInvariants(server.db);
});
afterAll(async () => {
  await server?.close();
});

interface CartOrder {
  orderId: string;
  orderCode: string;
  status: number;
  statusName: string;
  color: string;
  amount: number;
  price: string;
  unitPrice: string;
  isEdit: number;
  isAddProduct: number;
  check: number;
  clothUrl: string;
  [key: string]: unknown;
}

const list = (token: string, query: Record<string, string>, language?: string) =>
  call(server.app, token, "GET", "/api/pc/order/getOrderCartList", { query, language });

/** The orders of a list page (code 0 expected). */
async function listed(token: string, query: Record<string, string>) {
  const res = await list(token, query);
  expect(res.statusCode, res.body).toBe(200);
  const body = bodyOf<CartOrder[]>(res);
  expect(body.code, res.body).toBe(0);
  return { data: body.data, total: body.total ?? -1 };
}

const CART_021_FIELDS = [
  "orderId",
  "orderCode",
  "cusOrderCode",
  "orderType",
  "orderName",
  "orderZhName",
  "clothCategory",
  "clothZhName",
  "clothUrl",
  "fabric",
  "pubDate",
  "planDeliveryDate",
  "deliveryDate",
  "waybillNo",
  "sizeCategoryId",
  "sizeCategoryName",
  "custName",
  "amount",
  "unitPrice",
  "price",
  "status",
  "statusName",
  "color",
  "labels",
  "check",
  "addProduct",
  "isEdit",
  "isAddProduct",
  "goodId",
  "blError",
  "remark",
  "flPrice",
  "flInfo",
];

describe("getOrderCartList (CART-043)", () => {
  it("CART-021 CART-043 type 1 lists the caller's saved orders with every documented field", async () => {
    const mark = "LIST-A";
    const a = await insertOrder(server.db, ids.demo, {
      status: ORDER_STATUS.saved,
      cusOrderCode: mark,
      amount: 2,
      unitPriceCents: 12_345,
      remark: "note",
    });
    await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.pending, cusOrderCode: mark });
    const { data, total } = await listed(tokens.demo, { type: "1", keyWord: mark });
    expect(total).toBe(1);
    const [order] = data;
    for (const field of CART_021_FIELDS) expect(order, field).toHaveProperty(field);
    expect(order).toMatchObject({
      orderId: String(a.id),
      orderCode: a.code,
      status: ORDER_STATUS.saved,
      amount: 2,
      unitPrice: "123.45",
      price: "246.90",
      moneyType: "USD",
      isEdit: 1,
      isAddProduct: 0,
      labels: [],
      flInfo: [],
      remark: "note",
      color: "blue",
    });
    expect(order!.statusName).toBe("Saved");
    // The category picture is one the server serves.
    expect(order!.clothUrl).toBe("/img/category/3000.svg");
  });

  it("CART-024 CART-056 type 4 (the pending list) shows pending review by default; the status filter picks another", async () => {
    const mark = "LIST-B";
    const pending = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.pending, cusOrderCode: mark });
    const submitted = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.submitted, cusOrderCode: mark });
    expect((await listed(tokens.demo, { type: "4", keyWord: mark })).data.map((o) => o.orderId)).toEqual([
      String(pending.id),
    ]);
    const other = await listed(tokens.demo, { type: "4", keyWord: mark, status: String(ORDER_STATUS.submitted) });
    expect(other.data.map((o) => o.orderId)).toEqual([String(submitted.id)]);
    expect(other.data[0]).toMatchObject({ isEdit: 0, color: "orange" });
  });

  it("CART-056 CART-010 type 3 (my order's second list) shows every status, newest first; keyword and status narrow it", async () => {
    const mark = "LIST-ALL";
    const base = Date.now() - 2_000_000;
    const statuses = [...PRODUCTION_LIST_STATUSES, ORDER_STATUS.saved, ORDER_STATUS.pending, ORDER_STATUS.cancelled];
    const made: number[] = [];
    for (const [k, status] of statuses.entries())
      made.push(
        (
          await insertOrder(server.db, ids.demo, {
            status,
            cusOrderCode: `${mark}-${k}`,
            custName: `All Lister ${k}`,
            createdAt: new Date(base + k * 1000),
          })
        ).id,
      );
    // Another account's and a sub-account's orders with the same mark never appear.
    const foreign = await insertOrder(server.db, ids.acme, { status: ORDER_STATUS.pending, cusOrderCode: `${mark}-x` });
    const sub = await insertOrder(server.db, ids.demoSub1, { status: ORDER_STATUS.pending, cusOrderCode: `${mark}-s` });
    const all = await listed(tokens.demo, { type: "3", keyWord: mark, pageSize: "20" });
    expect(all.total).toBe(statuses.length);
    expect(all.data.map((o) => o.orderId)).toEqual(made.toReversed().map(String));
    expect(new Set(all.data.map((o) => o.status))).toEqual(new Set(statuses));
    expect(all.data.map((o) => o.orderId)).not.toContain(String(foreign.id));
    expect(all.data.map((o) => o.orderId)).not.toContain(String(sub.id));
    // The default page is 10, like the pending list.
    expect((await listed(tokens.demo, { type: "3", keyWord: mark })).data).toHaveLength(10);
    // keyWord narrows by customer order code, order code or customer name.
    const byName = await listed(tokens.demo, { type: "3", keyWord: "all lister 3" });
    expect(byName.data.map((o) => o.orderId)).toEqual([String(made[3])]);
    const byCode = await listed(tokens.demo, { type: "3", keyWord: `${mark}-1` });
    expect(byCode.data.map((o) => o.orderId)).toEqual(
      made
        .filter((_, k) => String(k).startsWith("1"))
        .toReversed()
        .map(String),
    );
    const code = (await listed(tokens.demo, { type: "3", keyWord: `${mark}-0` })).data[0]!.orderCode;
    expect((await listed(tokens.demo, { type: "3", keyWord: code })).data.map((o) => o.orderId)).toEqual([
      String(made[0]),
    ]);
    // The status filter still applies.
    const paid = await listed(tokens.demo, { type: "3", keyWord: mark, status: String(ORDER_STATUS.submitted) });
    expect(paid.data.map((o) => o.status)).toEqual([ORDER_STATUS.submitted]);
    // The other account sees only its own order under the same mark.
    const theirs = await listed(tokens.acme, { type: "3", keyWord: mark });
    expect(theirs.data.map((o) => o.orderId)).toEqual([String(foreign.id)]);
  });

  it("CART-043 type 2 lists production's statuses only, each with its colour (PROD-030..034)", async () => {
    const mark = "LIST-C";
    for (const status of [...PRODUCTION_LIST_STATUSES, ORDER_STATUS.saved, ORDER_STATUS.pending])
      await insertOrder(server.db, ids.demo, { status, cusOrderCode: mark });
    const { data, total } = await listed(tokens.demo, { type: "2", keyWord: mark, pageSize: "20" });
    expect(total).toBe(PRODUCTION_LIST_STATUSES.length);
    expect(new Set(data.map((o) => o.status))).toEqual(new Set(PRODUCTION_LIST_STATUSES));
    const colour = Object.fromEntries(data.map((o) => [o.status, o.color]));
    expect(colour[ORDER_STATUS.failed]).toBe("red");
    expect(colour[ORDER_STATUS.submitted]).toBe("orange");
    expect(colour[ORDER_STATUS.finished]).toBe("grey");
    expect(colour[ORDER_STATUS.cutting]).toBe("blue");
    expect(data.every((o) => o.isEdit === 0)).toBe(true);
    // isShip: 1 only shipped, 0 all but shipped.
    const shipped = await listed(tokens.demo, { type: "2", keyWord: mark, isShip: "1" });
    expect(shipped.data.map((o) => o.status)).toEqual([ORDER_STATUS.shipped]);
    expect((await listed(tokens.demo, { type: "2", keyWord: mark, isShip: "0" })).total).toBe(
      PRODUCTION_LIST_STATUSES.length - 1,
    );
  });

  it("CART-054 CART-055 pages: 10 by default on the pending list, 20 elsewhere, newest first, total counts all", async () => {
    const mark = "LIST-D";
    const base = Date.now() - 1_000_000;
    const made: number[] = [];
    for (let k = 0; k < 23; k++) {
      const { id } = await insertOrder(server.db, ids.demo, {
        status: ORDER_STATUS.pending,
        cusOrderCode: `${mark}-${k}`,
        createdAt: new Date(base + k * 1000),
      });
      made.push(id);
    }
    const newestFirst = made.toReversed().map(String);
    const first = await listed(tokens.demo, { type: "4", keyWord: mark });
    expect(first.total).toBe(23);
    expect(first.data.map((o) => o.orderId)).toEqual(newestFirst.slice(0, 10));
    const third = await listed(tokens.demo, { type: "4", keyWord: mark, pageNum: "3" });
    expect(third.data.map((o) => o.orderId)).toEqual(newestFirst.slice(20));
    const beyond = await listed(tokens.demo, { type: "4", keyWord: mark, pageNum: "9" });
    expect(beyond).toEqual({ data: [], total: 23 });
    const twenty = await listed(tokens.demo, { type: "4", keyWord: mark, pageSize: "20", pageNum: "2" });
    expect(twenty.data.map((o) => o.orderId)).toEqual(newestFirst.slice(20));
    const cart = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, cusOrderCode: "LIST-D2" });
    expect((await listed(tokens.demo, { type: "1", keyWord: "LIST-D2" })).data[0]?.orderId).toBe(String(cart.id));
  });

  it("CART-043 the order filter: order number, dates, delivery dates, category, method, order type, keyword", async () => {
    const mark = "LIST-E";
    const old = await insertOrder(server.db, ids.demo, {
      status: ORDER_STATUS.finished,
      cusOrderCode: `${mark}-old`,
      custName: "Alice Filter",
      createdAt: new Date("2026-07-15T10:00:00Z"),
      planDeliveryDate: "2026-08-01",
      deliveryDate: "2026-08-03",
      categoryId: 4000,
      sizeCategoryId: 10054,
      orderType: 8,
    });
    const recent = await insertOrder(server.db, ids.demo, {
      status: ORDER_STATUS.submitted,
      cusOrderCode: `${mark}-new`,
      custName: "Bob Filter",
      createdAt: new Date("2026-11-01T10:00:00Z"),
      planDeliveryDate: "2026-11-20",
    });
    const only = async (query: Record<string, string>) =>
      (await listed(tokens.demo, { type: "2", keyWord: mark, ...query })).data.map((o) => o.orderId);
    expect(await only({})).toEqual([String(recent.id), String(old.id)]);
    expect(await only({ orderNum: old.code })).toEqual([String(old.id)]);
    expect(await only({ orderNum: `${mark}-new` })).toEqual([String(recent.id)]);
    expect(await only({ start: "2026-07-15", end: "2026-07-15" })).toEqual([String(old.id)]);
    expect(await only({ start: "2026-07-16" })).toEqual([String(recent.id)]);
    expect(await only({ deliveryDateStart: "2026-11-01" })).toEqual([String(recent.id)]);
    expect(await only({ deliveryDateEnd: "2026-08-01" })).toEqual([String(old.id)]);
    expect(await only({ finalDeliveryDateStart: "2026-08-03", finalDeliveryDateEnd: "2026-08-03" })).toEqual([
      String(old.id),
    ]);
    expect(await only({ clothId: "4000" })).toEqual([String(old.id)]);
    expect(await only({ sizeCategoryId: "10054" })).toEqual([String(old.id)]);
    expect(await only({ orderType: "8" })).toEqual([String(old.id)]);
    expect(await only({ status: String(ORDER_STATUS.submitted) })).toEqual([String(recent.id)]);
    // keyWord also finds the customer's name, case-insensitively; a % is a literal character.
    expect((await listed(tokens.demo, { type: "2", keyWord: "alice filter" })).data.map((o) => o.orderId)).toContain(
      String(old.id),
    );
    expect((await listed(tokens.demo, { type: "2", keyWord: "%" })).total).toBe(0);
    // A status outside the list's statuses finds nothing.
    expect(await only({ status: String(ORDER_STATUS.saved) })).toEqual([]);
  });

  it("CART-021 names are in the caller's language (Accept-Language)", async () => {
    await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, cusOrderCode: "LIST-F" });
    const res = await list(tokens.demo, { type: "1", keyWord: "LIST-F" }, "zh");
    const [order] = bodyOf<CartOrder[]>(res).data;
    expect(order!.statusName).toBe("已保存");
    expect(order!.clothZhName).toBe(order!.orderZhName);
  });

  it("a malformed date, page size, page number or type: 400 naming the field, never a 500", async () => {
    for (const [query, field] of [
      [{ start: "2026-13-01" }, "start"],
      [{ end: "2026-02-30" }, "end"],
      [{ start: "yesterday" }, "start"],
      [{ deliveryDateStart: "2026-1-1" }, "deliveryDateStart"],
      [{ finalDeliveryDateEnd: "2026-04-31" }, "finalDeliveryDateEnd"],
      [{ start: "2026-05-02", end: "2026-05-01" }, "start"],
      [{ pageSize: "15" }, "pageSize"],
      [{ pageSize: "-10" }, "pageSize"],
      [{ pageSize: "abc" }, "pageSize"],
      [{ pageNum: "0" }, "pageNum"],
      [{ pageNum: "1.5" }, "pageNum"],
      [{ type: "5" }, "type"],
      [{ type: "0" }, "type"],
      [{ userId: "0" }, "userId"],
    ] as const) {
      const res = await list(tokens.demo, { type: "4", ...query });
      const body = expectErrorEnvelope(res, 400);
      expect(body.message, JSON.stringify(query)).toContain(field);
    }
  });
});

describe("the permission to modify", () => {
  it("CART-017 an account without ORDER_EDIT sees its own saved orders with isEdit 0; one with it, isEdit 1", async () => {
    const sub2 = bodyOf<CartOrder[]>(await list(tokens.demoSub2, { type: "1" })).data;
    expect(sub2.length).toBeGreaterThan(0);
    expect(sub2.map((o) => [o.isEdit, o.isAddProduct])).toEqual(sub2.map(() => [0, 0]));
    const demo = bodyOf<CartOrder[]>(await list(tokens.demo, { type: "1" })).data;
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.every((o) => o.isEdit === 1)).toBe(true);
  });
});

describe("dates the database cannot hold", () => {
  it("year 0000 or 9999 in any date filter of the list or the export: 400 naming the field, never a 500", async () => {
    for (const [query, field] of [
      [{ start: "0000-01-01" }, "start"],
      [{ end: "9999-12-31" }, "end"],
      [{ deliveryDateStart: "0001-01-01" }, "deliveryDateStart"],
      [{ finalDeliveryDateEnd: "9999-12-31" }, "finalDeliveryDateEnd"],
    ] as const) {
      for (const path of ["getOrderCartList", "exportOrderList"]) {
        const res = await call(server.app, tokens.demo, "GET", `/api/pc/order/${path}`, {
          query: { type: "4", ...query },
        });
        expect(expectErrorEnvelope(res, 400).message, `${path} ${JSON.stringify(query)}`).toContain(field);
      }
    }
  });
});

describe("getCartOrderDetail (CART-044)", () => {
  const detail = (token: string, orderId: string, language?: string) =>
    call(server.app, token, "GET", "/api/pc/order/getCartOrderDetail", { query: { orderId }, language });

  it("CART-044 the detail: the list item, the customer and each piece's crafts, monogram and sizes by name", async () => {
    const [craft] = await server.db
      .select()
      .from(crafts)
      .where(and(eq(crafts.categoryId, 3000), eq(crafts.code, "LAPEL_PEAK")));
    const [part] = await server.db
      .select()
      .from(measureParts)
      .where(and(eq(measureParts.categoryId, 3000), eq(measureParts.measureType, 10052)));
    const [customer] = await server.db.select().from(customers).where(eq(customers.memberId, ids.demo)).limit(1);
    const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, custName: customer!.custName });
    const piece = blankPiece(3000, {
      fitId: 10431,
      crafts: [{ craftId: craft!.id, content: "", file: null, priceCents: 1_500 }],
      embs: [{ site: 1551, color: 1513, font: 1501, embSize: null, content: "JW", file: null, priceCents: 800 }],
      sizes: [{ partId: part!.id, partValue: 98.5, modifyValue: 0 }],
    });
    await server.db
      .update(orders)
      .set({ details: [piece], customerId: customer!.id })
      .where(eq(orders.id, order.id));
    const body = bodyOf<Record<string, unknown>>(await detail(tokens.demo, String(order.id)));
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      orderId: String(order.id),
      orderCode: order.code,
      isEdit: 1,
      customer: { custName: customer!.custName, phone: customer!.phone },
      orderDetails: [
        {
          clothCategory: 3000,
          shape: "Slim",
          orderCraftList: [{ craftName: craft!.enName, content: "", price: "15.00" }],
          orderEmbList: [{ site: "Inside pocket", color: "Navy", font: "Script", embContent: "JW", embPrice: "8.00" }],
          customerSize: [{ partId: part!.id, partName: part!.enName, partValue: 98.5 }],
        },
      ],
    });
    const zh = bodyOf<{ orderDetails: Array<{ orderCraftList: Array<{ craftName: string }> }> }>(
      await detail(tokens.demo, String(order.id), "zh"),
    );
    expect(zh.data.orderDetails[0]!.orderCraftList[0]!.craftName).toBe(craft!.zhName);
  });

  it("an unknown id is not found; a malformed one is a 400 naming orderId", async () => {
    expect(bodyOf(await detail(tokens.demo, "2000000000")).code).toBe(1003);
    expect(bodyOf(await detail(tokens.demo, "9999999999")).code).toBe(1003);
    for (const bad of ["abc", "-1", "1.5", ""])
      expect(expectErrorEnvelope(await detail(tokens.demo, bad), 400).message).toContain("orderId");
  });
});

describe("getOrderSumPrice (CART-045)", () => {
  const sum = (token: string, orderId?: string) =>
    call(server.app, token, "GET", "/api/pc/order/getOrderSumPrice", {
      query: orderId === undefined ? {} : { orderId },
    });

  it("CART-022 CART-045 answers the ledger balance and the price of the listed orders", async () => {
    await deposit(server.db, ids.demoSub1, 7_777);
    const a = await insertOrder(server.db, ids.demoSub1, { status: ORDER_STATUS.saved, unitPriceCents: 1_050 });
    const b = await insertOrder(server.db, ids.demoSub1, {
      status: ORDER_STATUS.pending,
      unitPriceCents: 2_000,
      amount: 3,
    });
    const balance = await memberBalanceCents(server.db, ids.demoSub1);
    const res = await sum(tokens.demoSub1, `${a.id},${b.id},`);
    expect(bodyOf(res)).toMatchObject({
      code: 0,
      data: {
        memberBalance: `${Math.floor(balance / 100)}.${String(balance % 100).padStart(2, "0")}`,
        orderPrice: "70.50",
        moneyType: "USD",
      },
    });
    expect(bodyOf<{ orderPrice: string }>(await sum(tokens.demoSub1)).data.orderPrice).toBe("0.00");
  });

  it("an unknown or foreign id is not found; duplicates or more than 200 ids are a 400 naming orderId", async () => {
    const own = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved });
    const foreign = await insertOrder(server.db, ids.acme, { status: ORDER_STATUS.saved });
    for (const list of [`${own.id},${foreign.id}`, "999999999", "9999999999"]) {
      const body = bodyOf(await sum(tokens.demo, list));
      expect(body.code, list).toBe(1003);
    }
    expect(expectErrorEnvelope(await sum(tokens.demo, `${own.id},${own.id}`), 400).message).toContain("orderId");
    const many = Array.from({ length: 1000 }, (_, k) => k + 1).join(",");
    expect(expectErrorEnvelope(await sum(tokens.demo, many), 400).message).toContain("orderId");
    expect(expectErrorEnvelope(await sum(tokens.demo, "1;2"), 400).message).toContain("orderId");
  });
});

describe("updateCartOrderAmount (CART-047)", () => {
  const amount = (token: string, orderId: number | string, value: string) =>
    call(server.app, token, "GET", "/api/pc/order/updateCartOrderAmount", {
      query: { orderId: String(orderId), amount: value },
    });

  it("CART-047 CART-035 sets the quantity and answers the stored unit price × amount", async () => {
    const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, unitPriceCents: 4_321 });
    const body = bodyOf(await amount(tokens.demo, order.id, "3"));
    expect(body).toMatchObject({ code: 0, data: { price: "129.63", unitPrice: "43.21", amount: 3 } });
    const [row] = await storedOrders(server.db, [order.id]);
    expect(row).toMatchObject({ amount: 3, priceCents: 12_963 });
    expect(bodyOf(await amount(tokens.demo, order.id, "99"))).toMatchObject({ data: { price: "4277.79" } });
  });

  it("CART-035 quantity 0, negative, fractional, 100, 10000 or text: 400 naming amount, nothing changed", async () => {
    const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, amount: 2 });
    const before = await storedOrders(server.db, [order.id]);
    for (const value of ["0", "-1", "1.5", "100", "10000", "two", ""]) {
      const body = expectErrorEnvelope(await amount(tokens.demo, order.id, value), 400);
      expect(body.message, value).toContain("amount");
    }
    expect(await storedOrders(server.db, [order.id])).toEqual(before);
  });

  it("CART-040 refused with cart.doChangeNum when add-product is set and the amount is not 1", async () => {
    const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, addProduct: 1 });
    const before = await storedOrders(server.db, [order.id]);
    const body = bodyOf(await amount(tokens.demo, order.id, "2"));
    expect(body).toMatchObject({ code: 1002, message: "Quantity cannot be modified when adding products" });
    expect(await storedOrders(server.db, [order.id])).toEqual(before);
    // Amount 1 stays allowed.
    expect(bodyOf(await amount(tokens.demo, order.id, "1")).code).toBe(0);
  });

  it("CART-017 an order past pending is refused (code 1002), an unknown id is not found, nothing changed", async () => {
    const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.submitted });
    const before = await storedOrders(server.db, [order.id]);
    expect(bodyOf(await amount(tokens.demo, order.id, "2")).code).toBe(1002);
    expect(bodyOf(await amount(tokens.demo, 2_000_000_000, "2")).code).toBe(1003);
    expect(bodyOf(await amount(tokens.demo, "9999999999", "2")).code).toBe(1003);
    expect(expectErrorEnvelope(await amount(tokens.demo, "-3", "2"), 400).message).toContain("orderId");
    expect(await storedOrders(server.db, [order.id])).toEqual(before);
  });

  it("QO-164 an account without ORDER_EDIT (demo-sub2) cannot change a quantity", async () => {
    const order = await insertOrder(server.db, ids.demoSub2, { status: ORDER_STATUS.saved });
    expect(bodyOf(await amount(tokens.demoSub2, order.id, "2")).code).toBe(1004);
    expect((await storedOrders(server.db, [order.id]))[0]!.amount).toBe(1);
  });
});

describe("updateOrderAddproduct (CART-048)", () => {
  const addProduct = (token: string, orderId: number, value: string) =>
    call(server.app, token, "GET", "/api/pc/order/updateOrderAddproduct", {
      query: { orderId: String(orderId), addProduct: value },
    });

  it("CART-048 sets and clears the add-product flag of an order of quantity 1", async () => {
    const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.pending });
    expect(bodyOf(await addProduct(tokens.demo, order.id, "1"))).toMatchObject({
      code: 0,
      data: { orderId: String(order.id), addProduct: 1 },
    });
    expect((await storedOrders(server.db, [order.id]))[0]!.addProduct).toBe(1);
    expect(bodyOf(await addProduct(tokens.demo, order.id, "0")).code).toBe(0);
    expect((await storedOrders(server.db, [order.id]))[0]!.addProduct).toBe(0);
  });

  it("CART-040 refused (cart.doChangeNum) when the quantity is not 1; a value other than 0/1 is a 400", async () => {
    const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, amount: 2 });
    const before = await storedOrders(server.db, [order.id]);
    const body = bodyOf(await addProduct(tokens.demo, order.id, "1"));
    expect(body).toMatchObject({ code: 1002, message: "Quantity cannot be modified when adding products" });
    expect(expectErrorEnvelope(await addProduct(tokens.demo, order.id, "2"), 400).message).toContain("addProduct");
    expect(await storedOrders(server.db, [order.id])).toEqual(before);
  });
});

describe("updateOrderCheck (CART-034)", () => {
  const check = (token: string, payload: unknown) =>
    call(server.app, token, "POST", "/api/pc/order/updateOrderCheck", { payload });

  it("CART-034 stores the selection flag of every listed order (select-all sends the page's ids)", async () => {
    const a = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, cusOrderCode: "CHECK-A" });
    const b = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.pending, cusOrderCode: "CHECK-A" });
    expect(bodyOf(await check(tokens.demo, { orderIds: `${a.id},${b.id}`, check: 1 }))).toMatchObject({
      code: 0,
      data: { updated: 2, check: 1 },
    });
    expect((await storedOrders(server.db, [a.id, b.id])).map((r) => r.checked)).toEqual([1, 1]);
    const [shown] = (await listed(tokens.demo, { type: "1", keyWord: "CHECK-A" })).data;
    expect(shown!.check).toBe(1);
    await check(tokens.demo, { orderIds: `${a.id},`, check: 0 });
    expect((await storedOrders(server.db, [a.id, b.id])).map((r) => r.checked)).toEqual([0, 1]);
  });

  it("duplicates, 1,000 ids, a foreign id, a submitted order or check 2: refused, nothing changed", async () => {
    const a = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved });
    const done = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.submitted });
    const foreign = await insertOrder(server.db, ids.acme, { status: ORDER_STATUS.saved });
    const before = await storedOrders(server.db, [a.id, done.id, foreign.id]);
    expect(
      expectErrorEnvelope(await check(tokens.demo, { orderIds: `${a.id},${a.id}`, check: 1 }), 400).message,
    ).toContain("orderIds");
    const many = Array.from({ length: 1000 }, (_, k) => a.id + k).join(",");
    expect(expectErrorEnvelope(await check(tokens.demo, { orderIds: many, check: 1 }), 400).message).toContain(
      "orderIds",
    );
    expect(bodyOf(await check(tokens.demo, { orderIds: `${a.id},${foreign.id}`, check: 1 })).code).toBe(1003);
    expect(bodyOf(await check(tokens.demo, { orderIds: `${a.id},${done.id}`, check: 1 })).code).toBe(1002);
    expect(expectErrorEnvelope(await check(tokens.demo, { orderIds: `${a.id}`, check: 2 }), 400).message).toContain(
      "check",
    );
    expect(expectErrorEnvelope(await check(tokens.demo, { orderIds: "", check: 1 }), 400).message).toContain(
      "orderIds",
    );
    expect(await storedOrders(server.db, [a.id, done.id, foreign.id])).toEqual(before);
  });
});

describe("deleteCartOrder (CART-049)", () => {
  const remove = (token: string, orderId: string) =>
    call(server.app, token, "POST", "/api/pc/order/deleteCartOrder", { payload: { orderId } });

  it("CART-049 deletes a saved or a pending order of the caller", async () => {
    for (const status of [ORDER_STATUS.saved, ORDER_STATUS.pending]) {
      const order = await insertOrder(server.db, ids.demo, { status });
      expect(bodyOf(await remove(tokens.demo, String(order.id)))).toMatchObject({
        code: 0,
        data: { orderId: String(order.id) },
      });
      expect(await orderExists(server.db, order.id)).toBe(false);
    }
  });

  it("CART-049 an order past pending is refused, an unknown one not found, both kept", async () => {
    for (const status of [ORDER_STATUS.submitted, ORDER_STATUS.cutting, ORDER_STATUS.failed, ORDER_STATUS.finished]) {
      const order = await insertOrder(server.db, ids.demo, { status });
      expect(bodyOf(await remove(tokens.demo, String(order.id))).code).toBe(1002);
      expect(await orderExists(server.db, order.id)).toBe(true);
    }
    expect(bodyOf(await remove(tokens.demo, "2000000000")).code).toBe(1003);
    expect(expectErrorEnvelope(await remove(tokens.demo, "abc"), 400).message).toContain("orderId");
  });
});

describe("getOrderCodeList (CART-050)", () => {
  it("CART-050 CART-009 up to 10 of the caller's orders by code or customer code, with their source", async () => {
    const saved = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, cusOrderCode: "LOOKUP-1" });
    const pending = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.pending, cusOrderCode: "LOOKUP-2" });
    const produced = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.sewing, cusOrderCode: "LOOKUP-3" });
    await insertOrder(server.db, ids.acme, { status: ORDER_STATUS.saved, cusOrderCode: "LOOKUP-4" });
    const res = await call(server.app, tokens.demo, "GET", "/api/pc/order/getOrderCodeList", {
      query: { keyWord: "lookup-" },
    });
    const hits = bodyOf<Array<{ orderCode: string; customOrderNo: string; source: string }>>(res).data;
    expect(hits).toEqual([
      { orderCode: produced.code, customOrderNo: "LOOKUP-3", source: "production" },
      { orderCode: pending.code, customOrderNo: "LOOKUP-2", source: "pending" },
      { orderCode: saved.code, customOrderNo: "LOOKUP-1", source: "cart" },
    ]);
    const byCode = await call(server.app, tokens.demo, "GET", "/api/pc/order/getOrderCodeList", {
      query: { keyWord: saved.code },
    });
    expect(bodyOf<unknown[]>(byCode).data).toHaveLength(1);
    for (let k = 0; k < 12; k++)
      await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, cusOrderCode: `MANY-${k}` });
    const many = await call(server.app, tokens.demo, "GET", "/api/pc/order/getOrderCodeList", {
      query: { keyWord: "MANY-" },
    });
    expect(bodyOf<unknown[]>(many).data).toHaveLength(10);
    const empty = await call(server.app, tokens.demo, "GET", "/api/pc/order/getOrderCodeList", {
      query: { keyWord: "" },
    });
    expect(expectErrorEnvelope(empty, 400).message).toContain("keyWord");
  });
});

describe("getRecommendClothList (CART-051)", () => {
  it("CART-057 the lists ask for order way 7: a product whose category only the professional order offers is left out; way 8 has it", async () => {
    const [accessory] = await server.db
      .insert(recommendedProducts)
      .values({ orderType: 8, categoryId: 5000, name: "Pocket square", zhName: "口袋巾", sort: 99 })
      .returning();
    const get = (query: Record<string, string>) =>
      call(server.app, tokens.demo, "GET", "/api/pc/order/getRecommendClothList", { query });
    type Product = { id: number; categoryId: number };
    const ofWay7 = bodyOf<Product[]>(await get({ orderWay: "7" })).data;
    expect(ofWay7.length).toBeGreaterThan(0);
    expect(ofWay7.map((p) => p.id)).not.toContain(accessory!.id);
    // the default is order way 7
    expect(bodyOf<Product[]>(await get({})).data).toEqual(ofWay7);
    expect(bodyOf<Product[]>(await get({ orderWay: "8" })).data.map((p) => p.id)).toContain(accessory!.id);
    expectErrorEnvelope(await get({ orderWay: "9" }), 400);
  });

  it("CART-023 CART-051 each product has a type, an id, a name in the caller's language and a picture", async () => {
    const [first, second] = await insertRecommended(server.db);
    const get = (language: string) =>
      call(server.app, tokens.demo, "GET", "/api/pc/order/getRecommendClothList", { language });
    type Product = { id: number; type: number; name: string; picture: string; categoryId: number };
    const en = bodyOf<Product[]>(await get("en")).data;
    expect(en).toContainEqual({
      id: first!.id,
      type: 8,
      name: "Test suit",
      picture: "/img/category/3000.svg",
      categoryId: 3000,
    });
    // Without a name of its own, a product is named after its category.
    const named = en.find((p) => p.id === second!.id);
    expect(named).toMatchObject({ type: 7, categoryId: 4000, picture: "/img/category/4000.svg" });
    expect(named!.name.length).toBeGreaterThan(0);
    const zh = bodyOf<Product[]>(await get("zh")).data;
    expect(zh.find((p) => p.id === first!.id)!.name).toBe("测试西服");
    for (const product of en) expect([7, 8]).toContain(product.type);
  });
});

describe("SUB-037 findAllSubAccount (the member filter)", () => {
  const subs = (token: string, query: Record<string, string> = {}) =>
    call(server.app, token, "GET", "/api/pc/member/findAllSubAccount", { query });

  it("a main account gets itself first and its sub-accounts; without isContainsSelf only the sub-accounts", async () => {
    expect(bodyOf(await subs(tokens.demo)).data).toEqual([
      { id: ids.demo, username: "demo" },
      { id: ids.demoSub1, username: "demo-sub1" },
      { id: ids.demoSub2, username: "demo-sub2" },
    ]);
    expect(bodyOf(await subs(tokens.demo, { isContainsSelf: "0" })).data).toEqual([
      { id: ids.demoSub1, username: "demo-sub1" },
      { id: ids.demoSub2, username: "demo-sub2" },
    ]);
  });

  it("a sub-account gets only itself; another main account only its own", async () => {
    expect(bodyOf(await subs(tokens.demoSub1)).data).toEqual([{ id: ids.demoSub1, username: "demo-sub1" }]);
    expect(bodyOf(await subs(tokens.acme)).data).toEqual([{ id: ids.acme, username: "acme" }]);
    expect(expectErrorEnvelope(await subs(tokens.demo, { isContainsSelf: "2" }), 400).message).toContain(
      "isContainsSelf",
    );
  });
});
