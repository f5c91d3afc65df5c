import { createFileRoute } from "@tanstack/react-router";
import { searchSchema } from "../../app/search.ts";
import { myOrderSearchShape } from "./-orderListSearch.ts";
import { PendingOrdersPage, pendingQueries } from "../../features/pendingOrders/index.ts";

/**
 * CART-004, CART-010, CART-054: the view (all orders) with its keyword, the page, its size and the order
 * filter live in the address (./-orderListSearch.ts).
 */
const myOrderSearch = searchSchema(myOrderSearchShape);

/** 002 §2: my order (PENDING, D-09); what it shows is in the address. */
export const Route = createFileRoute("/_auth/myOrder")({
  // The loader (and the reads it imports) loads in the page's chunk, not with the first load.
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: myOrderSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(pendingQueries.list(deps)),
  component: MyOrderRoute,
});

function MyOrderRoute() {
  const navigate = Route.useNavigate();
  return <PendingOrdersPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
}
