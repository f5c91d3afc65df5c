import { createFileRoute } from "@tanstack/react-router";
import { NewOrderPage } from "../../features/newOrder/NewOrderPage.tsx";
import { orderEntryOf, validateOrderEntrySearch } from "../../features/quickOrder/orderEntrySearch.ts";

export const Route = createFileRoute("/_auth/newOrder")({
  validateSearch: validateOrderEntrySearch,
  component: NewOrderRoute,
});

function NewOrderRoute() {
  const { key, ...entry } = orderEntryOf(Route.useSearch());
  return <NewOrderPage key={key} {...entry} />;
}
