import { queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";

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
        unwrap(await api.GET("/pc/member/subAccounts", { params: { query: { isContainsSelf: 1 } } })),
    }),
  // CART-004, PROD-064: the garment categories of the filter (every category, in the request's language)
  categories: () =>
    queryOptions({
      queryKey: ["orderList", "categories", currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/dict/dmCategory")),
    }),
};
