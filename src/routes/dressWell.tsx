import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../ui/ComingSoon.tsx";
import { intParam, searchSchema, textParam } from "../app/search.ts";

export const Route = createFileRoute("/dressWell")({
  validateSearch: searchSchema({ categoryId: intParam, subCategoryId: intParam, search: textParam, page: intParam }),
  component: () => <ComingSoon title={<Trans>Online mall</Trans>} />,
});
