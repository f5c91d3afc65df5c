import { createFileRoute } from "@tanstack/react-router";
import { QuickOrderPage, prefetchOrderEntry } from "../../features/quickOrder/index.ts";
import { orderEntryOf, orderEntrySearch } from "./-orderEntrySearch.ts";
import { RouteError, RoutePending } from "../../ui/RouteStatus.tsx";

export const Route = createFileRoute("/_auth/quickOrder")({
  // The loader (and the order-entry reads it imports) loads with the page, not with the first load.
  codeSplitGroupings: [["loader"], ["component"], ["pendingComponent", "errorComponent"], ["notFoundComponent"]],
  validateSearch: orderEntrySearch,
  loaderDeps: ({ search }) => ({ categoryId: orderEntryOf(search).categoryId }),
  // The page's first reads start with its code; the machine reads them from the cache and reports a failure.
  loader: ({ context, deps }) => prefetchOrderEntry(context.queryClient, deps.categoryId),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: QuickOrderRoute,
});

function QuickOrderRoute() {
  const search = Route.useSearch();
  const { key, ...entry } = orderEntryOf(search);
  return <QuickOrderPage key={key} {...entry} fabric={entry.mode === "new" ? search.fabric : undefined} />;
}
