/**
 * The order lists' dictionary reads (src/features/orderList/queries.ts) ask for exactly the parameters of
 * 002 §7; tests/server/dictionaries.test.ts proves what the server answers to each of them.
 */
import { describe, expect, it } from "vitest";
import {
  CLOTH_DICT_LIST,
  DICT_BASIC_LIST,
  ORDER_SEARCH_DICT,
  orderListQueries,
  type OrderSearchDict,
} from "../../src/features/orderList/queries.ts";

describe("the order lists' dictionary reads", () => {
  it("PROD-062 the order search dictionary: category 7, 9 (with type or extend 2 / type 21), 12, 13 and 14", () => {
    expect(ORDER_SEARCH_DICT).toEqual({
      orderTypes: { category: 7 },
      statuses: { category: 9 },
      productionStatuses: { category: 9, type: 2 },
      productionStatusesByExtend: { category: 9, extend: 2 },
      pastCartStatuses: { category: 9, type: 21 },
      cutTwice: { category: 12 },
      sizeCategories: { category: 13 },
      // D-05: 14 is the appearance here
      appearance: { category: 14 },
    });
    // each read is keyed by its own parameters (one cache entry per parameter set)
    const keys = (Object.keys(ORDER_SEARCH_DICT) as OrderSearchDict[]).map((dict) =>
      JSON.stringify(orderListQueries.searchDict(dict).queryKey),
    );
    expect(new Set(keys).size).toBe(keys.length);
    for (const dict of Object.keys(ORDER_SEARCH_DICT) as OrderSearchDict[])
      expect(orderListQueries.searchDict(dict).queryKey).toContainEqual(ORDER_SEARCH_DICT[dict]);
  });

  it("PROD-063 the filter's dict basic list asks for category 8 and parentId 0", () => {
    expect(DICT_BASIC_LIST).toEqual({ category: 8, parentId: 0 });
    expect(orderListQueries.basicList().queryKey).toContainEqual({ category: 8, parentId: 0 });
  });

  it("PROD-064 the filter's cloth dict list asks for parentId 0", () => {
    expect(CLOTH_DICT_LIST).toEqual({ parentId: 0 });
    expect(orderListQueries.categories().queryKey).toContainEqual({ parentId: 0 });
  });
});
