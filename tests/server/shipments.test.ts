import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { addDays, SHIPMENT_STATUS } from "../../domain/shipments.ts";
import { addresses, messages, orderEvents, orders, shipmentOrders, shipments } from "../../server/db/schema.ts";
import { advanceProduction } from "../../server/modules/orders/production.ts";
import type { FastifyInstance } from "fastify";
import { bodyOf, insertOrder } from "./cartHelpers.ts";
import { bearer, login, startServer, type TestServer } from "./fixture.ts";
import { memberIds, type MemberIds } from "./members.ts";
import { glyphInk } from "./pdfInk.ts";
import { pdfText } from "./pdfText.ts";

/**
 * Shipments over HTTP (issue 23): create, edit, delete, the addable orders, the carrier simulation, the
 * access matrix and bad input. Every refusal is an envelope with the documented message, never a 500,
 * and changes nothing.
 */
let server: TestServer;

type Method = "GET" | "POST" | "PUT" | "DELETE";
/** A call as `token` with a query and a JSON body. */
function call(
  app: FastifyInstance,
  token: string,
  method: Method,
  url: string,
  opts: { query?: Record<string, string>; body?: unknown; language?: string } = {},
) {
  return app.inject({
    method,
    url,
    query: opts.query,
    headers: { ...bearer(token), ...(opts.language ? { "accept-language": opts.language } : {}) },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}
let ids: MemberIds;
const tokens: Record<"demo" | "sub1" | "sub2" | "acme", string> = { demo: "", sub1: "", sub2: "", acme: "" };
const addressOf: Record<"demo" | "sub2" | "acme", number> = { demo: 0, sub2: 0, acme: 0 };

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => addDays(today(), n);

type Shipment = {
  id: number;
  code: string;
  shipdate: string;
  status: number;
  remark: string;
  waybillNo: string;
  orderCount: number;
  orderList: Array<{ orderId: number; orderCode: string }>;
  trackList: Array<{ ftime: string; context: string }>;
  address: { addressId: number; contact: string; expressName: string; expressUrl: string; countryName: string };
};

async function finishedOrders(memberId: number, n: number, status: number = ORDER_STATUS.finished) {
  const made: Array<{ id: number; code: string }> = [];
  for (let i = 0; i < n; i++)
    made.push(
      await insertOrder(server.db, memberId, {
        status,
        custName: `Customer ${i}`,
        planDeliveryDate: inDays(i - 3),
      }),
    );
  return made;
}

const idList = (orders: ReadonlyArray<{ id: number }>) => orders.map((o) => `${o.id},`).join("");

async function create(token: string, body: Record<string, unknown>) {
  return call(server.app, token, "POST", "/api/pc/shipping/create", { body });
}

async function createOk(orderIdsText: string, extra: Record<string, unknown> = {}): Promise<Shipment> {
  const res = await create(tokens.demo, {
    shipdate: inDays(3),
    addressId: addressOf.demo,
    orderIds: orderIdsText,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(bodyOf(res).code, res.body).toBe(0);
  return bodyOf<Shipment>(res).data;
}

async function detail(token: string, id: number) {
  return call(server.app, token, "GET", `/api/pc/shipping/${id}`);
}

/** How many rows the shipment tables hold: a refusal must leave them as they were. */
async function counts() {
  const [s] = await server.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(shipments);
  const [o] = await server.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(shipmentOrders);
  return { shipments: s!.n, orders: o!.n };
}

async function firstAddress(token: string): Promise<number> {
  const res = await call(server.app, token, "GET", "/api/pc/address");
  expect(res.statusCode, res.body).toBe(200);
  const list = bodyOf<Array<{ id: number; isDefault: number }>>(res).data;
  expect(list.length).toBeGreaterThan(0);
  return (list.find((a) => a.isDefault === 1) ?? list[0]!).id;
}

beforeAll(async () => {
  server = await startServer();
  ids = await memberIds(server.db);
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.sub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.sub2 = (await login(server.app, "demo-sub2", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  addressOf.demo = await firstAddress(tokens.demo);
  addressOf.sub2 = await firstAddress(tokens.sub2);
  addressOf.acme = await firstAddress(tokens.acme);
});
afterAll(async () => {
  await server?.close();
});

describe("create, read, list", () => {
  it("SHIP-025 SHIP-024 SHIP-008 creates a shipment of three finished orders and reads it back", async () => {
    const three = await finishedOrders(ids.demo, 3);
    const created = await createOk(idList(three), { remark: "Fragile" });
    expect(created.code).toMatch(/^SH\d{8}\d{5}$/);
    expect(created.status).toBe(SHIPMENT_STATUS.waiting);
    expect(created.orderCount).toBe(3);
    expect(created.orderList.map((o) => o.orderId)).toEqual(three.map((o) => o.id));
    expect(created.address.addressId).toBe(addressOf.demo);
    expect(created.address.contact).not.toBe("");
    expect(created.address.expressName).not.toBe("");
    expect(created.trackList).toEqual([]);
    const res = await detail(tokens.demo, created.id);
    expect(bodyOf<Shipment>(res).data).toEqual(created);
    const body = bodyOf<Shipment>(res).data as unknown as Record<string, unknown>;
    for (const field of [
      "id",
      "code",
      "shipdate",
      "waybillNo",
      "status",
      "statusName",
      "remark",
      "address",
      "orderList",
      "trackList",
      "createTime",
    ])
      expect(body).toHaveProperty(field);
    const order = (body.orderList as Array<Record<string, unknown>>)[0]!;
    for (const field of [
      "orderId",
      "orderCode",
      "custOrderCode",
      "clothPath",
      "clothCategoryName",
      "fabric",
      "deliveryDate",
      "sizeCategoryId",
      "sizeCategoryName",
      "customerName",
      "amount",
      "price",
    ])
      expect(order).toHaveProperty(field);
  });

  it("SHIP-023 SHIP-024 demo's seeded shipments: one in each status, of its own orders, with a tracked waybill once gone", async () => {
    const seeded = await server.db
      .select()
      .from(shipments)
      .where(sql`${shipments.code} like 'SH________9%'`)
      .orderBy(shipments.id);
    expect(seeded.map((s) => s.statusId)).toEqual([
      SHIPMENT_STATUS.delivered,
      SHIPMENT_STATUS.shipped,
      SHIPMENT_STATUS.packed,
      SHIPMENT_STATUS.waiting,
    ]);
    expect(seeded.every((s) => s.memberId === ids.demo)).toBe(true);
    const read = async (id: number) =>
      bodyOf<Omit<Shipment, "orderList"> & { orderList: Array<{ orderId: number; status: number }> }>(
        await detail(tokens.demo, id),
      ).data;
    const [delivered, onItsWay, packed, waiting] = await Promise.all(seeded.map((s) => read(s.id)));
    expect(delivered!.orderCount).toBe(2);
    expect(delivered!.trackList).toHaveLength(5);
    expect(onItsWay!.trackList).toHaveLength(3);
    for (const gone of [delivered!, onItsWay!]) {
      expect(gone.waybillNo).toMatch(/^SF\d{12}$/);
      expect(gone.orderList.every((o) => o.status === ORDER_STATUS.shipped)).toBe(true);
      const rows = await server.db
        .select({ waybillNo: orders.waybillNo })
        .from(orders)
        .where(
          inArray(
            orders.id,
            gone.orderList.map((o) => o.orderId),
          ),
        );
      expect(rows.every((r) => r.waybillNo === gone.waybillNo)).toBe(true);
    }
    expect(packed!.orderList.map((o) => o.status)).toEqual([ORDER_STATUS.finished]);
    expect(packed!.shipdate > today()).toBe(true);
    // group shipping that waits: a finished order with one still in quality check
    expect(waiting!.orderList.map((o) => o.status)).toEqual([ORDER_STATUS.finished, ORDER_STATUS.qualityCheck]);
    // demo still has finished orders free to ship
    const free = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addOrder", {
      query: { pageSize: "40" },
    });
    expect(
      bodyOf<Array<{ status: number }>>(free).data.filter((o) => o.status === ORDER_STATUS.finished).length,
    ).toBeGreaterThan(0);
  });

  it("SHIP-008 the shipment keeps its copy when the address book's entry is edited or deleted", async () => {
    const [one] = await finishedOrders(ids.demo, 1);
    const created = await createOk(idList([one!]));
    await server.db
      .update(addresses)
      .set({ contact: "Somebody else", city: "Elsewhere" })
      .where(eq(addresses.id, addressOf.demo));
    expect(bodyOf<Shipment>(await detail(tokens.demo, created.id)).data.address).toEqual(created.address);
  });

  it("SHIP-030 addressOne answers the shipment's copy of its address", async () => {
    const [one] = await finishedOrders(ids.demo, 1);
    const created = await createOk(idList([one!]));
    const res = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addressOne", {
      query: { id: String(created.id) },
    });
    expect(bodyOf(res).code).toBe(0);
    expect(bodyOf<Shipment["address"]>(res).data).toEqual(created.address);
  });

  it("SHIP-023 SHIP-002 SHIP-004 the list: newest first, 20 a page, the first 2 orders and the count, keyword and status", async () => {
    const four = await finishedOrders(ids.demo, 4);
    const created = await createOk(idList(four));
    const res = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/list");
    const body = bodyOf<Shipment[]>(res);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.data[0]!.id).toBe(created.id);
    expect(body.data[0]!.orderList).toHaveLength(2);
    expect(body.data[0]!.orderCount).toBe(4);
    const byOrder = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/list", {
      query: { keywords: four[3]!.code },
    });
    expect(bodyOf<Shipment[]>(byOrder).data.map((s) => s.id)).toEqual([created.id]);
    const byStatus = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/list", {
      query: { status: String(SHIPMENT_STATUS.shipped) },
    });
    expect(bodyOf<Shipment[]>(byStatus).data.every((s) => s.status === SHIPMENT_STATUS.shipped)).toBe(true);
    // keyword and status together (their own prepared statement): both must match
    const list = async (query: Record<string, string>) =>
      bodyOf<Shipment[]>(await call(server.app, tokens.demo, "GET", "/api/pc/shipping/list", { query }));
    const both = await list({ keywords: four[3]!.code, status: String(created.status) });
    expect([both.data.map((s) => s.id), both.total]).toEqual([[created.id], 1]);
    const otherStatus = created.status === SHIPMENT_STATUS.shipped ? SHIPMENT_STATUS.waiting : SHIPMENT_STATUS.shipped;
    const neither = await list({ keywords: four[3]!.code, status: String(otherStatus) });
    expect([neither.data, neither.total]).toEqual([[], 0]);
    // SHIP-023 a page past the last (an old link): no shipments, and how many the filter matches, so the
    // page can offer the last one (the count's own statement, for every shape)
    const shapes: Array<Record<string, string>> = [{}, { status: String(created.status) }, { keywords: four[3]!.code }];
    for (const query of shapes) {
      const first = await list(query);
      const past = await list({ ...query, pageNum: String(Math.ceil(first.total! / 20) + 3) });
      expect([past.data, past.total]).toEqual([[], first.total]);
    }
    const badSize = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/list", { query: { pageSize: "25" } });
    expect(badSize.statusCode).toBe(400);
  });
});

