import { createFileRoute } from "@tanstack/react-router";
import { NewOrderPage } from "../../features/newOrder/index.ts";
import { orderEntryOf, orderEntrySearch } from "./-orderEntrySearch.ts";
import { prefetchOrderEntry } from "../../features/quickOrder/index.ts";

export const Route = createFileRoute("/_auth/newOrder")({
  // The loader (and the order-entry reads it imports) loads in the page's chunk, not with the first load.
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: orderEntrySearch,
  loaderDeps: ({ search }) => ({ categoryId: orderEntryOf(search).categoryId }),
  // The page's first reads start with its code; the machine reads them from the cache and reports a failure.
  loader: ({ context, deps }) => prefetchOrderEntry(context.queryClient, deps.categoryId),
  component: NewOrderRoute,
});

function NewOrderRoute() {
  const { key, ...entry } = orderEntryOf(Route.useSearch());
  return <NewOrderPage key={key} {...entry} />;
}
