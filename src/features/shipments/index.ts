/** Shipments (issue 23): the list, the details, the creation dialog and their reads. */
export { ShipmentListPage } from "./ShipmentListPage.tsx";
export { ShipmentDetailsPage } from "./ShipmentDetailsPage.tsx";
export { ShipmentDialog } from "./ShipmentDialog.tsx";
export { shipmentQueries } from "./queries.ts";
export { readyDateOf } from "./rules.ts";
