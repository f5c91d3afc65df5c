import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../ui/ComingSoon.tsx";
import { intParam, searchSchema, textParam } from "../app/search.ts";

export const Route = createFileRoute("/dressWellDetails")({
  validateSearch: searchSchema({ id: intParam, back: textParam }),
  component: () => <ComingSoon title={<Trans>Product details</Trans>} />,
});
