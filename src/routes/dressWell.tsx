import { createFileRoute } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoon } from "../ui/ComingSoon.tsx";
import { compact, optionalInt, optionalText } from "../app/search.ts";

export const Route = createFileRoute("/dressWell")({
  validateSearch: (
    search: Record<string, unknown>,
  ): { categoryId?: number; subCategoryId?: number; search?: string; page?: number } =>
    compact({
      categoryId: optionalInt(search.categoryId),
      subCategoryId: optionalInt(search.subCategoryId),
      search: optionalText(search.search),
      page: optionalInt(search.page),
    }),
  component: () => <ComingSoon title={<Trans>Online mall</Trans>} />,
});
