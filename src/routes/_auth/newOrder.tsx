import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";
import { compact, optionalInt, optionalText } from "../../app/search.ts";

export const Route = createFileRoute("/_auth/newOrder")({
  validateSearch: (search: Record<string, unknown>): { id?: number; orderId?: string; orderType?: string } => compact({ id: optionalInt(search.id), orderId: optionalText(search.orderId), orderType: optionalText(search.orderType) }),
  component: () => <ComingSoon title={<Trans>Simple order</Trans>} />,
});
