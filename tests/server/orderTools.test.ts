import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { APPEARANCE, CUT_TWICE, consumptionDefaults, type ConsumptionForm } from "../../domain/orderTools.ts";
import type { components } from "../../openapi/portal.d.ts";
import { consumptionQueries, customers, customerSizes, orders } from "../../server/db/schema.ts";
import { blankPiece } from "../../server/db/schema/orders.ts";
import { holdConsumptionQueries } from "../../server/modules/orderTools/testHooks.ts";
import { memberIds, type MemberIds } from "./members.ts";
import { expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { bodyOf, call, insertOrder } from "./cartHelpers.ts";

type Result = components["schemas"]["ConsumptionResult"];
type OrderCustomer = components["schemas"]["OrderCustomer"];

/**
 * Issue 12: the consumption query (PROD-041..046, PROD-058, PROD-059, PROD-066, PROD-072, PROD-073) and
 * the order customer edit (PROD-025, PROD-047..050, PROD-060, PROD-061), on the real server, with the
 * access matrix {no token, own, another main account, a sub-account} and bad input that changes nothing.
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", demoSub1: "", acme: "" };
/** demo's order with two measured pieces (a suit of category 3000 and its trousers 2000). */
const measured = { id: 0, code: "" };
/** demo's order without a customer or measurements. */
const bare = { id: 0, code: "" };
/** demo-sub1's and acme's orders, and a demo order already in production. */
const sub = { id: 0, code: "" };
const acme = { id: 0, code: "" };
const cutting = { id: 0, code: "" };

const PUSH = "/api/pc/order/pushOrderCost";
const DETAIL = "/api/pc/order/getOrderCostDetail";
const GET_CUSTOMER = "/api/pc/order/ordercustomer/getOrderCustomerById";
const UPDATE_CUSTOMER = "/api/pc/order/ordercustomer/updateOrderCustomerById";

/** A complete striped query, cut twice, of `orderCode`. */
const striped = (orderCode: string): ConsumptionForm => ({
  strStripeId: String(APPEARANCE.stripe),
  strStripe: "Striped",
  strWidth: "150",
  strStripeWidth: "2",
  strGridWidth: "0",
  strTwoClippingId: String(CUT_TWICE.yes.id),
  strTwoClipping: CUT_TWICE.yes.value,
  orderCode,
});

const queryCount = async () => (await server.db.select({ n: count() }).from(consumptionQueries))[0]!.n;
const push = (token: string | null, payload: unknown, language?: string) =>
  call(server.app, token, "POST", PUSH, { payload, language });

beforeAll(async () => {
  server = await startServer();
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  ids = await memberIds(server.db);
  Object.assign(measured, await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.submitted, custName: "M" }));
  const piece = (clothCategory: number, sizes: number[]) =>
    blankPiece(clothCategory, {
      fitId: 10432,
      sizes: sizes.map((partValue, k) => ({ partId: k + 1, partValue, modifyValue: 0 })),
    });
  await server.db
    .update(orders)
    .set({ details: [piece(3000, [100, 110, 75]), piece(2000, [90, 105])] })
    .where(eq(orders.id, measured.id));
  Object.assign(bare, await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.cutting }));
  Object.assign(sub, await insertOrder(server.db, ids.demoSub1, { status: ORDER_STATUS.pending }));
  Object.assign(acme, await insertOrder(server.db, ids.acme, { status: ORDER_STATUS.pending }));
  Object.assign(cutting, await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.cutting }));
});
afterAll(async () => {
  await server?.close();
});

describe("consumption query dictionaries", () => {
  it("PROD-046 PROD-072 PROD-073 D-05 cut twice (12) holds 10051 No and appearance (14) its three entries", async () => {
    const list = async (category: string) =>
      bodyOf<Array<{ id: number; name: string }>>(
        await call(server.app, null, "GET", "/api/pc/dictsystem/listDictSystem", { query: { category } }),
      ).data;
    expect((await list("12")).map((e) => [e.id, e.name])).toEqual([
      [10051, "No"],
      [10050, "Yes"],
    ]);
    expect((await list("14")).map((e) => e.id)).toEqual([APPEARANCE.plain, APPEARANCE.stripe, APPEARANCE.grid]);
    expect(consumptionDefaults("X")).toMatchObject({ strTwoClippingId: "10051", strTwoClipping: "0" });
  });
});

