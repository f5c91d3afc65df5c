import { queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";

/**
 * The dictionaries of the order lists' search and filter (002 §7), with exactly the parameters the
 * documents give: the order search dictionary (PROD-062: 7 order types, 9 statuses with type or extend 2
 * (the production list's) or type 21, 12 cut twice, 13 size categories, 14 appearance, D-05), the dict
 * basic list (PROD-063: category 8, parentId 0) and the cloth dict list (PROD-064: parentId 0).
 */
export const ORDER_SEARCH_DICT = {
  orderTypes: { category: 7 },
  statuses: { category: 9 },
  productionStatuses: { category: 9, type: 2 },
  productionStatusesByExtend: { category: 9, extend: 2 },
  pastCartStatuses: { category: 9, type: 21 },
  cutTwice: { category: 12 },
  sizeCategories: { category: 13 },
  appearance: { category: 14 },
} as const;
export type OrderSearchDict = keyof typeof ORDER_SEARCH_DICT;

/** PROD-063: the filter's dict basic list (8: the shipment states of isShip, top level). */
export const DICT_BASIC_LIST = { category: 8, parentId: 0 } as const;
/** PROD-064: the filter's cloth dict list (the top-level garment categories). */
export const CLOTH_DICT_LIST = { parentId: 0 } as const;

/**
 * D-13: whether an order is the caller's own (its actions offered) or a sub-account's (read-only), from
 * the member list, which names the account itself first; undefined until that list is read.
 */
export const isOwnOrder = (members: readonly { id: number }[] | undefined, order: { memberId: number }) =>
  members === undefined ? undefined : members[0]?.id === order.memberId;

/** The reads every order list shares (002 §7): the order-number lookup, the member filter, the categories. */
export const orderListQueries = {
  // CART-003, CART-050: the caller's orders whose code or customer order code contains the text
  orderCodes: (keyWord: string) =>
    queryOptions({
      queryKey: ["orderList", "orderCodes", keyWord],
      queryFn: async () =>
        unwrap(await api.GET("/pc/order/getOrderCodeList", { params: { query: { keyWord: keyWord.slice(0, 50) } } })),
      enabled: keyWord !== "",
      staleTime: 10_000,
    }),
  // CART-004, PROD-051: the member filter, the account itself first
  members: () =>
    queryOptions({
      queryKey: ["orderList", "members"],
      queryFn: async () =>
        unwrap(await api.GET("/pc/member/findAllSubAccount", { params: { query: { isContainsSelf: 1 } } })),
    }),
  // CART-004, PROD-064: the garment categories of the filter, the cloth dict list (parentId 0: every category)
  categories: () =>
    queryOptions({
      queryKey: ["orderList", "categories", CLOTH_DICT_LIST, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/dict/dmCategory", { params: { query: CLOTH_DICT_LIST } })),
    }),
  // PROD-062, PROD-026: one order search dictionary, its entries {dealItem, name}
  searchDict: (dict: OrderSearchDict) =>
    queryOptions({
      queryKey: ["orderList", "searchDict", ORDER_SEARCH_DICT[dict], currentLocale()],
      queryFn: async () =>
        unwrap(await api.GET("/pc/dictsystem/orderSearchDict", { params: { query: ORDER_SEARCH_DICT[dict] } })),
      staleTime: Infinity,
    }),
  // PROD-063: the filter's dict basic list (category 8, parentId 0: the shipment states of isShip)
  basicList: () =>
    queryOptions({
      queryKey: ["orderList", "dictBasic", DICT_BASIC_LIST, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/dictbasic", { params: { query: DICT_BASIC_LIST } })),
      staleTime: Infinity,
    }),
};
