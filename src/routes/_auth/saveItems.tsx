import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";
import { compact, optionalText } from "../../app/search.ts";

export const Route = createFileRoute("/_auth/saveItems")({
  validateSearch: (search: Record<string, unknown>): { orderNum?: string } =>
    compact({ orderNum: optionalText(search.orderNum) }),
  component: () => <ComingSoon title={<Trans>Saved items</Trans>} />,
});
