import { useQuery } from "@tanstack/react-query";
import { shellQueries } from "../shell/index.ts";

/** Dictionary categories of the order lists (000 §3, PROD-062): 7 order types, 9 statuses, 13 size categories. */
export const DICT = { orderTypes: 7, orderStatus: 9, sizeCategories: 13 } as const;

/** The order types (dictionary 7) in the caller's language, read once for every list and its filter. */
export const useOrderTypes = (enabled = true) => useQuery({ ...shellQueries.dictionary(DICT.orderTypes), enabled });
