import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";
import { intParam, searchSchema } from "../../app/search.ts";

export const Route = createFileRoute("/_auth/orderDetails")({
  validateSearch: searchSchema({ orderId: intParam }),
  component: () => <ComingSoon title={<Trans>Order details</Trans>} />,
});