describe("the packing list PDF (issue 23)", () => {
  const packingList = (token: string, id: number | string, language = "en") =>
    server.app.inject({
      method: "GET",
      url: `/api/pc/shipping/${id}/packingList`,
      headers: { ...bearer(token), "accept-language": language },
    });

  it("SHIP-008 the orders, customers, garments, pieces and the address copy, in English and Chinese", async () => {
    const three = await finishedOrders(ids.demo, 3);
    const created = await createOk(idList(three), { remark: "<b>Fragile</b>" });
    const shipment = bodyOf<
      Omit<Shipment, "orderList"> & { orderList: Array<{ clothCategoryName: string; amount: number }> }
    >(await detail(tokens.demo, created.id)).data;
    const res = await packingList(tokens.demo, created.id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${created.code}-packing-list.pdf"`);
    const en = await pdfText(res.rawPayload);
    expect(en.pages).toHaveLength(1);
    expect(en.text).toContain(`Packing list ${created.code}`);
    expect(en.text).toContain(`Ship date: ${created.shipdate}`);
    expect(en.text).toContain(`Printed on: ${today()}`);
    expect(en.text).toContain(`Contact: ${created.address.contact}`);
    expect(en.text).toContain("Note: <b>Fragile</b>");
    for (const [i, order] of three.entries()) {
      expect(en.text).toContain(`${i + 1}. Order ${order.code}`);
      expect(en.text).toContain(`Customer: Customer ${i}`);
    }
    expect(en.text).toContain(`Garment: ${shipment.orderList[0]!.clothCategoryName}`);
    expect(en.text).toContain(`Pieces in the parcel: ${shipment.orderList.reduce((n, o) => n + o.amount, 0)}`);
    // the address book's entry edited afterwards: the list prints the shipment's copy
    await server.db.update(addresses).set({ contact: "Not on the parcel" }).where(eq(addresses.id, addressOf.demo));
    const zhRes = await packingList(tokens.demo, created.id, "zh-CN");
    const zh = await pdfText(zhRes.rawPayload);
    expect(zh.text).toContain(`装箱单 ${created.code}`);
    expect(zh.text).toContain(`联系人：${created.address.contact}`);
    expect(zh.text).not.toContain("Not on the parcel");
    expect(zh.text).toContain(`客户：Customer 0`);
    expect(zh.text).toContain("包裹总件数：3");
    // one page rendered: every CJK glyph leaves ink (the order details' font subset, issue 20)
    const ink = await glyphInk(zhRes.rawPayload);
    expect(ink.checks.filter((c) => /[\u4e00-\u9fff]/u.test(c.char)).length).toBeGreaterThan(20);
    expect(ink.checks.filter((c) => !c.inked)).toEqual([]);
  });

  it("SHIP-024 another account's, a sub-account's without the authority, a bad id: refused, never a PDF", async () => {
    const [one] = await finishedOrders(ids.demo, 1);
    const mine = await createOk(idList([one!]));
    expect(bodyOf(await packingList(tokens.acme, mine.id)).code).toBe(1003);
    expect(bodyOf(await packingList(tokens.sub2, mine.id)).code).toBe(1003);
    expect((await packingList(tokens.sub1, mine.id)).headers["content-type"]).not.toBe("application/pdf");
    expect(
      (await server.app.inject({ method: "GET", url: `/api/pc/shipping/${mine.id}/packingList` })).statusCode,
    ).toBe(401);
    expect((await packingList(tokens.demo, "x1")).statusCode).toBe(400);
    expect(bodyOf(await packingList(tokens.demo, "2000000000")).code).toBe(1003);
  });
});

describe("the addable orders (SHIP-027, SHIP-031)", () => {
  it("SHIP-027 SHIP-031 lists the account's paid orders in no shipment, 10 a page; existOrderId and deliveryCode", async () => {
    const mine = await finishedOrders(ids.demo, 2);
    const res = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addOrder");
    const body = bodyOf<Array<{ orderId: number; status: number }>>(res);
    expect(body.data.length).toBeLessThanOrEqual(10);
    expect(body.data.every((o) => [10030, 206012, 206013, 206014, 10370].includes(o.status))).toBe(true);
    const all = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addOrder", { query: { pageSize: "40" } });
    const listed = bodyOf<Array<{ orderId: number }>>(all).data.map((o) => o.orderId);
    expect(listed).toEqual(expect.arrayContaining(mine.map((o) => o.id)));
    const taken = await server.db.select({ orderId: shipmentOrders.orderId }).from(shipmentOrders);
    expect(listed.filter((id) => taken.some((t) => t.orderId === id))).toEqual([]);
    const without = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addOrder", {
      query: { pageSize: "40", existOrderId: `${mine[0]!.id},` },
    });
    expect(bodyOf<Array<{ orderId: number }>>(without).data.map((o) => o.orderId)).not.toContain(mine[0]!.id);
    // the shipment being edited: its orders are addable again
    const shipment = await createOk(idList(mine));
    const edit = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addOrder", {
      query: { pageSize: "40", deliveryCode: shipment.code },
    });
    expect(bodyOf<Array<{ orderId: number }>>(edit).data.map((o) => o.orderId)).toEqual(
      expect.arrayContaining(mine.map((o) => o.id)),
    );
    // SHIP-027 a page past the last: no orders, and how many the filter matches
    const total = bodyOf(edit).total!;
    const past = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addOrder", {
      query: { pageSize: "40", deliveryCode: shipment.code, pageNum: String(Math.ceil(total / 40) + 2) },
    });
    expect([bodyOf(past).data, bodyOf(past).total]).toEqual([[], total]);
  });

  it("SHIP-014 SHIP-015 a date sort ascending or descending; both at once refused", async () => {
    const asc = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addOrder", {
      query: { pageSize: "40", deliveryDateSort: "1" },
    });
    const dates = bodyOf<Array<{ planDeliveryDate: string | null }>>(asc)
      .data.map((o) => o.planDeliveryDate)
      .filter((d): d is string => d !== null);
    expect(dates).toEqual([...dates].sort());
    const desc = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addOrder", {
      query: { pageSize: "40", pubDateSort: "2" },
    });
    const pub = bodyOf<Array<{ pubDate: string }>>(desc).data.map((o) => o.pubDate);
    expect(pub).toEqual([...pub].sort().reverse());
    const both = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addOrder", {
      query: { pubDateSort: "1", deliveryDateSort: "2" },
    });
    expect(both.statusCode).toBe(400);
    const badDate = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addOrder", {
      query: { start: "2026-02-30" },
    });
    expect(badDate.statusCode).toBe(400);
  });
});

