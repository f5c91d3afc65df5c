import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { FABRIC_LIBRARY_PAGE_SIZE } from "../../../domain/goods.ts";

/** FAB-009: the library pages by 50 (the server too). */
export { FABRIC_LIBRARY_PAGE_SIZE };
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/envelope.ts";
import { currentLocale } from "../../app/i18n.ts";

/** What the library's address holds: the garment category, the fabric code searched, the page. */
export interface FabricLibrarySearch {
  category?: number;
  code?: string;
  page?: number;
}

/** Reads of the fabric library (001 §7: pc/fabric, getFabricStock); `signedIn` keys the prices. */
export const fabricLibraryQueries = {
  // FAB-008, FAB-009: one page of 50 and how many match
  page: (search: FabricLibrarySearch, signedIn: boolean) =>
    queryOptions({
      queryKey: [
        "fabricLibrary",
        search.category ?? null,
        search.code ?? "",
        search.page ?? 1,
        signedIn,
        currentLocale(),
      ],
      queryFn: async () => {
        const result = await api.GET("/pc/fabric", {
          params: {
            query: {
              pageSize: FABRIC_LIBRARY_PAGE_SIZE,
              pageNum: search.page ?? 1,
              category: search.category,
              fabricCode: (search.code ?? "").trim().slice(0, 32) || undefined,
            },
          },
        });
        return { fabrics: unwrap(result), total: result.data?.total ?? 0 };
      },
      placeholderData: keepPreviousData,
    }),
  // FAB-002: the product categories of the filter (open to visitors)
  categories: () =>
    queryOptions({
      queryKey: ["fabricLibraryCategories", currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/fabric/category")),
    }),
  // FAB-005: the preview's stock, read again for a signed-in account (a visitor's is the page's `ck`)
  stock: (fabricCode: string) =>
    queryOptions({
      queryKey: ["fabricStock", fabricCode, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/fabric/getFabricStock", { params: { query: { fabricCode } } })),
    }),
};
