import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { formatLabelIds, LABEL_TYPE } from "../../../domain/labels.ts";
import { unwrap, unwrapWithMessage } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";

/** Reads of the label library (002 §7, pc/label). */
export const labelQueries = {
  // LABEL-010: the caller's labels
  list: () =>
    queryOptions({
      queryKey: ["labels", "list"],
      queryFn: async () =>
        unwrap(await api.GET("/pc/label/getLabelList", { params: { query: { type: LABEL_TYPE } } })) ?? [],
    }),
};

/** LABEL-011: a new label; the answer's message is the success toast (LABEL-018). */
export async function createLabel(label: { color: string; content: string }) {
  return unwrapWithMessage(await api.POST("/pc/label/saveLabel", { body: { ...label, type: LABEL_TYPE } }));
}

/** LABEL-012: deletes a label (every order loses it, LABEL-009). */
export async function removeLabel(id: number) {
  return unwrapWithMessage(await api.POST("/pc/label/del/{id}", { params: { path: { id: String(id) } } }));
}

/** D-07, LABEL-013: the order's labels become exactly `labelIds`. */
export async function setOrderLabels(orderId: string, labelIds: readonly number[]) {
  return unwrapWithMessage(
    await api.GET("/pc/label/editOrderLabel", { params: { query: { orderId, labelIds: formatLabelIds(labelIds) } } }),
  );
}

/**
 * The reads a label change makes stale: the library and every order list or detail that shows labels
 * (the cart, my order, the production list, an order's details: their keys name orders or a list).
 */
export function refreshAfterLabelChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [first] = query.queryKey;
      return typeof first === "string" && /^labels$|order|cart|production|list/i.test(first);
    },
  });
}
