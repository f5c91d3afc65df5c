import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";
import { compact, optionalInt, optionalText } from "../../app/search.ts";

export const Route = createFileRoute("/_auth/underProduction")({
  validateSearch: (search: Record<string, unknown>): { status?: number; orderNum?: string } =>
    compact({ status: optionalInt(search.status), orderNum: optionalText(search.orderNum) }),
  component: () => <ComingSoon title={<Trans>Order list</Trans>} />,
});
