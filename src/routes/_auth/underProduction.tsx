import { createFileRoute } from "@tanstack/react-router";
import { searchSchema } from "../../app/search.ts";
import { productionListSearchShape } from "./-orderListSearch.ts";
import { RouteError, RoutePending } from "../../ui/RouteStatus.tsx";
import { productionQueries, UnderProductionPage } from "../../features/underProduction/index.ts";

/**
 * ORDER LIST (002 §2, issue 12): the under-production list. The page, its size, the order filter
 * (PROD-022, with the planned and final delivery ranges and the shipment; `status` from the header's
 * ORDER LIST panel) and the looked-up order (`orderNum`) live in the address; a malformed value is dropped
 * (./-orderListSearch.ts).
 */
const productionSearch = searchSchema(productionListSearchShape);

export const Route = createFileRoute("/_auth/underProduction")({
  // The loader (and the reads it imports) loads with the page, not with the first load.
  codeSplitGroupings: [["loader"], ["component"], ["pendingComponent", "errorComponent"], ["notFoundComponent"]],
  validateSearch: productionSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(productionQueries.list(deps)),
      context.queryClient.ensureQueryData(productionQueries.members()),
    ]),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: UnderProductionRoute,
});

function UnderProductionRoute() {
  const navigate = Route.useNavigate();
  return <UnderProductionPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
}
