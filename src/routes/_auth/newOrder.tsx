import { createFileRoute } from "@tanstack/react-router";
import { NewOrderPage } from "../../features/newOrder/NewOrderPage.tsx";
import { compact, optionalInt, optionalText } from "../../app/search.ts";
import type { OrderMode } from "../../../machines/quickOrder/quickOrder.machine.ts";

/** Default category when the link names none: the suit. */
const DEFAULT_CATEGORY = 3000;

export const Route = createFileRoute("/_auth/newOrder")({
  validateSearch: (search: Record<string, unknown>): { id?: number; orderId?: string; orderType?: string } =>
    compact({ id: optionalInt(search.id), orderId: optionalText(search.orderId), orderType: optionalText(search.orderType) }),
  component: NewOrderRoute,
});

/** SHELL-008..010: buyagain copies the order, pending edits a pending order, any other value edits. */
function modeOf(orderId: string | undefined, orderType: string | undefined): OrderMode {
  if (!orderId) return "new";
  return orderType === "buyagain" ? "buyagain" : orderType === "pending" ? "pending" : "edit";
}

function NewOrderRoute() {
  const { id, orderId, orderType } = Route.useSearch();
  const categoryId = id ?? DEFAULT_CATEGORY;
  const mode = modeOf(orderId, orderType);
  // The page reloads when the route query changes (000 §2.6)
  return <NewOrderPage key={`${categoryId}|${orderId ?? ""}|${mode}`} categoryId={categoryId} orderId={orderId} mode={mode} />;
}
