import { ORDER_STATUS } from "../../../domain/ids.ts";

/** PROD-028..034: the colour of a status in every order list (10369 red, 10030 and 10371 orange, 10370 grey, others blue). */
export { statusColour } from "../../../domain/orderStatus.ts";
/** PROD-031: the failed-status notice lasts 8 s. */
export { FAILED_NOTICE_MS } from "../../../domain/productionList.ts";

/** PROD-031: a failed order (10369) tells why when its status is clicked. */
export const isFailedStatus = (status: number) => status === ORDER_STATUS.failed;
/** PROD-027: the size category's icon (10054 standard, 10053 by garment, 10052 body type). */
export { sizeCategoryIcon, type SizeIcon } from "../../../domain/productionList.ts";