describe("bad input: the documented message, nothing changed, never a 500", () => {
  it("SHIP-018 SHIP-019 SHIP-020 SHIP-021 each refusal of create", async () => {
    const [order] = await finishedOrders(ids.demo, 1);
    const [cancelled] = await finishedOrders(ids.demo, 1, ORDER_STATUS.cancelled);
    const [shipped] = await finishedOrders(ids.demo, 1, ORDER_STATUS.shipped);
    const [saved] = await finishedOrders(ids.demo, 1, ORDER_STATUS.saved);
    const [foreign] = await finishedOrders(ids.acme, 1);
    const good = { shipdate: inDays(3), addressId: addressOf.demo, orderIds: `${order!.id},` };
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ["no order", { ...good, orderIds: "" }, /select at least one order/],
      ["malformed ids", { ...good, orderIds: "1,x" }, /comma list/],
      ["no date", { ...good, shipdate: "" }, /choose a ship date/],
      ["a malformed date", { ...good, shipdate: "2026-02-30" }, /not a valid date/],
      ["a date in the past", { ...good, shipdate: inDays(-2) }, /cannot be in the past/],
      ["no address", { ...good, addressId: undefined }, /./],
      ["another account's address", { ...good, addressId: addressOf.acme }, /does not exist/],
      ["a note of 201 characters", { ...good, remark: "x".repeat(201) }, /at most 200 characters/],
      ["a cancelled order", { ...good, orderIds: `${cancelled!.id},` }, /cannot be shipped/],
      ["a shipped order", { ...good, orderIds: `${shipped!.id},` }, /cannot be shipped/],
      ["an unpaid order", { ...good, orderIds: `${saved!.id},` }, /cannot be shipped/],
      ["another account's order", { ...good, orderIds: `${foreign!.id},` }, /cannot be shipped/],
    ];
    for (const [what, body, message] of cases) {
      const before = await counts();
      const res = await create(tokens.demo, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
      expect(bodyOf(res).code, what).not.toBe(0);
      expect(bodyOf(res).message, what).toMatch(message);
      expect(await counts(), what).toEqual(before);
    }
    // a foreign order's code is not told: it reads as its id
    const foreignRes = await create(tokens.demo, { ...good, orderIds: `${foreign!.id},` });
    expect(bodyOf(foreignRes).message).not.toContain(foreign!.code);
  });

  it("SHIP-021 SHIP-029 HTML in the note is stored and answered as text; the remark call saves 200 characters, refuses 201", async () => {
    const [order] = await finishedOrders(ids.demo, 1);
    const html = `<img src=x onerror=alert(1)><b>${"y".repeat(160)}</b>`;
    const created = await createOk(`${order!.id},`, { remark: html });
    expect(created.remark).toBe(html);
    const remark = "字".repeat(200);
    const res = await call(server.app, tokens.demo, "POST", `/api/pc/shipping/${created.id}/remark`, {
      body: { id: created.id, remark },
    });
    expect(bodyOf(res).code).toBe(0);
    const tooLong = await call(server.app, tokens.demo, "POST", `/api/pc/shipping/${created.id}/remark`, {
      body: { id: created.id, remark: remark + "字" },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(bodyOf<Shipment>(await detail(tokens.demo, created.id)).data.remark).toBe(remark);
  });
});

describe("edit and delete (SHIP-005, SHIP-006, SHIP-013, SHIP-026, SHIP-028, SHIP-029)", () => {
  it("SHIP-006 SHIP-028 edits the address, the orders and the remark; orders taken out are free again", async () => {
    const [a, b, c] = await finishedOrders(ids.demo, 3);
    const created = await createOk(idList([a!, b!]));
    const res = await call(server.app, tokens.demo, "PUT", "/api/pc/shipping", {
      body: {
        id: created.id,
        shipdate: inDays(5),
        addressId: addressOf.demo,
        orderIds: idList([b!, c!]),
        remark: "Edited",
      },
    });
    expect(bodyOf(res).code, res.body).toBe(0);
    const saved = bodyOf<Shipment>(res).data;
    expect(saved.orderList.map((o) => o.orderId)).toEqual([b!.id, c!.id]);
    expect(saved.remark).toBe("Edited");
    expect(saved.shipdate).toBe(inDays(5));
    const again = await createOk(`${a!.id},`);
    expect(again.orderCount).toBe(1);
  });

  it("SHIP-013 in 10372 the ship date is fixed, the rest editable; 10033 neither edited nor deleted", async () => {
    const [a, b] = await finishedOrders(ids.demo, 2);
    const packed = await createOk(`${a!.id},`);
    await server.db.update(shipments).set({ statusId: SHIPMENT_STATUS.packed }).where(eq(shipments.id, packed.id));
    const moved = await call(server.app, tokens.demo, "PUT", "/api/pc/shipping", {
      body: { id: packed.id, shipdate: inDays(9), addressId: addressOf.demo, orderIds: `${a!.id},`, remark: "" },
    });
    expect(bodyOf(moved).code).not.toBe(0);
    expect(bodyOf(moved).message).toMatch(/can no longer be changed/);
    const kept = await call(server.app, tokens.demo, "PUT", "/api/pc/shipping", {
      body: {
        id: packed.id,
        shipdate: packed.shipdate,
        addressId: addressOf.demo,
        orderIds: `${a!.id},`,
        remark: "Packed",
      },
    });
    expect(bodyOf(kept).code, kept.body).toBe(0);

    const left = await createOk(`${b!.id},`);
    await server.db.update(shipments).set({ statusId: SHIPMENT_STATUS.shipped }).where(eq(shipments.id, left.id));
    const before = await counts();
    const edit = await call(server.app, tokens.demo, "PUT", "/api/pc/shipping", {
      body: { id: left.id, shipdate: left.shipdate, addressId: addressOf.demo, orderIds: `${b!.id},`, remark: "x" },
    });
    expect(bodyOf(edit).message).toMatch(/can no longer be changed/);
    const del = await call(server.app, tokens.demo, "DELETE", "/api/pc/shipping", { query: { id: String(left.id) } });
    expect(bodyOf(del).message).toMatch(/can no longer be changed/);
    expect(await counts()).toEqual(before);
    expect(bodyOf<Shipment>(await detail(tokens.demo, left.id)).data.remark).toBe("");
  });

  it("SHIP-005 SHIP-026 deleting frees the orders exactly once, under 20 concurrent deletes", async () => {
    const two = await finishedOrders(ids.demo, 2);
    const created = await createOk(idList(two));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(server.app, tokens.demo, "DELETE", "/api/pc/shipping", { query: { id: String(created.id) } }),
      ),
    );
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const ok = answers.filter((r) => bodyOf(r).code === 0);
    expect(ok).toHaveLength(1);
    expect(bodyOf<{ orders: number }>(ok[0]!).data.orders).toBe(2);
    const freed = await server.db
      .select()
      .from(shipmentOrders)
      .where(
        inArray(
          shipmentOrders.orderId,
          two.map((o) => o.id),
        ),
      );
    expect(freed).toEqual([]);
    const addable = await call(server.app, tokens.demo, "GET", "/api/pc/shipping/addOrder", {
      query: { keywords: two[0]!.code },
    });
    expect(bodyOf<Array<{ orderId: number }>>(addable).data.map((o) => o.orderId)).toEqual([two[0]!.id]);
  });
});

