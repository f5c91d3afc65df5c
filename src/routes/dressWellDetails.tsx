import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../ui/ComingSoon.tsx";
import { compact, optionalInt, optionalText } from "../app/search.ts";

export const Route = createFileRoute("/dressWellDetails")({
  validateSearch: (search: Record<string, unknown>): { id?: number; back?: string } =>
    compact({ id: optionalInt(search.id), back: optionalText(search.back) }),
  component: () => <ComingSoon title={<Trans>Product details</Trans>} />,
});
