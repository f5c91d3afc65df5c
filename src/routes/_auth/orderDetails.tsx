import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";
import { compact, optionalText } from "../../app/search.ts";

export const Route = createFileRoute("/_auth/orderDetails")({
  validateSearch: (search: Record<string, unknown>): { id?: string } => compact({ id: optionalText(search.id) }),
  component: () => <ComingSoon title={<Trans>Order details</Trans>} />,
});