describe("pushOrderCost and getOrderCostDetail", () => {
  it("PROD-023 PROD-024 PROD-058 PROD-043 PROD-059 a striped, cut-twice query of a measured order is stored with status 2 and its result", async () => {
    const res = await push(tokens.demo, striped(measured.code));
    expect(res.statusCode).toBe(200);
    const body = bodyOf<Result>(res);
    expect(body.code).toBe(0);
    expect(body.message).toBe("Consumption query submitted");
    // suit: 350 cm × 110/100 × 150/150 + 4 × 2 = 393; trousers: 150 × 105/100 + 8 = 165.5;
    // (393 + 165.5) × 1.1 = 614.35 → 615 cm.
    expect(body.data).toMatchObject({ status: 2, cost: "6.15", stripe: "Striped", clipping: "Yes", error: "" });
    const detail = bodyOf<Result>(
      await call(server.app, tokens.demo, "GET", DETAIL, { query: { orderCode: measured.code } }),
    );
    expect(detail.data).toMatchObject({
      status: 2,
      cost: "6.15",
      stripe: "Striped",
      clipping: "Yes",
      width: "150",
      stripeWidth: "2",
      gridWidth: "0",
      orderCode: measured.code,
    });
    expect(Number.isNaN(Date.parse(detail.data.createDate))).toBe(false);
  });

  it("PROD-059 the detail answers the latest query, with names in the caller's language", async () => {
    const plain = { ...consumptionDefaults(measured.code), strStripeId: "10141", strStripe: "Plain" };
    await push(tokens.demo, { ...plain, strWidth: "100", strStripeWidth: "0", strGridWidth: "0" });
    const detail = bodyOf<Result>(
      await call(server.app, tokens.demo, "GET", DETAIL, { query: { orderCode: measured.code }, language: "zh-CN" }),
    );
    // suit 350 × 1.1 × 1.5 = 577.5; trousers 150 × 1.05 × 1.5 = 236.25; 813.75 → 814 cm, not cut twice.
    expect(detail.data).toMatchObject({ status: 2, cost: "8.14", stripe: "素色", clipping: "否", width: "100" });
  });

  it("PROD-058 an order saved without measurements uses the customer book's stored ones", async () => {
    // a seeded order whose customer has stored sizes of the order's category, its pieces taken away (an
    // order saved before order entry kept them: the seed now gives its orders measured pieces)
    const [seeded] = await server.db
      .selectDistinct({ id: orders.id, code: orders.orderCode })
      .from(orders)
      .innerJoin(
        customerSizes,
        and(eq(customerSizes.customerId, orders.customerId), eq(customerSizes.categoryId, orders.categoryId)),
      )
      .where(eq(orders.memberId, ids.demo))
      .orderBy(orders.id)
      .limit(1);
    await server.db.update(orders).set({ details: [] }).where(eq(orders.id, seeded!.id));
    expect((await server.db.select().from(orders).where(eq(orders.id, seeded!.id)))[0]!.details).toEqual([]);
    const body = bodyOf<Result>(await push(tokens.demo, striped(seeded!.code)));
    expect(body.data.status).toBe(2);
    expect(Number(body.data.cost)).toBeGreaterThan(0);
  });

  it("PROD-041 PROD-066 an order without measurements is stored as failed (status 0) with the reason and time", async () => {
    const before = await queryCount();
    const body = bodyOf<Result>(await push(tokens.demo, striped(bare.code)));
    expect(body.data).toMatchObject({ status: 0, cost: "" });
    expect(body.data.error).toBe("The order has no measurements, so its fabric consumption cannot be computed");
    expect(await queryCount()).toBe(before + 1);
    const detail = bodyOf<Result>(
      await call(server.app, tokens.demo, "GET", DETAIL, { query: { orderCode: bare.code }, language: "zh-CN" }),
    );
    expect(detail.data).toMatchObject({ status: 0, error: "订单没有尺寸，无法计算用料" });
    expect(Number.isNaN(Date.parse(detail.data.createDate))).toBe(false);
  });

  it("PROD-042 a query is stored in progress (status 1) first; held, it stays so until read released", async () => {
    const before = await queryCount();
    holdConsumptionQueries(server.db, ids.demo, true);
    try {
      const body = bodyOf<Result>(await push(tokens.demo, striped(measured.code)));
      expect(body.data).toMatchObject({ status: 1, cost: "", error: "" });
      const stored = await server.db.select().from(consumptionQueries).orderBy(desc(consumptionQueries.id)).limit(1);
      expect(stored[0]).toMatchObject({ status: 1, result: null });
      // still held: the detail answers it in progress and computes nothing
      const held = bodyOf<Result>(
        await call(server.app, tokens.demo, "GET", DETAIL, { query: { orderCode: measured.code } }),
      );
      expect(held.data).toMatchObject({ status: 1, cost: "" });
    } finally {
      holdConsumptionQueries(server.db, ids.demo, false);
    }
    // released: the next read settles the query (status 2, the result stored once)
    const settled = bodyOf<Result>(
      await call(server.app, tokens.demo, "GET", DETAIL, { query: { orderCode: measured.code } }),
    );
    expect(settled.data).toMatchObject({ status: 2, cost: "6.15" });
    const again = bodyOf<Result>(
      await call(server.app, tokens.demo, "GET", DETAIL, { query: { orderCode: measured.code } }),
    );
    expect(again.data).toEqual(settled.data);
    expect(await queryCount()).toBe(before + 1);
  });

  it("PROD-042 an unheld query settles within its request: no query is left in progress", async () => {
    bodyOf<Result>(await push(tokens.demo, striped(measured.code)));
    const open = await server.db
      .select({ n: count() })
      .from(consumptionQueries)
      .where(eq(consumptionQueries.status, 1));
    expect(open[0]!.n).toBe(0);
  });

  it("PROD-059 an order never queried answers null", async () => {
    const body = bodyOf<Result | null>(
      await call(server.app, tokens.demo, "GET", DETAIL, { query: { orderCode: cutting.code } }),
    );
    expect(body.code).toBe(0);
    expect(body.data).toBeNull();
  });

  const labels: Array<[keyof ConsumptionForm, string]> = [
    ["strStripeId", "Appearance"],
    ["strStripe", "Appearance"],
    ["strWidth", "Cloth width"],
    ["strStripeWidth", "Strip width"],
    ["strGridWidth", "Grid size"],
    ["strTwoClippingId", "Cut twice"],
    ["strTwoClipping", "Cut twice"],
    ["orderCode", "Order number"],
  ];
  it.each(labels)("PROD-044 an empty %s is refused with '%s cannot be empty', nothing stored", async (field, label) => {
    const before = await queryCount();
    const res = await push(tokens.demo, { ...striped(measured.code), [field]: "  " });
    expect(expectErrorEnvelope(res, 400).message).toBe(`${label} cannot be empty`);
    expect(await queryCount()).toBe(before);
  });

  it("PROD-044 a missing field is refused naming it, and the messages are translated", async () => {
    const { strWidth: _, ...rest } = striped(measured.code);
    expect(expectErrorEnvelope(await push(tokens.demo, rest), 400).message).toBe("Cloth width cannot be empty");
    expect(expectErrorEnvelope(await push(tokens.demo, rest, "zh-CN"), 400).message).toBe("布幅宽不能为空");
    // every field, missing: the message names its label, never its API name
    for (const [field, label] of labels.filter(([name]) => name !== "orderCode")) {
      const { [field]: _missing, ...without } = striped(measured.code);
      expect(expectErrorEnvelope(await push(tokens.demo, without), 400).message).toBe(`${label} cannot be empty`);
    }
    const zh = await push(tokens.demo, { ...striped(measured.code), strWidth: "" }, "zh-CN");
    expect(expectErrorEnvelope(zh, 400).message).toBe("布幅宽不能为空");
  });

  it.each([
    ["strWidth", "wide", "Cloth width must be a number"],
    ["strStripeWidth", "1e3", "Strip width must be a number"],
    ["strGridWidth", "-1", "Grid size must be a number"],
    ["strWidth", "10", "Cloth width must be between 50 and 400"],
    ["strStripeWidth", "101", "Strip width must be between 0 and 100"],
  ])("PROD-045 %s %j is refused: %s; nothing stored", async (field, value, message) => {
    const before = await queryCount();
    const res = await push(tokens.demo, { ...striped(measured.code), [field]: value });
    expect(expectErrorEnvelope(res, 400).message).toBe(message);
    expect(await queryCount()).toBe(before);
  });

  it.each([
    [{ strStripeId: "10051" }, "Appearance 10051 does not exist"],
    [{ strTwoClippingId: "10141" }, "Cut-twice entry 10141 does not exist"],
    [{ strTwoClippingId: "10051", strTwoClipping: "1" }, "Cut twice 1 does not match entry 10051"],
  ])("PROD-072 PROD-073 an entry outside its dictionary is refused (%j), nothing stored", async (patch, message) => {
    const before = await queryCount();
    const res = await push(tokens.demo, { ...striped(measured.code), ...patch });
    expect(expectErrorEnvelope(res, 400).message).toBe(message);
    expect(await queryCount()).toBe(before);
  });

  it("an unknown field or a 10,000-character value is refused, nothing stored", async () => {
    const before = await queryCount();
    expectErrorEnvelope(await push(tokens.demo, { ...striped(measured.code), extra: "1" }), 400);
    expectErrorEnvelope(await push(tokens.demo, { ...striped(measured.code), strStripe: "x".repeat(10_000) }), 400);
    expectErrorEnvelope(await push(tokens.demo, "not json"), 415);
    expect(await queryCount()).toBe(before);
  });
});

