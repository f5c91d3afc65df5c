import { useQuery } from "@tanstack/react-query";
import { orderListQueries, type OrderSearchDict } from "./queries.ts";

/** One of the order search dictionaries as the lists' choices ({id, name}; PROD-026: dealItem is the id sent). */
export const useSearchDict = (dict: OrderSearchDict, enabled = true) =>
  useQuery({
    ...orderListQueries.searchDict(dict),
    select: (entries) => entries.map((entry) => ({ id: entry.dealItem, name: entry.name })),
    enabled,
  });

/** The order types (dictionary 7) in the caller's language, read once for every list and its filter. */
export const useOrderTypes = (enabled = true) => useSearchDict("orderTypes", enabled);
