import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { components } from "../../../openapi/portal";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";
import { shellQueries } from "../shell/index.ts";

/** Reads of order entry (000 §7), shared by the quick order's views and its machine's actors. */
export const orderQueries = {
  // QO-111: the price of what is chosen so far, as saving would price it (a designed read; saves nothing);
  // its items carry the crafts' names in the language of the request
  quote: (draft: components["schemas"]["OrderDraft"]) =>
    queryOptions({
      queryKey: ["quote", JSON.stringify(draft), currentLocale()],
      queryFn: async () => unwrap(await api.POST("/pc/order/quote", { body: draft })),
      retry: false,
    }),
  // QO-196: the account's own customers, by name
  customers: (keywords: string) =>
    queryOptions({
      queryKey: ["customers", keywords],
      queryFn: async () =>
        unwrap(
          await api.GET("/pc/customer/getCust", { params: { query: { keywords: keywords.trim().slice(0, 50) } } }),
        ),
    }),
  // QO-173, QO-204: fabric search (13 at most)
  fabrics: (clothCategory: number, keywords: string) =>
    queryOptions({
      queryKey: ["fabrics", clothCategory, keywords],
      queryFn: async () =>
        unwrap(
          await api.GET("/pc/fabric/dmFabric", {
            params: { query: { clothCategory, keywords: keywords.trim().slice(0, 50) } },
          }),
        ),
    }),
  // QO-054, QO-184: embroidery options per type
  embroidery: (category: number) =>
    queryOptions({
      queryKey: ["embroidery", category, currentLocale()],
      queryFn: async () => {
        const load = async (type: "emb_site" | "emb_color" | "emb_font" | "emb_size") =>
          unwrap(await api.GET("/pc/dict/zzEmb", { params: { query: { category, type } } }));
        const [sites, colors, fonts, sizes] = await Promise.all([
          load("emb_site"),
          load("emb_color"),
          load("emb_font"),
          load("emb_size"),
        ]);
        return { sites, colors, fonts, sizes };
      },
    }),
  // QO-185: contrast sites with positions and fabrics
  contrast: (category: number) =>
    queryOptions({
      queryKey: ["contrast", category, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/dict/zzContrast", { params: { query: { category } } })),
    }),
  // QO-041: measurement parts of a method (10052 body, 10053 finished), with a customer's stored values; always fresh
  // issue 24: with a kept measurement set of the customer, that set's values
  measurements: (category: number, measureType: 10052 | 10053, customerId: number | null, measureSetId?: number) =>
    queryOptions({
      queryKey: ["measurements", category, measureType, customerId, measureSetId ?? null, currentLocale()],
      queryFn: async () =>
        unwrap(
          await api.GET("/pc/dict/measureInfo", {
            params: {
              query: {
                category,
                measureType,
                ...(customerId ? { customerId, ...(measureSetId ? { measureSetId } : {}) } : {}),
              },
            },
          }),
        ),
      staleTime: 0,
    }),
  // QO-042, QO-096, QO-099: body-posture specs with their details and the customer's choice (chooseId)
  postures: (category: number, sizeType: 10052 | 10053 | 10054, customerId: number | null) =>
    queryOptions({
      queryKey: ["postures", category, sizeType, customerId, currentLocale()],
      queryFn: async () =>
        unwrap(
          await api.GET("/pc/dict/specBody", {
            params: { query: { category, sizeType, ...(customerId ? { customerId } : {}) } },
          }),
        ),
      staleTime: 0,
    }),
  // QO-040: the add-products a category offers (e.g. extra trousers with a suit)
  addProducts: (category: number) =>
    queryOptions({
      queryKey: ["addProducts", category, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/dict/isAdd", { params: { query: { category } } })),
    }),
  // QO-100: the size-area and shape buttons of a category's standard sizes
  shapeCategory: (category: number) =>
    queryOptions({
      queryKey: ["shapeCategory", category, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/dict/shapeCategory", { params: { query: { category } } })),
    }),
  // QO-100: the standard sizes of a size area and shape, smallest first
  standardSizes: (category: number, sizeAreaId: number, shape: number) =>
    queryOptions({
      queryKey: ["standardSizes", category, sizeAreaId, shape, currentLocale()],
      queryFn: async () =>
        unwrap(await api.GET("/pc/dict/standard", { params: { query: { category, sizeAreaId, shape } } })),
    }),
  // QO-183: the craft tree
  crafts: (category: number) =>
    queryOptions({
      queryKey: ["crafts", category, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/dict/zzCraft", { params: { query: { category } } })),
    }),
};

/** Dictionary category 13: the measurement methods (QO-094). */
const DICT_SIZE_METHODS = 13;

/**
 * Starts the reads an order-entry page opens with (the machine's loadSetup reads the same, from the
 * cache), for the route's loader. Not awaited: a failed read is the machine's to report (its failed
 * step, with a retry), as it was before the loader; the same read in flight is asked once.
 */
export function prefetchOrderEntry(queryClient: QueryClient, categoryId: number): void {
  void queryClient.prefetchQuery(shellQueries.categories(7));
  void queryClient.prefetchQuery(orderQueries.crafts(categoryId));
  void queryClient.prefetchQuery(shellQueries.dictionary(DICT_SIZE_METHODS));
  void queryClient.prefetchQuery(orderQueries.contrast(categoryId));
}
