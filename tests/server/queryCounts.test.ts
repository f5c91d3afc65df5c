import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEIGHT_UNIT, ORDER_STATUS, SIZE_AREA, WEIGHT_UNIT } from "../../domain/ids.ts";
import {
  attachments,
  bodySpecDetails,
  bodySpecs,
  crafts,
  customers,
  labels,
  measureParts,
  orderEvents,
  orderLabels,
  orders,
} from "../../server/db/schema.ts";
import { blankPiece, type Draft } from "../../server/db/schema/orders.ts";
import { bodyOf, call, insertOrder } from "./cartHelpers.ts";
import { login, startServer, type TestServer } from "./fixture.ts";
import { memberIds, type MemberIds } from "./members.ts";

/**
 * Issue 21: the statements one read costs on the real server, counted by Drizzle's logger
 * (tests/server/queryLog.ts). A list is the token look-up (which carries the account's permission to
 * modify orders) and at most two statements whatever its page holds; an order's details at most three
 * statements in all whatever the order holds. A query per row (N+1) makes the count grow with the rows
 * and fails here.
 */
let server: TestServer;
let ids: MemberIds;
let token = "";
/** The most statements of a list read: the token look-up and one or two statements. */
const LIST_MAX = 3;
/** The most statements of an order's details: the token look-up included. */
const DETAILS_MAX = 3;

/** The statements of one GET as demo (answered 200 with code 0). */
async function statementsOf(url: string, query: Record<string, string> = {}) {
  const { result, statements } = await server.queries.during(() => call(server.app, token, "GET", url, { query }));
  expect(result.statusCode, result.body).toBe(200);
  expect(bodyOf(result).code, result.body).toBe(0);
  return { statements, body: bodyOf<unknown>(result) };
}

const few: number[] = [];
const many: number[] = [];
let labelIds: number[] = [];
/** demo's order holding one piece, and one holding four pieces each with several crafts, monograms and sizes. */
const detailOrders = { small: 0, big: 0 };

async function orderHolding(pieces: number): Promise<number> {
  const { db } = server;
  const craftRows = await db
    .select({ id: crafts.id })
    .from(crafts)
    .where(eq(crafts.categoryId, 3000))
    .limit(3 * pieces);
  const partRows = await db
    .select({ id: measureParts.id })
    .from(measureParts)
    .where(eq(measureParts.categoryId, 3000))
    .limit(4);
  const postures = await db
    .select({ id: bodySpecDetails.id })
    .from(bodySpecDetails)
    .innerJoin(bodySpecs, eq(bodySpecs.id, bodySpecDetails.specId))
    .where(eq(bodySpecs.categoryId, 3000))
    .limit(pieces);
  const [customer] = await db.select().from(customers).where(eq(customers.memberId, ids.demo)).limit(1);
  const order = await insertOrder(db, ids.demo, { status: ORDER_STATUS.cutting, custName: customer!.custName });
  const file = `count-logo-${order.id}`;
  await db.insert(attachments).values({
    id: file,
    memberId: ids.demo,
    name: "logo.png",
    contentType: "image/png",
    size: 4,
    data: Buffer.from([137, 80, 78, 71]),
  });
  const details = Array.from({ length: pieces }, (_, n) =>
    blankPiece(3000, {
      crafts: craftRows
        .slice(n * 3, n * 3 + 3)
        .map((c) => ({ craftId: c.id, content: "", file: n === 0 ? file : null, priceCents: 100 })),
      embs: Array.from({ length: n + 1 }, () => ({
        site: 1551,
        color: 1513,
        font: 1501,
        embSize: null,
        content: "JW",
        file,
        priceCents: 800,
      })),
      sizes: partRows.map((p) => ({ partId: p.id, partValue: 50, modifyValue: 0 })),
    }),
  );
  const draft = {
    sizeAreaId: SIZE_AREA.EU,
    bodyTypeList: postures.map((p) => p.id),
    heightUnit: HEIGHT_UNIT.cm,
    weightUnit: WEIGHT_UNIT.kg,
    detailList: details.map(() => ({ clothCategory: 3000, styleInfoId: null })),
  } as unknown as Draft;
  await db.update(orders).set({ details, draft, customerId: customer!.id }).where(eq(orders.id, order.id));
  await db.insert(orderEvents).values(
    Array.from({ length: pieces + 1 }, (_, n) => ({
      orderId: order.id,
      fromStatus: n === 0 ? null : ORDER_STATUS.saved,
      toStatus: ORDER_STATUS.submitted,
      actor: "member" as const,
      actorMemberId: ids.demo,
      at: new Date(Date.UTC(2026, 10, 1, n)),
    })),
  );
  for (let n = 0; n < pieces - 1; n += 1) {
    const remake = await insertOrder(db, ids.demo, { status: ORDER_STATUS.saved });
    await db.update(orders).set({ remakeOfId: order.id, remakeReason: "again" }).where(eq(orders.id, remake.id));
  }
  if (labelIds.length > 0)
    await db.insert(orderLabels).values(labelIds.slice(0, pieces).map((labelId) => ({ orderId: order.id, labelId })));
  return order.id;
}

