import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { SHIPMENT_PAGE_SIZES } from "../../../domain/shipments.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/envelope.ts";
import { currentLocale } from "../../app/i18n.ts";
import { pageSizeOf, type ListPaging } from "../../ui/list/index.ts";
import type { ShipmentSearch } from "../../routes/_auth/-shipmentSearch.ts";

/** SHIP-003, SHIP-004: 20 a page, 20/40/60/80. */
export const SHIPMENT_PAGING: ListPaging = { pageSizes: [...SHIPMENT_PAGE_SIZES], defaultPageSize: 20 };

/** Reads of the shipments (002 §7). */
export const shipmentQueries = {
  // SHIP-023
  list: (search: ShipmentSearch) =>
    queryOptions({
      queryKey: ["shipments", "list", search, currentLocale()],
      queryFn: async () => {
        const result = await api.GET("/pc/shipping/list", {
          params: {
            query: {
              keywords: search.keywords,
              status: search.status as 10371 | 10372 | 10033 | 10034 | undefined,
              pageNum: search.page ?? 1,
              pageSize: pageSizeOf(SHIPMENT_PAGING, search) as 20 | 40 | 60 | 80,
            },
          },
        });
        return { rows: unwrap(result), total: result.data?.total ?? 0 };
      },
      placeholderData: keepPreviousData,
    }),
  // SHIP-024
  detail: (id: number) =>
    queryOptions({
      queryKey: ["shipments", "detail", id, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/shipping/{id}", { params: { path: { id: String(id) } } })),
    }),
  // The caller's delivery addresses (the address book)
  addresses: () =>
    queryOptions({
      queryKey: ["shipments", "addresses", currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/address", {})),
    }),
};
