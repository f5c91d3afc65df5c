import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";
import { intParam, searchSchema, textParam } from "../../app/search.ts";

export const Route = createFileRoute("/_auth/peofessionalOrder")({
  validateSearch: searchSchema({ id: intParam, orderId: textParam, orderType: textParam, sizeCategoryId: intParam }),
  component: () => <ComingSoon title={<Trans>Professional order</Trans>} />,
});
