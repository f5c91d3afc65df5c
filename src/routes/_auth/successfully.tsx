import { createFileRoute } from "@tanstack/react-router";
import { searchSchema, textParam } from "../../app/search.ts";
import { SuccessPage } from "../../features/orderActions/index.ts";

/** SHELL-044, SHELL-045: the success page; `orderNum` names the order submitted, when there is one. */
export const Route = createFileRoute("/_auth/successfully")({
  validateSearch: searchSchema({ orderNum: textParam }),
  component: SuccessRoute,
});

function SuccessRoute() {
  const { orderNum } = Route.useSearch();
  return <SuccessPage orderNum={orderNum} />;
}
