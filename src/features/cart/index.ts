/**
 * The cart (/saveItems, SAVED ITEMS) and the submission queue every list that submits uses
 * (`useSubmitQueue`: /saveItems, /myOrder).
 */
export { SaveItemsPage } from "./SaveItemsPage.tsx";
export { cartQueries } from "./queries.ts";
/** @public the pending list (/myOrder) submits through the same queue */
export { useSubmitQueue, type QueueOrder } from "./SubmitQueueDialog.tsx";
/** @public the pending and production lists open an order's edit and buy-again by the same mapping (D-03) */
export { orderLink, recommendedRoute, type LinkedOrder, type OrderLinkMode } from "./orderLinks.ts";
/** @public the production list and the details page buy an order again; a delivered one optionally as its remake (issue 12) */
export { BuyAgainButton } from "./BuyAgainButton.tsx";
