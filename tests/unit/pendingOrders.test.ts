import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  filterOf,
  pendingQuery as listFilterQuery,
  pendingPageSize as pageSizeOf,
  PENDING_PAGE_SIZES,
} from "../../src/features/orderList/search.ts";
import { balanceCovers } from "../../src/features/pendingOrders/rules.ts";
import { recommendedRoute } from "../../src/features/cart/orderLinks.ts";
import { fileNameOf } from "../../src/features/orderList/exportOrders.ts";

/** The pending list's address, its query and its rules (src/features/pendingOrders), by table. */
describe("my order's address and query", () => {
  it("CART-054 10 a page by default, 20/40/60/80 on request, anything else the default", () => {
    expect(PENDING_PAGE_SIZES).toEqual([10, 20, 40, 60, 80]);
    expect(pageSizeOf({})).toBe(10);
    for (const size of [20, 40, 60, 80]) expect(pageSizeOf({ size })).toBe(size);
    for (const size of [1, 15, 100, 0]) expect(pageSizeOf({ size })).toBe(10);
  });

  it("CART-024 the list and the export ask for pending review (10371) unless the filter names a status", () => {
    expect(listFilterQuery({})).toEqual({ type: 4, status: 10371 });
    expect(listFilterQuery({ status: 10030, page: 3, size: 20 })).toEqual({ type: 4, status: 10030 });
  });

  it("CART-056 CART-010 the all-orders view asks for type 3, every status unless filtered, with its keyword", () => {
    expect(listFilterQuery({ list: "all" })).toEqual({ type: 3 });
    expect(listFilterQuery({ list: "all", keyWord: "  Alice  ", status: 10030, page: 2 })).toEqual({
      type: 3,
      status: 10030,
      keyWord: "Alice",
    });
    expect(listFilterQuery({ list: "all", keyWord: "x".repeat(80) }).keyWord).toHaveLength(50);
    // the pending list ignores a keyword (its lookup is the order-number box)
    expect(listFilterQuery({ keyWord: "Alice" })).toEqual({ type: 4, status: 10371 });
  });

  it("CART-004 the filter's fields reach the query; a stored order type only (D-02)", () => {
    const search = { clothId: 1000, sizeCategoryId: 10052, start: "2026-01-01", end: "2026-02-01", userId: 7 };
    expect(listFilterQuery({ ...search, orderType: 8, orderNum: "MTM1" })).toEqual({
      type: 4,
      status: 10371,
      ...search,
      orderType: 8,
      orderNum: "MTM1",
    });
    expect(listFilterQuery({ orderType: 11 })).toEqual({ type: 4, status: 10371 });
    expect(filterOf({ page: 2, size: 20, orderNum: "X", clothId: 3000 })).toEqual({ clothId: 3000 });
    expect(activeFilterCount({ page: 2, clothId: 3000, userId: 4 })).toBe(2);
  });
});

describe("my order's rules", () => {
  it("CART-036 the balance must cover the subtotal", () => {
    expect(balanceCovers(10_000, 10_000)).toBe(true);
    expect(balanceCovers(9_999, 10_000)).toBe(false);
    expect(balanceCovers(0, 0)).toBe(true);
  });

  it("CART-018 D-03 a recommended product of type 7 opens /newOrder, of type 8 /peofessionalOrder", () => {
    expect(recommendedRoute(7)).toBe("/newOrder");
    expect(recommendedRoute(8)).toBe("/peofessionalOrder");
  });

  it("CART-005 the spreadsheet keeps the server's file name, else one of the day", () => {
    expect(fileNameOf('attachment; filename="orders-2026-11-23.xlsx"')).toBe("orders-2026-11-23.xlsx");
    expect(fileNameOf("attachment; filename*=UTF-8''orders%20a.xlsx")).toBe("orders a.xlsx");
    expect(fileNameOf('attachment; filename="../x/y.xlsx"')).toBe(".._x_y.xlsx");
    expect(fileNameOf(null, new Date("2026-03-04T10:00:00Z"))).toBe("orders-2026-03-04.xlsx");
  });
});

describe("my order's address", () => {
  it("CART-010 CART-054 the view, its keyword, the paging and the filter are kept; a malformed one is dropped alone", async () => {
    const { searchSchema } = await import("../../src/app/search.ts");
    const { myOrderSearchShape } = await import("../../src/routes/_auth/-orderListSearch.ts");
    const schema = searchSchema(myOrderSearchShape);
    expect(schema.parse({ list: "all", keyWord: "Alice", page: "2", size: 20, status: 10030 })).toEqual({
      list: "all",
      keyWord: "Alice",
      page: 2,
      size: 20,
      status: 10030,
    });
    expect(schema.parse({ list: "pending", keyWord: " ", page: 0, size: -20, clothId: 3000 })).toEqual({
      clothId: 3000,
    });
    // the production list's fields are not my order's
    expect(schema.parse({ isShip: 1, deliveryDateStart: "2026-08-01" })).toEqual({});
  });
});
