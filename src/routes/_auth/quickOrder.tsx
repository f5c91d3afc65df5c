import { createFileRoute } from "@tanstack/react-router";
import { QuickOrderPage } from "../../features/quickOrder/QuickOrderPage.tsx";
import { orderEntryOf, validateOrderEntrySearch } from "../../features/quickOrder/orderEntrySearch.ts";

export const Route = createFileRoute("/_auth/quickOrder")({
  validateSearch: validateOrderEntrySearch,
  component: QuickOrderRoute,
});

function QuickOrderRoute() {
  const { key, ...entry } = orderEntryOf(Route.useSearch());
  return <QuickOrderPage key={key} {...entry} />;
}
