import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { FileRoutesById } from "../routeTree.gen.ts";

/** Layout routes: they render no page of their own, so the page below them names the tab. */
type LayoutRouteId = "__root__" | "/_auth" | "/_auth/flows";

/**
 * The browser tab's title of every page (WCAG 2.4.2 "Page titled"), in one table keyed by route id:
 * a new route fails the type check until it is named here. The root layout sets `document.title`.
 */
export const PAGE_TITLES: Record<Exclude<keyof FileRoutesById, LayoutRouteId>, MessageDescriptor> = {
  "/": msg`Home`,
  "/$": msg`Page not found`,
  "/contect": msg`Contact us`,
  "/dressWell": msg`Online mall`,
  "/dressWellDetails": msg`Product`,
  "/fabricLibrary": msg`Fabric library`,
  "/_auth/allocationDetails": msg`Allocation details`,
  "/_auth/billing": msg`Billing`,
  "/_auth/customerAppointments": msg`Appointments`,
  "/_auth/customerDetails": msg`Customer`,
  "/_auth/customerList": msg`Customers`,
  "/_auth/deliveryAddress": msg`Delivery addresses`,
  "/_auth/message": msg`Messages`,
  "/_auth/myOrder": msg`Pending orders`,
  "/_auth/newOrder": msg`New order`,
  "/_auth/orderDetails": msg`Order details`,
  "/_auth/peofessionalOrder": msg`Professional order`,
  "/_auth/quickOrder": msg`Quick order`,
  "/_auth/saveItems": msg`Saved items`,
  "/_auth/shipment": msg`Shipments`,
  "/_auth/shipmentDetails": msg`Shipment`,
  "/_auth/shippedOrders": msg`Shipped orders`,
  "/_auth/styleOrdering": msg`Style order`,
  "/_auth/styleProduct": msg`Fashion & Designer`,
  "/_auth/subAccount": msg`Sub-accounts`,
  "/_auth/successfully": msg`Order submitted`,
  "/_auth/underProduction": msg`Order list`,
  "/_auth/user": msg`Account centre`,
  "/_auth/flows/$machine": msg`Flow`,
  "/_auth/flows/": msg`Flows`,
};

export const SITE_TITLE = msg`MTM Tailoring Portal`;

/** The title of the deepest page among the matched routes, or undefined while none is matched. */
export function pageTitle(routeIds: readonly string[]): MessageDescriptor | undefined {
  for (let i = routeIds.length - 1; i >= 0; i--) {
    const title = (PAGE_TITLES as Record<string, MessageDescriptor | undefined>)[routeIds[i]!];
    if (title) return title;
  }
  return undefined;
}
