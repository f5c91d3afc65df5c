/** Shipments (issue 23): the list, the details, the creation dialog and their reads. */
export { ShipmentListPage } from "./ShipmentListPage.tsx";
export { ShipmentDetailsPage } from "./ShipmentDetailsPage.tsx";
/**
 * The creation dialog for the other areas (the production list's "Add to shipment"), loaded on demand rather
 * than with their page (issue 21: 12 kB gzip of the production list's first load, with the address form and
 * the shipment-creation machine): `lazy(loadShipmentDialog)`, rendered in a `LoadBoundary` and a Suspense
 * boundary; calling it early (the button in reach) starts the download.
 */
export const loadShipmentDialog = () => import("./ShipmentDialog.tsx").then((m) => ({ default: m.ShipmentDialog }));
export { shipmentQueries } from "./queries.ts";
export { readyDateOf } from "./rules.ts";
