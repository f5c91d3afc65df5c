import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../../ui/ComingSoon.tsx";

export const Route = createFileRoute("/_auth/billing")({
  component: () => <ComingSoon title={<Trans>Billing</Trans>} />,
});
