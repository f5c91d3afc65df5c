import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  PRODUCTION_FILTER_STATUSES,
  PRODUCTION_LIST,
  productionPageSize,
  productionQuery,
  shipStateOf,
} from "../../src/features/orderList/search.ts";
import { orderListSearchShape, productionListSearchShape } from "../../src/routes/_auth/-orderListSearch.ts";
import { searchSchema } from "../../src/app/search.ts";

/** The under-production list's address and query (src/features/orderList, its production configuration). */
describe("the under-production list's query", () => {
  it("CART-055 20 a page by default, 20/40/60/80 on request, anything else the default", () => {
    expect(PRODUCTION_LIST.pageSizes).toEqual([20, 40, 60, 80]);
    expect(productionPageSize({})).toBe(20);
    for (const size of [40, 60, 80]) expect(productionPageSize({ size })).toBe(size);
    for (const size of [10, 15, 100]) expect(productionPageSize({ size })).toBe(20);
  });

  it("PROD-022 the list and the export ask for type 2, any status it holds unless the filter names one", () => {
    expect(productionQuery({})).toEqual({ type: 2 });
    expect(productionQuery({ status: 10369, page: 2, size: 40 })).toEqual({ type: 2, status: 10369 });
    expect(PRODUCTION_FILTER_STATUSES).not.toContain(10368);
    expect(PRODUCTION_FILTER_STATUSES).toContain(10369);
  });

  it("PROD-022 every filter field reaches the query with the looked-up order; an unknown order type is dropped", () => {
    const filter = { clothId: 3000, sizeCategoryId: 10054, start: "2026-01-01", end: "2026-02-01", userId: 9 };
    expect(productionQuery({ ...filter, orderType: 9, orderNum: "MTM7" })).toEqual({
      type: 2,
      ...filter,
      orderType: 9,
      orderNum: "MTM7",
    });
    expect(productionQuery({ orderType: 12 })).toEqual({ type: 2 });
    const planned = { deliveryDateStart: "2026-11-01", deliveryDateEnd: "2026-11-30" };
    expect(productionQuery({ ...planned, page: 3 })).toEqual({ type: 2, ...planned });
  });
});

describe("the order lists' label filter", () => {
  it("PROD-022 LABEL-002 the label ids of the address reach the list's query and count as a filter", () => {
    expect(productionQuery({ labelIds: "3,7" })).toEqual({ type: 2, labelIds: "3,7" });
    expect(activeFilterCount({ labelIds: "3", page: 2 })).toBe(1);
  });
});

describe("the label filter in the address", () => {
  it("PROD-022 a comma list of ids is kept, a number is read as its text, anything else is dropped", async () => {
    const { idListParam, searchSchema } = await import("../../src/app/search.ts");
    const schema = searchSchema({ labelIds: idListParam });
    const parse = (labelIds: unknown) => schema.parse({ labelIds });
    expect(parse("3,7")).toEqual({ labelIds: "3,7" });
    expect(parse(12)).toEqual({ labelIds: "12" });
    for (const bad of ["", "a,b", "3,,7", "1;DROP", "-1", 1.5, "1,".repeat(200)]) expect(parse(bad)).toEqual({});
  });
});

describe("the production list's final delivery range and shipment", () => {
  it("PROD-022 the final delivery range and the shipment reach the list's query; not shipped (0) is a filter too", () => {
    const final = { finalDeliveryDateStart: "2026-08-01", finalDeliveryDateEnd: "2026-08-31" };
    expect(productionQuery({ ...final, isShip: 1, page: 2, size: 40 })).toEqual({ type: 2, ...final, isShip: 1 });
    expect(productionQuery({ isShip: 0 })).toEqual({ type: 2, isShip: 0 });
    expect(productionQuery({ status: 10380, isShip: 1, finalDeliveryDateEnd: "2026-08-31" })).toEqual({
      type: 2,
      status: 10380,
      isShip: 1,
      finalDeliveryDateEnd: "2026-08-31",
    });
  });

  it("PROD-022 each of them counts in the active-filter count, the page and its size do not", () => {
    expect(activeFilterCount({ isShip: 0 })).toBe(1);
    expect(activeFilterCount({ isShip: 1, finalDeliveryDateStart: "2026-08-01", page: 3, size: 60 })).toBe(2);
    expect(
      activeFilterCount({
        finalDeliveryDateStart: "2026-08-01",
        finalDeliveryDateEnd: "2026-08-31",
        deliveryDateStart: "2026-07-01",
        isShip: 1,
      }),
    ).toBe(4);
  });

  it("PROD-063 the dict basic list's codes 0 and 1 are the isShip values; any other code offers nothing", () => {
    expect(shipStateOf("0")).toBe(0);
    expect(shipStateOf("1")).toBe(1);
    for (const code of ["", "2", "01", " 1", "true", "any", "SHIPPED"]) expect(shipStateOf(code)).toBeUndefined();
  });
});

describe("the production list's address", () => {
  const production = searchSchema(productionListSearchShape);
  const pending = searchSchema(orderListSearchShape);

  it("PROD-022 the shipment is kept as 0 or 1, from a number or its text; anything else is dropped", () => {
    expect(production.parse({ isShip: 0 })).toEqual({ isShip: 0 });
    expect(production.parse({ isShip: 1 })).toEqual({ isShip: 1 });
    expect(production.parse({ isShip: "0" })).toEqual({ isShip: 0 });
    expect(production.parse({ isShip: "1" })).toEqual({ isShip: 1 });
    for (const bad of [2, -1, 0.5, "", "yes", "shipped", true, null, [1], { isShip: 1 }])
      expect(production.parse({ isShip: bad })).toEqual({});
  });

  it("PROD-022 the final delivery range is kept as calendar dates; a malformed one is dropped, the rest kept", () => {
    const final = { finalDeliveryDateStart: "2026-08-01", finalDeliveryDateEnd: "2026-08-31" };
    expect(production.parse({ ...final, isShip: 1, status: 10380 })).toEqual({ ...final, isShip: 1, status: 10380 });
    expect(
      production.parse({ finalDeliveryDateStart: "2026-13-01", finalDeliveryDateEnd: "31/08/2026", page: 2 }),
    ).toEqual({
      page: 2,
    });
  });

  it("PROD-022 my order's pending list keeps neither: its orders are never delivered nor shipped", () => {
    expect(
      pending.parse({ isShip: 1, finalDeliveryDateStart: "2026-08-01", deliveryDateEnd: "2026-08-31", status: 10371 }),
    ).toEqual({ status: 10371 });
  });
});