describe("consumption query access", () => {
  it("a call without a token is refused (401) and stores nothing", async () => {
    const before = await queryCount();
    expect(expectErrorEnvelope(await push(null, striped(measured.code)), 401).code).toBe("ATI");
    expectErrorEnvelope(await call(server.app, null, "GET", DETAIL, { query: { orderCode: measured.code } }), 401);
    expect(await queryCount()).toBe(before);
  });

  it("another main account's order code is not found (1003): nothing stored, nothing read", async () => {
    const before = await queryCount();
    const res = await push(tokens.acme, striped(measured.code));
    expect(expectErrorEnvelope(res, 200).code).toBe(1003);
    expect(bodyOf(res).message).toBe(`Order ${measured.code} does not exist`);
    const read = await call(server.app, tokens.acme, "GET", DETAIL, { query: { orderCode: measured.code } });
    expect(expectErrorEnvelope(read, 200).code).toBe(1003);
    expect(expectErrorEnvelope(await push(tokens.demo, striped(acme.code)), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await push(tokens.demo, striped("NO-SUCH-ORDER")), 200).code).toBe(1003);
    expect(await queryCount()).toBe(before);
  });

  it("a sub-account cannot query or read its main account's order; the main account may query the sub-account's", async () => {
    const before = await queryCount();
    expect(expectErrorEnvelope(await push(tokens.demoSub1, striped(measured.code)), 200).code).toBe(1003);
    const read = await call(server.app, tokens.demoSub1, "GET", DETAIL, { query: { orderCode: measured.code } });
    expect(expectErrorEnvelope(read, 200).code).toBe(1003);
    expect(await queryCount()).toBe(before);
    const own = bodyOf<Result>(await push(tokens.demoSub1, striped(sub.code)));
    expect(own.code).toBe(0);
    const byMain = bodyOf<Result>(
      await call(server.app, tokens.demo, "GET", DETAIL, { query: { orderCode: sub.code } }),
    );
    expect(byMain.data?.createDate).toBe(own.data.createDate);
    const acmeRead = await call(server.app, tokens.acme, "GET", DETAIL, { query: { orderCode: sub.code } });
    expect(expectErrorEnvelope(acmeRead, 200).code).toBe(1003);
  });
});

