import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";
import { searchSchema, textParam } from "../../app/search.ts";

export const Route = createFileRoute("/_auth/myOrder")({
  validateSearch: searchSchema({ orderNum: textParam }),
  component: () => <ComingSoon title={<Trans>Pending orders</Trans>} />,
});
