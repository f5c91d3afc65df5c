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
