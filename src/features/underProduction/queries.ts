import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { parseCents } from "../../../domain/money.ts";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";
import { orderListQueries, productionPageSize, productionQuery, type OrderListSearch } from "../orderList/index.ts";

/** Reads of the under-production list (002 §7). */
export const productionQueries = {
  // PROD-022: one page of the production list (getOrderCartList type 2) and how many match
  list: (search: OrderListSearch) =>
    queryOptions({
      queryKey: ["underProduction", "list", search, currentLocale()],
      queryFn: async () => {
        const result = await api.GET("/pc/order/getOrderCartList", {
          params: {
            query: { ...productionQuery(search), pageNum: search.page ?? 1, pageSize: productionPageSize(search) },
          },
        });
        const rows = unwrap(result);
        return {
          total: result.data?.total ?? 0,
          rows: rows.map((row) => ({ ...row, priceCents: parseCents(row.price) })),
        };
      },
      placeholderData: keepPreviousData,
    }),
  // Whose each row is (the account itself first, then its sub-accounts): the row actions depend on it,
  // so the route reads it with the list and the rows never show without their actions first.
  members: orderListQueries.members,
};
