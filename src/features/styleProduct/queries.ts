import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { parseCents } from "../../../domain/money.ts";
import { STYLE_PAGE_SIZE } from "../../../domain/orderEntry/style.ts";
import { unwrap } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";

/** SO-032: the catalogue's page size (the server's too). */
export { STYLE_PAGE_SIZE };

/** SO-033: catalogue pictures are asked at most 380 pixels wide (the server honours it). */
export const STYLE_IMAGE_MAX_WIDTH = 380;

/** What the list page's address holds: the category, the sub-category, the name searched, the page. */
export interface StyleProductSearch {
  category?: number;
  sub?: number;
  name?: string;
  page?: number;
}

/** A picture of the catalogue at the list's width (SO-033). */
export const listImage = (path: string) => `${path}?max_width=${STYLE_IMAGE_MAX_WIDTH}`;

/** Reads of the style catalogue (002 §7: pc/style); names are translated, so keys carry the locale. */
export const styleQueries = {
  // SO-025, SO-034, SO-035: main categories with counts and sub-categories
  categories: () =>
    queryOptions({
      queryKey: ["styleCategories", currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/style/category")),
    }),
  // SO-026, SO-032, SO-036: one page of styles and how many match
  list: (search: StyleProductSearch) =>
    queryOptions({
      queryKey: [
        "styleList",
        search.category ?? null,
        search.sub ?? null,
        search.name ?? "",
        search.page ?? 1,
        currentLocale(),
      ],
      queryFn: async () => {
        const result = await api.GET("/pc/style/list", {
          params: {
            query: {
              styleName: (search.name ?? "").trim().slice(0, 50),
              pageSize: STYLE_PAGE_SIZE,
              pageNum: search.page ?? 1,
              category: search.category,
              subCategory: search.category === undefined ? undefined : search.sub,
            },
          },
        });
        const data = unwrap(result);
        return {
          total: result.data?.total ?? 0,
          styles: data.map((style) => ({ ...style, priceCents: parseCents(style.price) ?? 0 })),
        };
      },
      placeholderData: keepPreviousData,
    }),
  // SO-028: the pieces of the garment category `pid` whose style name or style code holds the keyword
  // (at least STYLE_SEARCH_MIN characters, SO-029: the caller asks only with styleSearchKeyword's answer)
  search: (pid: number, keyword: string) =>
    queryOptions({
      queryKey: ["styleSearch", pid, keyword, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/curablestyle", { params: { query: { pid, keyword } } })),
    }),
  // SO-030: one piece found, with its style code, its crafts and their prices' currency
  piece: (pid: number, id: number) =>
    queryOptions({
      queryKey: ["stylePiece", pid, id, currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/curablestyle/{pid}/{id}", { params: { path: { pid, id } } })),
    }),
};
