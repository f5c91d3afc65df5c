import { createFileRoute } from "@tanstack/react-router";
import { requireMenuAuthority } from "./-menuAuthority.ts";
import { searchSchema } from "../../app/search.ts";
import { shipmentQueries, ShipmentListPage } from "../../features/shipments/index.ts";
import { shipmentSearchShape } from "./-shipmentSearch.ts";

/** SHIPMENT (002 §2, issue 23): the shipment list; keyword, status and page in the address. */
export const Route = createFileRoute("/_auth/shipment")({
  // The shipments are the shipment authority's (the menu offers them to its holders only; issue 23)
  beforeLoad: ({ context }) => requireMenuAuthority(context, "shipment"),
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: searchSchema(shipmentSearchShape),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(shipmentQueries.list(deps)),
  component: ShipmentRoute,
});

function ShipmentRoute() {
  const navigate = Route.useNavigate();
  return <ShipmentListPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
}
