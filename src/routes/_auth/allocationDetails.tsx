import { createFileRoute } from "@tanstack/react-router";
import { searchSchema } from "../../app/search.ts";
import { allocationSearchShape } from "./-billingSearch.ts";
import { AllocationDetailsPage, billingQueries } from "../../features/billing/index.ts";

/** SUB-009..016 (001 §2): the allocation details; the filter and the page live in the address. */
export const Route = createFileRoute("/_auth/allocationDetails")({
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: searchSchema(allocationSearchShape),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(billingQueries.allocations(deps)),
  component: AllocationDetailsRoute,
});

function AllocationDetailsRoute() {
  const navigate = Route.useNavigate();
  return <AllocationDetailsPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
}
