/** Shipments (issue 23): the list, the details, the creation dialog and their reads. */
import { lazy } from "react";

export { ShipmentListPage } from "./ShipmentListPage.tsx";
export { ShipmentDetailsPage } from "./ShipmentDetailsPage.tsx";
/**
 * The creation dialog for the other areas (the production list's "Add to shipment"), loaded when it first
 * opens rather than with their page (issue 21: 12 kB gzip of the production list's first load, with the
 * address form and the shipment-creation machine). Render it inside a Suspense boundary.
 */
export const ShipmentDialog = lazy(() => import("./ShipmentDialog.tsx").then((m) => ({ default: m.ShipmentDialog })));
export { shipmentQueries } from "./queries.ts";
export { readyDateOf } from "./rules.ts";
