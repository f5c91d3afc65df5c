import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { CUSTOMER_DETAIL_PAGE_SIZE, CUSTOMER_PAGE_SIZE } from "../../../domain/customer.ts";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";

/** Reads of the customer book (issue 24). */
export const customerQueries = {
  /** CUST-003, CUST-035: the list, 18 a page, one page after another (infinite scroll). */
  list: (keywords: string) =>
    infiniteQueryOptions({
      queryKey: ["customers", "list", keywords],
      initialPageParam: 1,
      queryFn: async ({ pageParam }) => {
        const res = await api.GET("/pc/customer", {
          params: { query: { keywords: keywords || undefined, pageSize: CUSTOMER_PAGE_SIZE, pageNum: pageParam } },
        });
        return { rows: unwrap(res), total: res.data?.total ?? 0, pageNum: pageParam };
      },
      getNextPageParam: (last) => (last.pageNum * CUSTOMER_PAGE_SIZE < last.total ? last.pageNum + 1 : undefined),
    }),
  /** CUST-036: one customer. */
  detail: (id: number) =>
    queryOptions({
      queryKey: ["customers", "detail", id, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/customer/getOne", { params: { query: { id } } })),
    }),
  /** CUST-039: appointments (1) or notes (2), 20 a page. */
  notes: (customerId: number, type: 1 | 2, pageNum: number) =>
    queryOptions({
      queryKey: ["customers", "notes", customerId, type, pageNum],
      queryFn: async () => {
        const res = await api.GET("/pc/customer/listCustomerNote", {
          params: { query: { customerId, type, pageNum, pageSize: CUSTOMER_DETAIL_PAGE_SIZE } },
        });
        return { rows: unwrap(res), total: res.data?.total ?? 0 };
      },
    }),
  /** CUST-012: the customer's orders, 20 a page (every order of the account: list type 3). */
  orders: (customerId: number, pageNum: number) =>
    queryOptions({
      queryKey: ["customers", "orders", customerId, pageNum, currentLocale()],
      queryFn: async () => {
        const res = await api.GET("/pc/order/getOrderCartList", {
          params: { query: { type: 3, customerId, pageNum, pageSize: CUSTOMER_DETAIL_PAGE_SIZE } },
        });
        return { rows: unwrap(res), total: res.data?.total ?? 0 };
      },
    }),
  /** Issue 24: the customer's kept measurement sets, newest first. */
  history: (customerId: number) =>
    queryOptions({
      queryKey: ["customers", "history", customerId, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/customer/measureHistory", { params: { query: { customerId } } })),
    }),
  /** Issue 24: an order's measurements against its customer's (what saving them back would change). */
  orderMeasures: (orderId: number) =>
    queryOptions({
      queryKey: ["customers", "orderMeasures", orderId, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/customer/orderMeasures", { params: { query: { orderId } } })),
    }),
  /** The account's appointments across its customers from a day on (designed). */
  appointments: (from: string, days: number) =>
    queryOptions({
      queryKey: ["customers", "appointments", from, days],
      queryFn: async () => unwrap(await api.GET("/pc/customer/appointments", { params: { query: { from, days } } })),
    }),
  /** CUST-008, D-17: whether this account may import by CSV. */
  importAllowed: () =>
    queryOptions({
      queryKey: ["customers", "importAllowed"],
      queryFn: async () => unwrap(await api.GET("/pc/customer/importAllowed")),
      staleTime: Infinity,
    }),
  /** CUST-045: the dress styles (dictionary 89). */
  dressStyles: () =>
    queryOptions({
      queryKey: ["dict", 89, currentLocale()],
      queryFn: async () =>
        unwrap(await api.GET("/pc/dictsystem/listDictSystem", { params: { query: { category: 89 } } })),
      staleTime: Infinity,
    }),
  /** Measurement parts of a garment: 10052 body, 10053 finished. */
  parts: (category: number, measureType: 10052 | 10053) =>
    queryOptions({
      queryKey: ["customers", "parts", category, measureType, currentLocale()],
      queryFn: async () =>
        unwrap(await api.GET("/pc/dict/measureInfo", { params: { query: { category, measureType } } })),
      staleTime: Infinity,
    }),
  postures: (category: number) =>
    queryOptions({
      queryKey: ["customers", "postures", category, currentLocale()],
      queryFn: async () =>
        unwrap(await api.GET("/pc/dict/specBody", { params: { query: { category, sizeType: 10052 } } })),
      staleTime: Infinity,
    }),
  categories: () =>
    queryOptions({
      queryKey: ["customers", "categories", currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/dict/category", { params: { query: { orderWay: 7 } } })),
      staleTime: Infinity,
    }),
};
