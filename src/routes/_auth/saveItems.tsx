import { createFileRoute } from "@tanstack/react-router";
import { intParam, searchSchema, textParam } from "../../app/search.ts";
import { SaveItemsPage, cartQueries } from "../../features/cart/index.ts";

/** SAVED ITEMS (D-09): the cart; `orderNum` (the order-number lookup's redirect, CART-009) shows one order. */
export const Route = createFileRoute("/_auth/saveItems")({
  // The loader (and the cart's reads it imports) loads in the page's chunk, not with the first load.
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: searchSchema({ orderNum: textParam, page: intParam, size: intParam }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(cartQueries.list(deps)),
  component: SaveItemsRoute,
});

function SaveItemsRoute() {
  const navigate = Route.useNavigate();
  return <SaveItemsPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
}
