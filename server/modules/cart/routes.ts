import { AppError } from "../../errors.ts";
import type { RouteContext } from "../shared/http.ts";

/** Until an operation of issue 11 is implemented it answers a refusal (HTTP 200, code 1001), never a 500. */
const notYet = async () => {
  throw new AppError(1001, "cart.notImplemented");
};

/** The cart, the pending and production lists, and the member filter (issue 11). */
export function cartRoutes(_context: RouteContext) {
  return {
    getOrderCartList: notYet,
    getCartOrderDetail: notYet,
    getOrderSumPrice: notYet,
    updateCartOrderAmount: notYet,
    updateOrderAddproduct: notYet,
    updateOrderCheck: notYet,
    deleteCartOrder: notYet,
    getOrderCodeList: notYet,
    exportOrderList: notYet,
    getRecommendClothList: notYet,
    subAccounts: notYet,
    // H1's pushOrder (orders module, spread after this one in modules/index.ts) replaces this.
    pushOrder: notYet,
  };
}
