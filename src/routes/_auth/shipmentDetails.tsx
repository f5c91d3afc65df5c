import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";
import { compact, optionalInt } from "../../app/search.ts";

export const Route = createFileRoute("/_auth/shipmentDetails")({
  validateSearch: (search: Record<string, unknown>): { id?: number } => compact({ id: optionalInt(search.id) }),
  component: () => <ComingSoon title={<Trans>Shipment details</Trans>} />,
});
