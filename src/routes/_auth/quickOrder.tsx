import { createFileRoute } from "@tanstack/react-router";
import { QuickOrderPage } from "../../features/quickOrder/QuickOrderPage.tsx";
import { compact, optionalInt, optionalText } from "../../app/search.ts";
import type { OrderMode } from "../../../machines/quickOrder/quickOrder.machine.ts";

/** Default category when the link names none: the suit. */
const DEFAULT_CATEGORY = 3000;

export const Route = createFileRoute("/_auth/quickOrder")({
  validateSearch: (search: Record<string, unknown>): { id?: number; orderId?: string; orderType?: string } =>
    compact({ id: optionalInt(search.id), orderId: optionalText(search.orderId), orderType: optionalText(search.orderType) }),
  component: QuickOrderRoute,
});

/** SHELL-010..012: buyagain copies the order, pending edits a pending order, any other value edits. */
function modeOf(orderId: string | undefined, orderType: string | undefined): OrderMode {
  if (!orderId) return "new";
  return orderType === "buyagain" ? "buyagain" : orderType === "pending" ? "pending" : "edit";
}

function QuickOrderRoute() {
  const { id, orderId, orderType } = Route.useSearch();
  const categoryId = id ?? DEFAULT_CATEGORY;
  const mode = modeOf(orderId, orderType);
  // QO-006: a new query starts a new order (the page reloads)
  return <QuickOrderPage key={`${categoryId}|${orderId ?? ""}|${mode}`} categoryId={categoryId} orderId={orderId} mode={mode} />;
}
