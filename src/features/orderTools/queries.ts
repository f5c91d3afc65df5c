import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/envelope.ts";
import { currentLocale } from "../../app/i18n.ts";
import type { components } from "../../../openapi/portal.d.ts";

export type ConsumptionResult = components["schemas"]["ConsumptionResult"];
export type OrderCustomer = components["schemas"]["OrderCustomer"];

/** The reads of the order tools; keys carry the locale (names and errors are translated by the server). */
export const orderToolsQueries = {
  /** PROD-059: the latest consumption query of an order (null when none was run). */
  costDetail: (orderCode: string) =>
    queryOptions({
      queryKey: ["orderCostDetail", orderCode, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/order/getOrderCostDetail", { params: { query: { orderCode } } })),
    }),
  /** PROD-060: the order's customer record. */
  orderCustomer: (orderId: number) =>
    queryOptions({
      queryKey: ["orderCustomer", orderId, currentLocale()],
      queryFn: async () =>
        unwrap(await api.GET("/pc/order/ordercustomer/getOrderCustomerById", { params: { query: { id: orderId } } })),
    }),
};
