import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { GOODS_IMAGE_MAX_WIDTH, GOODS_PAGE_SIZE, type GoodsCatalogueQuery } from "../../../domain/goods.ts";
import { api } from "../../api/client.ts";
import { unwrap, unwrapWithMessage } from "../../api/envelope.ts";
import { currentLocale } from "../../app/i18n.ts";

/** GOODS-024: catalogue pictures are asked at most 380 pixels wide (the server resizes them). */
export const listImage = (path: string) => `${path}?max_width=${GOODS_IMAGE_MAX_WIDTH}`;

/** Reads and purchases of the online mall (002 §7: pc/goods); `signedIn` keys the prices. */
export const mallQueries = {
  // GOODS-014: the category tree with counts
  categories: () =>
    queryOptions({
      queryKey: ["goodsCategories", currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/goods/category")),
    }),
  // GOODS-015, GOODS-023: one page of 20 and how many match
  list: (query: GoodsCatalogueQuery, signedIn: boolean) =>
    queryOptions({
      queryKey: [
        "goodsList",
        query.categoryId ?? null,
        query.subCategoryId ?? null,
        query.search ?? "",
        query.page ?? 1,
        signedIn,
        currentLocale(),
      ],
      queryFn: async () => {
        const result = await api.GET("/pc/goods/list", {
          params: {
            query: {
              goodName: (query.search ?? "").trim().slice(0, 50) || undefined,
              pageSize: GOODS_PAGE_SIZE,
              pageNum: query.page ?? 1,
              categoryId: query.categoryId,
              subCategoryId: query.categoryId === undefined ? undefined : query.subCategoryId,
            },
          },
        });
        return { goods: unwrap(result), total: result.data?.total ?? 0 };
      },
      placeholderData: keepPreviousData,
    }),
  // GOODS-016: a product (with its stock, read fresh)
  detail: (id: number, signedIn: boolean) =>
    queryOptions({
      queryKey: ["goodsDetail", id, signedIn, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/goods/detail/{id}", { params: { path: { id } } })),
    }),
};

/** What a purchase sends (GOODS-017, GOODS-018). */
export interface Purchase {
  id: number;
  colors: string;
  specs: string;
  quantity: number;
}

/** GOODS-017: Buy now under `key` (one per user action, the same for its retries). */
export async function buyNow(purchase: Purchase, key: string) {
  return unwrap(await api.POST("/pc/goods/buy", { body: purchase, params: { header: { "Idempotency-Key": key } } }));
}

/** GOODS-018: Add to cart; answers the server's message ("added to cart"). */
export async function addToCart(purchase: Purchase) {
  return unwrapWithMessage(await api.POST("/pc/goods/saveToCart", { body: purchase }));
}
