import { createFileRoute } from "@tanstack/react-router";
import { QuickOrderPage, prefetchOrderEntry } from "../../features/quickOrder/index.ts";
import { orderEntryOf, orderEntrySearch } from "./-orderEntrySearch.ts";

export const Route = createFileRoute("/_auth/quickOrder")({
  // The loader (and the order-entry reads it imports) loads in the page's chunk, not with the first load.
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: orderEntrySearch,
  loaderDeps: ({ search }) => ({ categoryId: orderEntryOf(search).categoryId }),
  // The page's first reads start with its code; the machine reads them from the cache and reports a failure.
  loader: ({ context, deps }) => prefetchOrderEntry(context.queryClient, deps.categoryId),
  component: QuickOrderRoute,
});

function QuickOrderRoute() {
  const search = Route.useSearch();
  const { key, ...entry } = orderEntryOf(search);
  return <QuickOrderPage key={key} {...entry} fabric={entry.mode === "new" ? search.fabric : undefined} />;
}
