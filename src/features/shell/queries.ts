import { queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";

/** Dictionary categories (000 §3): 7 order types, 9 order statuses. */
export const DICT_ORDER_TYPES = 7;
export const DICT_ORDER_STATUS = 9;

/** Reads shared by the shell and the home page; keys carry the locale because names are translated. */
export const shellQueries = {
  banners: () =>
    queryOptions({
      queryKey: ["banner"],
      queryFn: async () => unwrap(await api.GET("/pc/banner")),
    }),
  dictionary: (category: number) =>
    queryOptions({
      queryKey: ["dict", category, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/dictsystem/listDictSystem", { params: { query: { category } } })),
    }),
  categories: (orderWay: 7 | 8) =>
    queryOptions({
      queryKey: ["categories", orderWay, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/dict/category", { params: { query: { orderWay } } })),
    }),
  badges: () =>
    queryOptions({
      queryKey: ["failedAmount"],
      queryFn: async () => unwrap(await api.GET("/pc/order/failedAmount")),
      refetchInterval: 60_000,
    }),
  /** Issue 25: the header's message icon shows the unread count; the message centre refreshes `["messages"]`. */
  unreadMessages: () =>
    queryOptions({
      queryKey: ["messages", "unread"],
      queryFn: async () => unwrap(await api.GET("/pc/news/unreadCount")).unread,
      refetchInterval: 60_000,
    }),
};
