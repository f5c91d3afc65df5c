/**
 * Delivery addresses (issue 23, ADDR-001..032): the address book page and the address form dialog.
 *
 * For another flow (the shipment creation): open `<AddressFormDialog open mode="add" onClose={...}
 * onSaved={(address) => ...} />` to add an address without leaving the flow; `onSaved` gets the saved
 * address (names included) and the book's reads are refreshed. `addressQueries.list()` reads the
 * account's addresses (the default first), `addressQueries.one(id)` one of them, and `trackingUrl`
 * makes a carrier's tracking link from its expressUrl and a waybill number.
 */
/** @public the `/deliveryAddress` route renders it */
export { AddressBookPage } from "./AddressBookPage.tsx";
/** @public the shipment creation adds an address through it */
export { AddressFormDialog, type AddressDialogMode } from "./AddressFormDialog.tsx";
/** @public the address book's reads, for a flow that picks an address */
export { addressQueries, type Address, type ExpressCompany } from "./queries.ts";
/** @public a carrier's tracking page of a parcel */
export { trackingUrl } from "../../../domain/addresses.ts";
