import { createFileRoute } from "@tanstack/react-router";
import { NoStyleChosen, StyleOrderPage, prefetchStyleOrder } from "../../features/styleOrder/index.ts";
import { intParam, searchSchema, textParam } from "../../app/search.ts";
import { orderEntryOf, remakeSearch } from "./-orderEntrySearch.ts";

export const Route = createFileRoute("/_auth/styleOrdering")({
  // The loader (and the style order's reads it imports) loads in the page's chunk, not with the first load.
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: searchSchema({
    id: intParam,
    orderId: textParam,
    orderType: textParam,
    sizeCategoryId: intParam,
    type: textParam,
    ...remakeSearch,
  }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  // SO-024: the style's first reads start with the page's code; the machine reads them from the cache and reports a failure.
  loader: ({ context, deps }) => {
    if (deps.id !== undefined) prefetchStyleOrder(context.queryClient, deps.id);
  },
  component: StyleOrderingRoute,
});

/**
 * SO-024: the style of `?id=`; another id starts a new order (the page reloads). QO-085, QO-086, D-03:
 * `?orderId=&orderType=` opens a saved style order (the other flows' names: `buyagain` copies it,
 * `pending` edits a pending order, any other value edits); with `orderType=10` the mode is in `type`.
 */
function StyleOrderingRoute() {
  const { id, orderId, orderType, type, sizeCategoryId, remakeOf, remakeReason, remakeCode } = Route.useSearch();
  const { mode, remake } = orderEntryOf({
    orderId,
    orderType: orderType === "10" ? type?.toLowerCase() : orderType,
    remakeOf,
    remakeReason,
    remakeCode,
  });
  if (!orderId)
    return id === undefined ? (
      <NoStyleChosen />
    ) : (
      <StyleOrderPage key={id} styleId={id} {...(sizeCategoryId !== undefined ? { sizeCategoryId } : {})} />
    );
  return (
    <StyleOrderPage
      key={`${orderId}|${mode}|${remake?.of ?? ""}|${remake?.reason ?? ""}`}
      styleId={id ?? 0}
      orderId={orderId}
      mode={mode}
      remake={remake}
      {...(sizeCategoryId !== undefined ? { sizeCategoryId } : {})}
    />
  );
}
