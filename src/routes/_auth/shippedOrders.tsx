import { createFileRoute, redirect } from "@tanstack/react-router";
import { ORDER_STATUS } from "../../../domain/ids.ts";

/**
 * SHELL-041: the shipped orders are the production list filtered to the shipped status (10380), the same
 * list, filter and export; the documented address stays valid by leading there.
 */
export const Route = createFileRoute("/_auth/shippedOrders")({
  beforeLoad: () => {
    throw redirect({ to: "/underProduction", search: { status: ORDER_STATUS.shipped }, replace: true });
  },
});
