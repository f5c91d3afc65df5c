import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { parseCents } from "../../../domain/money.ts";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";

/** CART-055: the cart's page sizes, 20 by default. */
export const CART_PAGE_SIZES = [20, 40, 60, 80] as const;
export type CartPageSize = (typeof CART_PAGE_SIZES)[number];

/** What /saveItems's address holds: one order by its number (the lookup's redirect), the page, its size. */
export interface CartSearch {
  orderNum?: string;
  page?: number;
  size?: number;
}

export const pageSizeOf = (size: number | undefined): CartPageSize =>
  CART_PAGE_SIZES.find((s) => s === size) ?? CART_PAGE_SIZES[0];

/** Money strings of the server ("123.45") as integer cents; a malformed one is a broken answer. */
export function cents(text: string): number {
  const value = parseCents(text);
  if (value === null) throw new Error(`not a money amount: ${JSON.stringify(text)}`);
  return value;
}

/** The ids of a selection as the server takes them ("1,2,3"), in a stable order for the cache key. */
export const idList = (ids: readonly string[]) => [...ids].sort((a, b) => Number(a) - Number(b)).join(",");

/** Reads of the cart (002 §7); names are translated, so the list's key carries the locale. */
export const cartQueries = {
  // CART-043: the cart is list type 1 (saved orders, 10368)
  list: (search: CartSearch) =>
    queryOptions({
      queryKey: ["cartList", search.orderNum ?? "", search.page ?? 1, pageSizeOf(search.size), currentLocale()],
      queryFn: async () => {
        const result = await api.GET("/pc/order/getOrderCartList", {
          params: {
            query: {
              type: 1,
              pageNum: search.page ?? 1,
              pageSize: pageSizeOf(search.size),
              ...(search.orderNum ? { orderNum: search.orderNum.trim().slice(0, 64) } : {}),
            },
          },
        });
        const items = unwrap(result) ?? [];
        return { items, total: result.data?.total ?? 0 };
      },
      placeholderData: keepPreviousData,
    }),
  // CART-045, CART-022: the account's balance and what the selected orders cost
  sum: (orderIds: readonly string[]) =>
    queryOptions({
      queryKey: ["cartSum", idList(orderIds)],
      queryFn: async () => {
        const ids = idList(orderIds);
        const sum = unwrap(await api.GET("/pc/order/getOrderSumPrice", { params: { query: { orderId: ids } } }));
        if (!sum) throw new Error("getOrderSumPrice answered no summary");
        return {
          balanceCents: cents(sum.memberBalance),
          orderCents: cents(sum.orderPrice),
          moneyType: sum.moneyType,
        };
      },
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
};
