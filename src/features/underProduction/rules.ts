/** The under-production list's row rules (domain/productionList.ts, domain/orderStatus.ts), for its views. */

/** PROD-040: the order code is orange when the planned delivery is 5 or more days past. */
export { isDeliveryOverdue } from "../../../domain/orderStatus.ts";
/** PROD-038, PROD-039: the hidden edit, consumption query and pre-commit. */
export { offersOrderTools } from "../../../domain/productionList.ts";
/** PROD-047..050: the order customer may be changed until the factory starts cutting (own orders only). */
export { canEditOrderCustomer } from "../../../domain/orderTools.ts";
/** PROD-052: an item is changed only when the server's isEdit and its status both allow it. */
export { mayEditItem } from "../../../domain/orderStatus.ts";
