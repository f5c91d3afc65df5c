import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";
import { intParam, searchSchema, textParam } from "../../app/search.ts";

export const Route = createFileRoute("/_auth/underProduction")({
  validateSearch: searchSchema({ status: intParam, orderNum: textParam }),
  component: () => <ComingSoon title={<Trans>Order list</Trans>} />,
});
