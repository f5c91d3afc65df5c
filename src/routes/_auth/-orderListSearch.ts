import * as z from "zod/mini";
import { dateParam, idListParam, intParam, listSearchShape, textParam } from "../../app/search.ts";

/**
 * The address every order list shares (my order, under production; shipments next), as the zod shape a
 * list's route extends with its own fields: `searchSchema({ ...orderListSearchShape, ... })`. It holds
 * the page and its size (`listSearchShape`), the order filter (PROD-022, CART-004: status, order type,
 * size category, garment category, the order dates, the member, the labels) and the one order a lookup
 * opened (`orderNum`); a malformed value is dropped. The one place the order lists' address is written:
 * its types (`OrderListSearch`, `PendingSearch`) are read from it, and src/features/orderList/search.ts
 * turns it into the server's query. It lives with the routes (a `-` file is not a route) because the
 * first load validates the address: reached through src/features/orderList/index.ts it would pull the
 * list pages into the first load (src/features/README.md).
 */
export const orderListSearchShape = {
  ...listSearchShape,
  status: intParam,
  orderType: intParam,
  sizeCategoryId: intParam,
  clothId: intParam,
  /** YYYY-MM-DD, on the order date. */
  start: dateParam,
  end: dateParam,
  /** The member filter (PROD-051): the account itself or one of its sub-accounts (read-only). */
  userId: intParam,
  // PROD-022: the labels filter
  labelIds: idListParam,
  /** From a lookup that redirected here, or a link: one order by its code or customer order code. */
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
  /** PROD-022: the planned delivery date range, YYYY-MM-DD. */
  deliveryDateStart: dateParam,
  deliveryDateEnd: dateParam,
  /** PROD-022: the final delivery date range, YYYY-MM-DD. */
  finalDeliveryDateStart: dateParam,
  finalDeliveryDateEnd: dateParam,
  /** PROD-022, PROD-063: 1 only the shipped orders, 0 only those not shipped; absent, both. */
  isShip: shipParam,
};

/** What an order list's address holds (the production list's fields are absent from the others). */
export type OrderListSearch = z.output<z.ZodMiniObject<typeof productionListSearchShape>>;

/**
 * What the address of /myOrder holds (CART-004, CART-006): the order lists' address (the page, its
 * size, the order filter, the looked-up order) and the view with its keyword.
 */
export const myOrderSearchShape = {
  ...orderListSearchShape,
  /** CART-010: "all" shows the second list (every status, no selection); absent, the pending list. */
  list: z.optional(z.catch(z.optional(z.literal("all")), undefined)),
  /** CART-010: the second list's keyword (order code, customer order code or customer name). */
  keyWord: textParam,
};
export type PendingSearch = z.output<z.ZodMiniObject<typeof myOrderSearchShape>>;
