import { createFileRoute } from "@tanstack/react-router";
import { searchSchema } from "../../app/search.ts";
import { productionListSearchShape } from "./-orderListSearch.ts";
import { productionQueries, UnderProductionPage } from "../../features/underProduction/index.ts";

/**
 * ORDER LIST (002 §2, issue 12): the under-production list. The page, its size, the order filter
 * (PROD-022, with the planned and final delivery ranges and the shipment; `status` from the header's
 * ORDER LIST panel) and the looked-up order (`orderNum`) live in the address; a malformed value is dropped
 * (./-orderListSearch.ts).
 */
const productionSearch = searchSchema(productionListSearchShape);

export const Route = createFileRoute("/_auth/underProduction")({
  // The loader (and the reads it imports) loads in the page's chunk, not with the first load.
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: productionSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(productionQueries.list(deps)),
      context.queryClient.ensureQueryData(productionQueries.members()),
    ]),
  component: UnderProductionRoute,
});

function UnderProductionRoute() {
  const navigate = Route.useNavigate();
  return <UnderProductionPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
}
