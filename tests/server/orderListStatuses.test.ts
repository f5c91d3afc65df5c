import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { PRODUCTION_LIST_STATUSES } from "../../domain/orderStatus.ts";
import { orders } from "../../server/db/schema.ts";
import { bodyOf, call } from "./cartHelpers.ts";
import { login, startServer, type TestServer } from "./fixture.ts";
import { memberIds, type MemberIds } from "./members.ts";

/**
 * Issue 20: the ORDER LIST header menu (SHELL-072..074) offers every status of dictionary 9 and opens the
 * list (getOrderCartList type 2) with it (SHELL-073). For each, the list shows exactly the seeded account's
 * orders of that status, read from the seeded database here (not the server's code); the unfiltered list
 * and the order-number lookup (CART-009) hold the cancelled orders too.
 */
let server: TestServer;
let ids: MemberIds;
let token = "";
beforeAll(async () => {
  server = await startServer();
  token = (await login(server.app, "demo", "demo1234")).token;
  ids = await memberIds(server.db);
});
afterAll(async () => {
  await server?.close();
});

interface ListPage {
  data: Array<{ orderId: string; orderCode: string; status: number }>;
}

/** Every row of the ORDER LIST for the query, page by page (80 a page). */
async function orderList(query: Record<string, string>) {
  const rows: ListPage["data"] = [];
  for (let page = 1; ; page += 1) {
    const res = await call(server.app, token, "GET", "/api/pc/order/getOrderCartList", {
      query: { type: "2", pageSize: "80", pageNum: String(page), ...query },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = bodyOf<ListPage["data"]>(res);
    expect(total).toBeTypeOf("number");
    rows.push(...data);
    if (data.length === 0 || rows.length >= (total ?? 0)) {
      expect(rows).toHaveLength(total!);
      return rows;
    }
  }
}

/** The seeded account's own orders in these statuses, straight from the database. */
async function storedOf(statuses: readonly number[]) {
  return server.db
    .select({ id: orders.id, code: orders.orderCode, status: orders.statusId })
    .from(orders)
    .where(and(eq(orders.memberId, ids.demo), inArray(orders.statusId, [...statuses])));
}

const idsOf = (rows: ReadonlyArray<{ id: number } | { orderId: string }>) =>
  rows.map((row) => ("id" in row ? String(row.id) : row.orderId)).sort();

describe("issue 20: the ORDER LIST's statuses", () => {
  it("SHELL-073 CART-043 each status the ORDER LIST menu offers lists exactly the account's orders of that status", async () => {
    // What the menu offers: the order-status dictionary (category 9), as the header reads it.
    const menu = bodyOf<Array<{ id: number; name: string }>>(
      await call(server.app, token, "GET", "/api/pc/dictsystem/listDictSystem", { query: { category: "9" } }),
    ).data;
    expect(menu.map((entry) => entry.id)).toEqual(
      expect.arrayContaining([ORDER_STATUS.cancelled, ORDER_STATUS.saved, ORDER_STATUS.pending]),
    );
    let listed = 0;
    for (const { id, name } of menu) {
      const stored = await storedOf([id]);
      const rows = await orderList({ status: String(id) });
      expect(idsOf(rows), `${name} (${id})`).toEqual(idsOf(stored));
      expect(rows.every((row) => row.status === id)).toBe(true);
      listed += rows.length;
    }
    // The seed gives the account orders in the statuses the issue names: none of these lists is empty.
    for (const status of [ORDER_STATUS.cancelled, ORDER_STATUS.saved, ORDER_STATUS.pending])
      expect((await storedOf([status])).length, String(status)).toBeGreaterThan(0);
    expect(listed).toBeGreaterThan(0);
  });

  it("CART-043 the unfiltered ORDER LIST holds every order past the cart and pending review, cancelled ones too", async () => {
    const rows = await orderList({});
    expect(idsOf(rows)).toEqual(idsOf(await storedOf(PRODUCTION_LIST_STATUSES)));
    expect(rows.some((row) => row.status === ORDER_STATUS.cancelled)).toBe(true);
  });

  it("CART-009 a cancelled order the lookup offers under the order list is the one order that list shows", async () => {
    const [cancelled] = await storedOf([ORDER_STATUS.cancelled]);
    expect(cancelled).toBeDefined();
    const offered = bodyOf<Array<{ orderCode: string; source: string }>>(
      await call(server.app, token, "GET", "/api/pc/order/getOrderCodeList", { query: { keyWord: cancelled!.code } }),
    ).data;
    expect(offered.find((hit) => hit.orderCode === cancelled!.code)?.source).toBe("production");
    const rows = await orderList({ orderNum: cancelled!.code });
    expect(rows.map((row) => row.orderId)).toEqual([String(cancelled!.id)]);
  });
});
