import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";
import { compact, optionalInt, optionalText } from "../../app/search.ts";

export const Route = createFileRoute("/_auth/styleOrdering")({
  validateSearch: (
    search: Record<string, unknown>,
  ): { id?: number; orderId?: string; orderType?: string; sizeCategoryId?: number; type?: string } =>
    compact({
      id: optionalInt(search.id),
      orderId: optionalText(search.orderId),
      orderType: optionalText(search.orderType),
      sizeCategoryId: optionalInt(search.sizeCategoryId),
      type: optionalText(search.type),
    }),
  component: () => <ComingSoon title={<Trans>Style ordering</Trans>} />,
});