describe("order customer", () => {
  const stored = async (orderId: number) => (await server.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const edit = (orderId: number, patch: Record<string, unknown> = {}) => ({
    id: orderId,
    custName: "Wang Wei",
    shortName: "Wei",
    height: "178.5",
    weight: "72",
    // in the units the figures are given in (the seeded customer may keep inches or pounds)
    heightUnit: 10266,
    weightUnit: 10261,
    ...patch,
  });

  it("PROD-060 PROD-025 the order customer reads the customer book's record, with unit names, until edited", async () => {
    const [seeded] = await server.db
      .select({ id: orders.id, customerId: orders.customerId, statusId: orders.statusId })
      .from(orders)
      .where(eq(orders.memberId, ids.demo))
      .orderBy(orders.id)
      .limit(1);
    const [book] = await server.db.select().from(customers).where(eq(customers.id, seeded!.customerId!));
    const body = bodyOf<OrderCustomer>(
      await call(server.app, tokens.demo, "GET", GET_CUSTOMER, { query: { id: String(seeded!.id) } }),
    );
    expect(body.data).toMatchObject({
      orderId: seeded!.id,
      custName: book!.custName,
      shortName: book!.shortName,
      height: Number(book!.height),
      weight: Number(book!.weight),
      edited: 0,
    });
    expect(body.data.heightUnitName).toMatch(/^(cm|inch)$/);
    expect(body.data.weightUnitName).toMatch(/^(kg|lb)$/);
    expect(body.data.genderName).toMatch(/^(Male|Female)$/);
  });

  it("PROD-061 an edit saves the order's own copy, the list name follows, the customer book is unchanged", async () => {
    const [seeded] = await server.db
      .select({ id: orders.id, customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.memberId, ids.demo))
      .orderBy(orders.id)
      .limit(1);
    await server.db.update(orders).set({ statusId: ORDER_STATUS.submitted }).where(eq(orders.id, seeded!.id));
    const [bookBefore] = await server.db.select().from(customers).where(eq(customers.id, seeded!.customerId!));
    const res = await call(server.app, tokens.demo, "POST", UPDATE_CUSTOMER, {
      payload: edit(seeded!.id, { phone: "13800000000" }),
    });
    const body = bodyOf<OrderCustomer>(res);
    expect(body.code).toBe(0);
    expect(body.message).toBe("The order's customer was saved");
    expect(body.data).toMatchObject({ custName: "Wang Wei", shortName: "Wei", height: 178.5, weight: 72, edited: 1 });
    expect(body.data.phone).toBe("13800000000");
    const row = await stored(seeded!.id);
    expect(row.custName).toBe("Wang Wei");
    expect(row.orderCustomer).toMatchObject({ custName: "Wang Wei", height: 178.5, genderId: bookBefore!.genderId });
    const [bookAfter] = await server.db.select().from(customers).where(eq(customers.id, seeded!.customerId!));
    expect(bookAfter).toEqual(bookBefore);
    const again = bodyOf<OrderCustomer>(
      await call(server.app, tokens.demo, "GET", GET_CUSTOMER, { query: { id: String(seeded!.id) } }),
    );
    expect(again.data).toMatchObject({ custName: "Wang Wei", edited: 1, isEdit: 1 });
  });

  it.each([
    ["custName", "Name", "PROD-047"],
    ["shortName", "Nickname", "PROD-048"],
    ["height", "Height", "PROD-049"],
    ["weight", "Weight", "PROD-050"],
  ])("%s empty is refused with '%s cannot be empty' (%s), nothing changed", async (field, label) => {
    const before = await stored(measured.id);
    const res = await call(server.app, tokens.demo, "POST", UPDATE_CUSTOMER, {
      payload: edit(measured.id, { [field]: " " }),
    });
    expect(expectErrorEnvelope(res, 400).message).toBe(`${label} cannot be empty`);
    expect(await stored(measured.id)).toEqual(before);
  });

  it("PROD-049 text in height, a zero weight or an order id that is not a number are refused, nothing changed", async () => {
    const before = await stored(measured.id);
    const post = (payload: unknown) => call(server.app, tokens.demo, "POST", UPDATE_CUSTOMER, { payload });
    expect(expectErrorEnvelope(await post(edit(measured.id, { height: "tall" })), 400).message).toBe(
      "Height must be a number",
    );
    expect(expectErrorEnvelope(await post(edit(measured.id, { weight: "0" })), 400).message).toBe(
      "Weight must be between 3 and 300 kg",
    );
    expectErrorEnvelope(await post({ ...edit(measured.id), id: "abc" }), 400);
    expectErrorEnvelope(await call(server.app, tokens.demo, "GET", GET_CUSTOMER, { query: { id: "abc" } }), 400);
    expectErrorEnvelope(await call(server.app, tokens.demo, "GET", GET_CUSTOMER, { query: { id: "0" } }), 400);
    expect(await stored(measured.id)).toEqual(before);
  });

  it("an order past submitted (in production) can no longer have its customer changed (1002)", async () => {
    const before = await stored(cutting.id);
    const res = await call(server.app, tokens.demo, "POST", UPDATE_CUSTOMER, { payload: edit(cutting.id) });
    expect(expectErrorEnvelope(res, 200).code).toBe(1002);
    expect(await stored(cutting.id)).toEqual(before);
    const read = bodyOf<OrderCustomer>(
      await call(server.app, tokens.demo, "GET", GET_CUSTOMER, { query: { id: String(cutting.id) } }),
    );
    expect(read.data.isEdit).toBe(0);
  });

  it("access: no token 401, another main account 1003, a sub-account 1003 on its main's order, the main 1002 on the sub's", async () => {
    const snapshot = async () => [await stored(measured.id), await stored(sub.id), await stored(acme.id)];
    const before = await snapshot();
    const update = (token: string | null, id: number) =>
      call(server.app, token, "POST", UPDATE_CUSTOMER, { payload: edit(id) });
    const read = (token: string | null, id: number) =>
      call(server.app, token, "GET", GET_CUSTOMER, { query: { id: String(id) } });
    expectErrorEnvelope(await update(null, measured.id), 401);
    expectErrorEnvelope(await read(null, measured.id), 401);
    expect(expectErrorEnvelope(await update(tokens.acme, measured.id), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await read(tokens.acme, measured.id), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await update(tokens.demoSub1, measured.id), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await read(tokens.demoSub1, measured.id), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await update(tokens.demo, acme.id), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await update(tokens.demo, sub.id), 200).code).toBe(1002);
    expect(await snapshot()).toEqual(before);
    // the main account reads its sub-account's order customer, read-only
    expect(bodyOf<OrderCustomer>(await read(tokens.demo, sub.id)).data.isEdit).toBe(0);
    // the sub-account edits its own order's customer
    expect(bodyOf<OrderCustomer>(await update(tokens.demoSub1, sub.id)).code).toBe(0);
  });

  it("PROD-052 isEdit needs the account's permission to modify orders too: demo-sub2's own order reads 0 and is refused", async () => {
    const sub2 = await insertOrder(server.db, ids.demoSub2, { status: ORDER_STATUS.pending });
    const sub2Token = (await login(server.app, "demo-sub2", "demo1234")).token;
    const read = bodyOf<OrderCustomer>(
      await call(server.app, sub2Token, "GET", GET_CUSTOMER, { query: { id: String(sub2.id) } }),
    );
    expect(read.data.isEdit).toBe(0);
    const before = await stored(sub2.id);
    const res = await call(server.app, sub2Token, "POST", UPDATE_CUSTOMER, { payload: edit(sub2.id) });
    expect(expectErrorEnvelope(res, 200).code).toBe(1004);
    expect(await stored(sub2.id)).toEqual(before);
  });
});