describe("concurrency", () => {
  it("SHIP-025 an order is never in two shipments under 20 concurrent creations", async () => {
    const [shared] = await finishedOrders(ids.demo, 1);
    const own = await finishedOrders(ids.demo, 20);
    const answers = await Promise.all(
      own.map((o) =>
        create(tokens.demo, { shipdate: inDays(3), addressId: addressOf.demo, orderIds: `${o.id},${shared!.id},` }),
      ),
    );
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    expect(answers.filter((r) => bodyOf(r).code === 0)).toHaveLength(1);
    expect(
      answers.filter((r) => bodyOf(r).code !== 0).every((r) => /already in another shipment/.test(bodyOf(r).message)),
    ).toBe(true);
    const holding = await server.db.select().from(shipmentOrders).where(eq(shipmentOrders.orderId, shared!.id));
    expect(holding).toHaveLength(1);
  });
});

describe("the carrier simulation on the production clock", () => {
  /** The shipment messages of one shipment: their event keys, oldest first. */
  const shipmentMessages = async (id: number) =>
    (
      await server.db
        .select({ memberId: messages.memberId, eventKey: messages.eventKey, params: messages.params })
        .from(messages)
        .where(sql`${messages.eventKey} like ${`shipment:${id}:%`}`)
        .orderBy(messages.id)
    ).map((m) => ({ ...m, event: m.eventKey.split(":")[2] }));

  it("SHIP-008 a shipment waits for its orders, is packed, leaves on its date, then is tracked to delivery; each event is a message once", async () => {
    const [done] = await finishedOrders(ids.demo, 1);
    const [sewing] = await finishedOrders(ids.demo, 1, ORDER_STATUS.qualityCheck);
    const created = await createOk(idList([done!, sewing!]), { shipdate: today() });
    // the creation wrote its message in its own transaction; a refused one (an order taken) writes none
    expect(await shipmentMessages(created.id)).toEqual([
      {
        memberId: ids.demo,
        eventKey: `shipment:${created.id}:created`,
        params: { code: created.code, event: "created", waybill: "", count: 2 },
        event: "created",
      },
    ]);
    const before = await server.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(messages);
    expect(
      (await create(tokens.demo, { shipdate: today(), addressId: addressOf.demo, orderIds: `${done!.id},` }))
        .statusCode,
    ).toBe(400);
    expect(await server.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(messages)).toEqual(before);
    const step = 60;
    let now = new Date(Date.now() + 3600_000);
    const status = async () => bodyOf<Shipment>(await detail(tokens.demo, created.id)).data;
    // the quality check finishes: the parcel is packed
    await advanceProduction(server.db, now, step);
    expect((await status()).status).toBe(SHIPMENT_STATUS.packed);
    expect((await shipmentMessages(created.id)).map((m) => m.event)).toEqual(["created", "packed"]);
    // next step: its date has come, it leaves
    now = new Date(now.getTime() + step * 1000);
    await advanceProduction(server.db, now, step);
    const left = await status();
    expect(left.status).toBe(SHIPMENT_STATUS.shipped);
    expect(left.waybillNo).toMatch(/^SF\d{12}$/);
    expect(left.trackList).toHaveLength(1);
    const rows = await server.db
      .select({ id: orders.id, statusId: orders.statusId, waybillNo: orders.waybillNo })
      .from(orders)
      .where(inArray(orders.id, [done!.id, sewing!.id]));
    expect(rows.every((r) => r.statusId === ORDER_STATUS.shipped && r.waybillNo === left.waybillNo)).toBe(true);
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, done!.id));
    expect(events.some((e) => e.toStatus === ORDER_STATUS.shipped && e.fromStatus === ORDER_STATUS.finished)).toBe(
      true,
    );
    for (let i = 0; i < 4; i++) {
      now = new Date(now.getTime() + step * 1000);
      await advanceProduction(server.db, now, step);
    }
    const delivered = await status();
    expect(delivered.status).toBe(SHIPMENT_STATUS.delivered);
    // more steps move nothing and write nothing: each event told once, to the shipment's account only
    await advanceProduction(server.db, new Date(now.getTime() + step * 1000), step);
    const told = await shipmentMessages(created.id);
    expect(told.map((m) => m.event)).toEqual(["created", "packed", "shipped", "delivered"]);
    expect(told.every((m) => m.memberId === ids.demo)).toBe(true);
    expect(told[2]!.params).toMatchObject({ waybill: left.waybillNo });
    // the message centre shows them in the reader's language, linked to the shipment
    type Msg = { title: string; content: string; linkType: string; linkRef: string };
    const inbox = async (token: string, language: string) =>
      bodyOf<Msg[]>(
        await server.app.inject({
          method: "GET",
          url: "/api/pc/news",
          query: { pageSize: "100" },
          headers: { ...bearer(token), "accept-language": language },
        }),
      ).data.filter((m) => m.linkType === "shipment" && m.linkRef === String(created.id));
    const en = await inbox(tokens.demo, "en");
    expect(en.map((m) => m.title).sort()).toEqual(
      ["created", "packed", "shipped", "delivered"].map((e) => `Shipment ${created.code} ${e}`).sort(),
    );
    expect(en.find((m) => m.title.endsWith("shipped"))!.content).toContain(left.waybillNo);
    expect((await inbox(tokens.demo, "zh")).map((m) => m.title)).toContain(`发货单 ${created.code} 已签收`);
    expect(await inbox(tokens.acme, "en")).toEqual([]);
    expect(await inbox(tokens.sub2, "en")).toEqual([]);
    expect(delivered.trackList).toHaveLength(5);
    expect(delivered.trackList[0]!.context).toMatch(/Delivered/);
    // made in English, read in Chinese: the copy keeps the dictionary names in both languages, so the
    // address and the tracking text name the carrier and the country in Chinese (not the English copy)
    const inLanguage = async (language: string) => {
      const book = bodyOf<{ countryName: string; expressName: string }>(
        await call(server.app, tokens.demo, "GET", "/api/pc/address/selectOne", {
          query: { id: String(addressOf.demo) },
          language,
        }),
      ).data;
      const parcel = bodyOf<Shipment>(
        await call(server.app, tokens.demo, "GET", `/api/pc/shipping/${created.id}`, { language }),
      ).data;
      return { book, parcel };
    };
    const inZh = await inLanguage("zh-CN");
    const inEn = await inLanguage("en");
    expect(inZh.book.countryName).not.toBe(inEn.book.countryName);
    expect(inZh.book.expressName).not.toBe(inEn.book.expressName);
    expect(inZh.parcel.address).toMatchObject({
      countryName: inZh.book.countryName,
      expressName: inZh.book.expressName,
    });
    expect(inEn.parcel.address).toMatchObject({
      countryName: inEn.book.countryName,
      expressName: inEn.book.expressName,
    });
    const zhTrack = inZh.parcel.trackList.map((t) => t.context).join("\n");
    expect(zhTrack).toContain(`${inZh.book.expressName} 已揽收`);
    expect(zhTrack).toContain(`运往${inZh.book.countryName}途中`);
    expect(zhTrack).not.toContain(inEn.book.countryName);
    expect(inZh.parcel.address).not.toHaveProperty("names");
    expect(delivered.trackList.map((t) => t.ftime)).toEqual(
      [...delivered.trackList.map((t) => t.ftime)].sort().reverse(),
    );
  });
});

