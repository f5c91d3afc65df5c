import * as z from "zod/mini";
import { dateParam, idListParam, intParam, textParam } from "../../app/search.ts";

/**
 * The address every order list shares (my order, under production; shipments next), as the zod shape a
 * list's route extends with its own fields: `searchSchema({ ...orderListSearchShape, ... })`. It holds
 * the page, its size, the order filter (PROD-022, CART-004: status, order type, size category, garment
 * category, the order dates, the member, the labels) and the one order a lookup opened (`orderNum`); a
 * malformed value is dropped. It lives with the routes (a `-` file is not a route) because the first
 * load validates the address (src/features/README.md); its fields are `OrderListSearch`
 * (src/features/orderList/search.ts).
 */
export const orderListSearchShape = {
  page: intParam,
  size: intParam,
  status: intParam,
  orderType: intParam,
  sizeCategoryId: intParam,
  clothId: intParam,
  start: dateParam,
  end: dateParam,
  userId: intParam,
  // PROD-022: the labels filter
  labelIds: idListParam,
  orderNum: textParam,
};

/**
 * PROD-022: the filter's shipment (isShip): 0 only the orders not shipped, 1 only the shipped ones, from a
 * number or its text (`?isShip=1`, `?isShip="0"`); anything else is dropped (both are shown).
 */
const shipParam = z.optional(
  z.catch(
    z.optional(
      z.union([
        z.literal(0),
        z.literal(1),
        z.pipe(
          z.enum(["0", "1"]),
          z.transform((code) => (code === "1" ? 1 : 0)),
        ),
      ]),
    ),
    undefined,
  ),
);

/**
 * The production list's address (issue 12): the shared one and, in its filter, the planned and the
 * final delivery date ranges and the shipment (PROD-022). My order's pending list has none of them: its
 * orders are neither delivered nor shipped.
 */
export const productionListSearchShape = {
  ...orderListSearchShape,
  deliveryDateStart: dateParam,
  deliveryDateEnd: dateParam,
  finalDeliveryDateStart: dateParam,
  finalDeliveryDateEnd: dateParam,
  isShip: shipParam,
};
