import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  PRODUCTION_FILTER_STATUSES,
  PRODUCTION_LIST,
  productionPageSize,
  productionQuery,
} from "../../src/features/orderList/search.ts";

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
