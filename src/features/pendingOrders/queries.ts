import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { parseCents } from "../../../domain/money.ts";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";
import { pendingPageSize, pendingQuery, type PendingSearch } from "../orderList/index.ts";

/** Reads of my order (002 §7, pc/order): the list, the summary, the recommendations (the shared ones: orderList). */
export const pendingQueries = {
  // CART-006, CART-021, CART-024, CART-054: one page of the pending list (type 4) and how many match
  list: (search: PendingSearch) =>
    queryOptions({
      queryKey: ["pendingOrders", "list", search, currentLocale()],
      queryFn: async () => {
        const result = await api.GET("/pc/order/getOrderCartList", {
          params: { query: { ...pendingQuery(search), pageNum: search.page ?? 1, pageSize: pendingPageSize(search) } },
        });
        const rows = unwrap(result);
        return {
          total: result.data?.total ?? 0,
          rows: rows.map((row) => ({ ...row, priceCents: parseCents(row.price) ?? 0 })),
        };
      },
      placeholderData: keepPreviousData,
    }),
  // CART-007, CART-022, CART-045: the balance and what the chosen orders cost
  sum: (orderIds: readonly string[]) =>
    queryOptions({
      queryKey: ["pendingOrders", "sum", orderIds.join(",")],
      queryFn: async () => {
        const sum = unwrap(
          await api.GET("/pc/order/getOrderSumPrice", { params: { query: { orderId: orderIds.join(",") } } }),
        );
        // A missing or malformed answer is an error, never a balance of 0 (as the cart's summary)
        if (!sum) throw new Error("getOrderSumPrice answered no summary");
        const balanceCents = parseCents(sum.memberBalance);
        const orderCents = parseCents(sum.orderPrice);
        if (balanceCents === null || orderCents === null) throw new Error("getOrderSumPrice answered no money amount");
        return { balanceCents, orderCents, moneyType: sum.moneyType };
      },
      // the balance stays on screen while a new selection is priced
      placeholderData: keepPreviousData,
    }),
  // CART-008, CART-023, CART-051: the recommended products; CART-057: of order way 7
  recommended: () =>
    queryOptions({
      queryKey: ["pendingOrders", "recommended", currentLocale()],
      queryFn: async () =>
        unwrap(await api.GET("/pc/order/getRecommendClothList", { params: { query: { orderWay: 7 } } })),
    }),
};
