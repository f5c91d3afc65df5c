import { createFileRoute } from "@tanstack/react-router";
import { requireMenuAuthority } from "./-menuAuthority.ts";
import { Trans } from "@lingui/react/macro";
import { intParam, searchSchema } from "../../app/search.ts";
import { ShipmentDetailsPage } from "../../features/shipments/index.ts";

/** SHIP-007: shipment details at ./shipmentDetails?id={shipment id}. */
export const Route = createFileRoute("/_auth/shipmentDetails")({
  codeSplitGroupings: [["loader", "component"]],
  // The shipments are the shipment authority's (the menu offers them to its holders only; issue 23)
  beforeLoad: ({ context }) => requireMenuAuthority(context, "shipment"),
  validateSearch: searchSchema({ id: intParam }),
  component: ShipmentDetailsRoute,
});

function ShipmentDetailsRoute() {
  const { id } = Route.useSearch();
  if (id === undefined)
    return (
      <main className="mx-auto w-[1280px] py-8">
        <p>
          <Trans>No shipment is named.</Trans>
        </p>
      </main>
    );
  return <ShipmentDetailsPage id={id} />;
}