describe("access matrix (0 leaks)", () => {
  it("SHIP-023..030 every call × no token, own, another main account, sub-account with and without the authority", async () => {
    const [order] = await finishedOrders(ids.demo, 1);
    const mine = await createOk(`${order!.id},`, { remark: "demo's" });
    const [acmeOrder] = await finishedOrders(ids.acme, 1);
    const before = await counts();
    const calls: Array<[string, string, Record<string, unknown>]> = [
      ["GET", `/api/pc/shipping/${mine.id}`, {}],
      ["GET", "/api/pc/shipping/addressOne", { query: { id: String(mine.id) } }],
      ["POST", `/api/pc/shipping/${mine.id}/remark`, { body: { id: mine.id, remark: "changed" } }],
      [
        "PUT",
        "/api/pc/shipping",
        {
          body: {
            id: mine.id,
            shipdate: mine.shipdate,
            addressId: addressOf.demo,
            orderIds: `${order!.id},`,
            remark: "x",
          },
        },
      ],
      ["DELETE", "/api/pc/shipping", { query: { id: String(mine.id) } }],
    ];
    for (const [method, url, opts] of calls) {
      const anonymous = await server.app.inject({
        method: method as Method,
        url,
        query: opts.query as Record<string, string> | undefined,
        ...(opts.body ? { payload: opts.body as object } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url} without a token`).toBe(401);
      for (const who of ["acme", "sub2"] as const) {
        const res = await call(server.app, tokens[who], method as Method, url, opts);
        expect(res.statusCode, `${who} ${method} ${url}`).toBeLessThan(500);
        expect(bodyOf(res).code, `${who} ${method} ${url}`).toBe(1003);
        expect(res.body).not.toContain("demo's");
        expect(res.body).not.toContain(mine.code);
      }
      const sub1 = await call(server.app, tokens.sub1, method as Method, url, opts);
      expect(bodyOf(sub1).code, `sub1 ${method} ${url}`).toBe(1004);
    }
    expect(await counts()).toEqual(before);
    expect(bodyOf<Shipment>(await detail(tokens.demo, mine.id)).data.remark).toBe("demo's");

    // the lists: another account sees none of demo's shipments or orders
    for (const who of ["acme", "sub2"] as const) {
      const list = await call(server.app, tokens[who], "GET", "/api/pc/shipping/list");
      expect(bodyOf(list).code).toBe(0);
      expect(list.body).not.toContain(mine.code);
      const addable = await call(server.app, tokens[who], "GET", "/api/pc/shipping/addOrder", {
        query: { pageSize: "40" },
      });
      expect(bodyOf(addable).code).toBe(0);
      expect(addable.body).not.toContain(order!.code);
    }
    for (const url of ["/api/pc/shipping/list", "/api/pc/shipping/addOrder"]) {
      expect((await server.app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect(bodyOf(await call(server.app, tokens.sub1, "GET", url)).code).toBe(1004);
    }
    // create: another main account cannot ship demo's order; demo-sub2 ships its own with its own address
    const foreign = await create(tokens.acme, {
      shipdate: inDays(3),
      addressId: addressOf.acme,
      orderIds: `${order!.id},`,
    });
    expect(bodyOf(foreign).code).not.toBe(0);
    const sub1Create = await create(tokens.sub1, {
      shipdate: inDays(3),
      addressId: addressOf.demo,
      orderIds: `${order!.id},`,
    });
    expect(bodyOf(sub1Create).code).toBe(1004);
    const acmeOwn = await create(tokens.acme, {
      shipdate: inDays(3),
      addressId: addressOf.acme,
      orderIds: `${acmeOrder!.id},`,
    });
    expect(bodyOf(acmeOwn).code, acmeOwn.body).toBe(0);
  });
});

describe("statements per read (issue 21)", () => {
  it("SHIP-023 SHIP-027 the lists run a fixed number of statements whatever they hold", async () => {
    const counted: number[] = [];
    for (const url of ["/api/pc/shipping/list", "/api/pc/shipping/addOrder"]) {
      for (const pageSize of url.endsWith("list") ? ["20", "80"] : ["10", "40"]) {
        const { result, statements } = await server.queries.during(() =>
          call(server.app, tokens.demo, "GET", url, { query: { pageSize } }),
        );
        expect(bodyOf(result).code).toBe(0);
        counted.push(statements.length);
      }
    }
    // the token look-up, the authority, the page (with its orders and count)
    expect(Math.max(...counted)).toBeLessThanOrEqual(3);
    const one = await server.queries.during(() => call(server.app, tokens.demo, "GET", "/api/pc/shipping/list"));
    expect(one.statements.length).toBe(counted[0]);
  });
});
