import { createFileRoute } from "@tanstack/react-router";
import { ProfessionalOrderPage, prefetchProfessionalOrder } from "../../features/professionalOrder/index.ts";
import { orderEntryOf, remakeSearch } from "./-orderEntrySearch.ts";
import { intParam, searchSchema, textParam } from "../../app/search.ts";

/** D-03: the category, and an order to edit (pending: a pending order's edit) or buy again, with its measurement method. */
const professionalOrderSearch = searchSchema({
  id: intParam,
  orderId: textParam,
  orderType: textParam,
  sizeCategoryId: intParam,
  ...remakeSearch,
});

export const Route = createFileRoute("/_auth/peofessionalOrder")({
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: professionalOrderSearch,
  loaderDeps: ({ search }) => ({ categoryId: orderEntryOf(search).categoryId }),
  // The page's first reads start with its code; the machine reads them from the cache and reports a failure.
  loader: ({ context, deps }) => prefetchProfessionalOrder(context.queryClient, deps.categoryId),
  component: ProfessionalOrderRoute,
});

function ProfessionalOrderRoute() {
  // PO-004: a new query (another category, another order) starts a new page
  const search = Route.useSearch();
  const { key, ...entry } = orderEntryOf(search);
  // D-03: the link's measurement method (a new query starts a new page)
  return (
    <ProfessionalOrderPage
      key={`${key}|${search.sizeCategoryId ?? ""}`}
      {...entry}
      {...(search.sizeCategoryId !== undefined ? { sizeCategoryId: search.sizeCategoryId } : {})}
    />
  );
}
