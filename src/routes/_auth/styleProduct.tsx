import { createFileRoute } from "@tanstack/react-router";
import { intParam, searchSchema, textParam } from "../../app/search.ts";
import { RouteError, RoutePending } from "../../ui/RouteStatus.tsx";
import { StyleProductPage, styleQueries } from "../../features/styleProduct/index.ts";

/** 002 §2: the style product list ("Fashion & Designer"); what it shows is in the address. */
export const Route = createFileRoute("/_auth/styleProduct")({
  // The loader (and the catalogue reads it imports) loads with the page, not with the first load.
  codeSplitGroupings: [["loader"], ["component"], ["pendingComponent", "errorComponent"], ["notFoundComponent"]],
  validateSearch: searchSchema({ category: intParam, sub: intParam, name: textParam, page: intParam }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(styleQueries.categories()),
      context.queryClient.ensureQueryData(styleQueries.list(deps)),
    ]),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: StyleProductRoute,
});

function StyleProductRoute() {
  const navigate = Route.useNavigate();
  return <StyleProductPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
}
