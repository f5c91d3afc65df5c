import { queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";

/** Reads of the order details page (PROD-019..021, PROD-053): one order, in the caller's language. */
export const orderDetailsQueries = {
  detail: (orderId: number, locale: string = currentLocale()) =>
    queryOptions({
      queryKey: ["orderDetails", orderId, locale],
      queryFn: async () =>
        unwrap(await api.GET("/pc/order/orderDetail", { params: { query: { orderId: String(orderId) } } })),
    }),
};
