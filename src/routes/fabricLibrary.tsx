import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../ui/ComingSoon.tsx";

export const Route = createFileRoute("/fabricLibrary")({
  component: () => <ComingSoon title={<Trans>Fabric library</Trans>} />,
});
