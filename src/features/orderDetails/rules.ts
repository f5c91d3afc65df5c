/** The details page's action rules (domain/), for its views: the same rules as the order lists. */

/** PROD-038, PROD-039: category 3800000 and goods orders (type 9) hide pre-commit and the tools. */
export { offersOrderTools } from "../../../domain/productionList.ts";
/** PROD-047..050: the order customer may be changed until the factory starts cutting. */
export { canEditOrderCustomer } from "../../../domain/orderTools.ts";