beforeAll(async () => {
  server = await startServer();
  token = (await login(server.app, "demo", "demo1234")).token;
  ids = await memberIds(server.db);
  const { db } = server;
  labelIds = (
    await db
      .insert(labels)
      .values(["Rush", "VIP", "Wedding", "Check"].map((content) => ({ memberId: ids.demo, content, color: "#1f6feb" })))
      .returning({ id: labels.id })
  ).map((row) => row.id);
  // A keyword that finds 1 order of each list, and one that finds 20, every one carrying labels.
  for (const status of [ORDER_STATUS.saved, ORDER_STATUS.pending, ORDER_STATUS.cutting]) {
    few.push((await insertOrder(db, ids.demo, { status, custName: `FewCount ${status}` })).id);
    for (let n = 0; n < 20; n += 1)
      many.push((await insertOrder(db, ids.demo, { status, custName: `ManyCount ${status} ${n}` })).id);
  }
  await db
    .insert(orderLabels)
    .values([...few, ...many].flatMap((orderId) => labelIds.slice(0, 2).map((labelId) => ({ orderId, labelId }))));
  detailOrders.small = await orderHolding(1);
  detailOrders.big = await orderHolding(4);
  // The dictionary's names are read once per process (cart/service.ts), not per request.
  await statementsOf("/api/pc/order/getOrderCartList");
});
afterAll(async () => {
  await server?.close();
});

const LISTS = [
  { name: "cart list (type 1)", type: "1", status: ORDER_STATUS.saved },
  { name: "production list (type 2)", type: "2", status: ORDER_STATUS.cutting },
  { name: "my orders (type 3)", type: "3", status: ORDER_STATUS.saved },
  { name: "pending list (type 4)", type: "4", status: ORDER_STATUS.pending },
] as const;

describe("statements per list read (issue 21)", () => {
  for (const list of LISTS) {
    it(`${list.name}: the token and at most two statements, whatever the page holds`, async () => {
      const one = await statementsOf("/api/pc/order/getOrderCartList", {
        type: list.type,
        keyWord: "FewCount",
        pageSize: "20",
      });
      const full = await statementsOf("/api/pc/order/getOrderCartList", {
        type: list.type,
        keyWord: "ManyCount",
        pageSize: "20",
      });
      expect((one.body.data as unknown[]).length).toBeGreaterThanOrEqual(1);
      expect((full.body.data as unknown[]).length).toBe(20);
      expect(full.statements.length, full.statements.join("\n")).toBeLessThanOrEqual(LIST_MAX);
      expect(full.statements.length).toBe(one.statements.length);
      // Every row carries its labels, read with the page.
      for (const row of full.body.data as Array<{ labels: unknown[] }>) expect(row.labels).toHaveLength(2);
    });
  }

  it("production list filtered by labels, a sub-account and dates: still the token and at most two", async () => {
    const { statements, body } = await statementsOf("/api/pc/order/getOrderCartList", {
      type: "2",
      labelIds: labelIds.slice(0, 2).join(","),
      userId: String(ids.demo),
      start: "2020-01-01",
      end: "2099-12-31",
      keyWord: "ManyCount",
    });
    expect((body.data as unknown[]).length).toBeGreaterThan(0);
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(LIST_MAX);
  });

  it("a page past the end: still the token and at most two, the total kept", async () => {
    const { statements, body } = await statementsOf("/api/pc/order/getOrderCartList", {
      type: "1",
      keyWord: "ManyCount",
      pageNum: "50",
    });
    expect(body.data).toEqual([]);
    expect(body.total).toBe(20);
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(LIST_MAX);
  });

  it("labels list: the token and one statement", async () => {
    const { statements, body } = await statementsOf("/api/pc/label/getLabelList");
    expect((body.data as unknown[]).length).toBe(4);
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(2);
  });

  it("fabric search: the token and at most two statements, whatever the page holds", async () => {
    const one = await statementsOf("/api/pc/fabric/dmFabric", { limit: "1" });
    const full = await statementsOf("/api/pc/fabric/dmFabric", { limit: "13" });
    expect((full.body.data as unknown[]).length).toBeGreaterThan(1);
    expect(full.statements.length, full.statements.join("\n")).toBeLessThanOrEqual(LIST_MAX);
    expect(full.statements.length).toBe(one.statements.length);
  });

  it("style list: the token and at most two statements", async () => {
    const { statements } = await statementsOf("/api/pc/style/list");
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(LIST_MAX);
  });
});

describe("statements per order details read (issue 21)", () => {
  for (const [name, url] of [
    ["orderDetail", "/api/pc/order/orderDetail"],
    ["getCartOrderDetail", "/api/pc/order/getCartOrderDetail"],
  ] as const) {
    it(`${name}: at most three statements in all, whatever the order holds`, async () => {
      const small = await statementsOf(url, { orderId: String(detailOrders.small) });
      const big = await statementsOf(url, { orderId: String(detailOrders.big) });
      expect((big.body.data as { orderDetails: unknown[] }).orderDetails).toHaveLength(4);
      expect(big.statements.length, big.statements.join("\n")).toBeLessThanOrEqual(DETAILS_MAX);
      expect(big.statements.length).toBe(small.statements.length);
    });
  }

  it("the details of an order: its labels, timeline and remakes are in the answer", async () => {
    const { body } = await statementsOf("/api/pc/order/orderDetail", { orderId: String(detailOrders.big) });
    const data = body.data as { labels: unknown[]; timeline: unknown[]; remadeAs: unknown[] };
    expect(data.labels).toHaveLength(4);
    expect(data.timeline.length).toBeGreaterThanOrEqual(5);
    expect(data.remadeAs).toHaveLength(3);
    const stored = await server.db
      .select({ id: orderLabels.labelId })
      .from(orderLabels)
      .where(and(eq(orderLabels.orderId, detailOrders.big), inArray(orderLabels.labelId, labelIds)));
    expect(stored).toHaveLength(4);
  });
});
