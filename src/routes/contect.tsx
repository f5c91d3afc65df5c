import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../ui/ComingSoon.tsx";

export const Route = createFileRoute("/contect")({
  component: () => <ComingSoon title={<Trans>Contact us</Trans>} />,
});
