import { createFileRoute } from "@tanstack/react-router";
import { intParam, searchSchema, textParam } from "../app/search.ts";
import { MallPage } from "../features/mall/index.ts";

/** 002 §2: the online mall, open to visitors; its query lives in the address. */
export const Route = createFileRoute("/dressWell")({
  validateSearch: searchSchema({ categoryId: intParam, subCategoryId: intParam, search: textParam, page: intParam }),
  component: DressWellRoute,
});

function DressWellRoute() {
  const navigate = Route.useNavigate();
  return <MallPage query={Route.useSearch()} onQuery={(next) => void navigate({ search: next })} />;
}
