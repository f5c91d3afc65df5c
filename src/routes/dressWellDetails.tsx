import { createFileRoute } from "@tanstack/react-router";
import { intParam, searchSchema, textParam } from "../app/search.ts";
import { ProductPage } from "../features/mall/index.ts";

/**
 * 002 §2: a product of the mall, open to visitors: `id`, `back` (the encoded catalogue query) and the
 * choices made (`color`, `size`, `qty`), so signing in comes back to them.
 */
export const Route = createFileRoute("/dressWellDetails")({
  validateSearch: searchSchema({ id: intParam, back: textParam, color: textParam, size: textParam, qty: intParam }),
  component: DressWellDetailsRoute,
});

function DressWellDetailsRoute() {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  return (
    <ProductPage
      search={search}
      onChoose={(choice) => void navigate({ search: { ...search, ...choice }, replace: true })}
    />
  );
}
