import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod/mini";
import { searchSchema, textParam } from "../../app/search.ts";
import { orderListSearchShape } from "./-orderListSearch.ts";
import { RouteError, RoutePending } from "../../ui/RouteStatus.tsx";
import { PendingOrdersPage, pendingQueries } from "../../features/pendingOrders/index.ts";

/** CART-004, CART-010, CART-054: the view, the page, its size and the order filter live in the address. */
const myOrderSearch = searchSchema({
  ...orderListSearchShape,
  // CART-010: the second view (all orders) and its keyword
  list: z.optional(z.catch(z.optional(z.literal("all")), undefined)),
  keyWord: textParam,
});

/** 002 §2: my order (PENDING, D-09); what it shows is in the address. */
export const Route = createFileRoute("/_auth/myOrder")({
  // The loader (and the reads it imports) loads with the page, not with the first load.
  codeSplitGroupings: [["loader"], ["component"], ["pendingComponent", "errorComponent"], ["notFoundComponent"]],
  validateSearch: myOrderSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(pendingQueries.list(deps)),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: MyOrderRoute,
});

function MyOrderRoute() {
  const navigate = Route.useNavigate();
  return <PendingOrdersPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
}
