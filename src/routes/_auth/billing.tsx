import { createFileRoute } from "@tanstack/react-router";
import { searchSchema } from "../../app/search.ts";
import { billingSearchShape } from "./-billingSearch.ts";
import { BillingPage, billingQueries } from "../../features/billing/index.ts";

/** BILL (001 §2): the billing ledger; the keyword, the filter and the page live in the address. */
export const Route = createFileRoute("/_auth/billing")({
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: searchSchema(billingSearchShape),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(billingQueries.deals(deps)),
  component: BillingRoute,
});

function BillingRoute() {
  const navigate = Route.useNavigate();
  return <BillingPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
}
