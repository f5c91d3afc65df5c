import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";
import { intParam, searchSchema } from "../../app/search.ts";

export const Route = createFileRoute("/_auth/shipmentDetails")({
  validateSearch: searchSchema({ id: intParam }),
  component: () => <ComingSoon title={<Trans>Shipment details</Trans>} />,
});
