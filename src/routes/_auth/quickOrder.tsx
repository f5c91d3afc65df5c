import { createFileRoute } from "@tanstack/react-router";
import { QuickOrderPage } from "../../features/quickOrder/QuickOrderPage.tsx";
import { compact, optionalInt } from "../../app/search.ts";

/** Default category when the link names none: the suit. */
const DEFAULT_CATEGORY = 3000;

export const Route = createFileRoute("/_auth/quickOrder")({
  validateSearch: (search: Record<string, unknown>): { id?: number } => compact({ id: optionalInt(search.id) }),
  component: QuickOrderRoute,
});

function QuickOrderRoute() {
  const { id } = Route.useSearch();
  const categoryId = id ?? DEFAULT_CATEGORY;
  // QO-006: a new query starts a new order (the page reloads)
  return <QuickOrderPage key={categoryId} categoryId={categoryId} />;
}
