import { createFileRoute } from "@tanstack/react-router";
import { intParam, searchSchema, textParam } from "../app/search.ts";
import { FabricLibraryPage } from "../features/fabricLibrary/index.ts";

/** 001 §2: the fabric library, open to visitors; the category, the code searched and the page live in the address. */
export const Route = createFileRoute("/fabricLibrary")({
  validateSearch: searchSchema({ category: intParam, code: textParam, page: intParam }),
  component: FabricLibraryRoute,
});

function FabricLibraryRoute() {
  const navigate = Route.useNavigate();
  return <FabricLibraryPage search={Route.useSearch()} onSearch={(next) => void navigate({ search: next })} />;
}
