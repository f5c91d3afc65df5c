/**
 * The consumption query and the order customer edit of an order (issue 12): buttons the order lists
 * place; `offersOrderTools` (domain/productionList.ts) says whether a row shows the consumption query
 * (PROD-038, PROD-039).
 */
export { ConsumptionQueryButton, OrderCustomerButton } from "./OrderToolButtons.tsx";
export { offersOrderTools } from "../../../domain/productionList.ts";
