import { createFileRoute } from "@tanstack/react-router";
import { intParam, searchSchema, textParam } from "../../app/search.ts";
import { StyleProductPage, styleQueries } from "../../features/styleProduct/index.ts";

/** 002 §2: the style product list ("Fashion & Designer"); what it shows is in the address. */
export const Route = createFileRoute("/_auth/styleProduct")({
  // The loader (and the catalogue reads it imports) loads in the page's chunk, not with the first load.
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: searchSchema({ category: intParam, sub: intParam, name: textParam, page: intParam }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(styleQueries.categories()),
      context.queryClient.ensureQueryData(styleQueries.list(deps)),
    ]),
  component: StyleProductRoute,
});

function StyleProductRoute() {
  const navigate = Route.useNavigate();
  return <StyleProductPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
}
