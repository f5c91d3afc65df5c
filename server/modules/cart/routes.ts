import type { FastifyReply } from "fastify";
import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { exportFileName, orderWorkbook, XLSX_TYPE } from "./export.ts";
import {
  cartOrderDetail,
  deleteOrder,
  exportRows,
  orderCartList,
  orderCodeList,
  orderSumPrice,
  recommendClothList,
  updateAddProduct,
  updateAmount,
  updateCheck,
  type Caller,
} from "./service.ts";

/** Who asks, with the currency and language the answers are in. */
function callerOf(req: Parameters<typeof memberOf>[0]): Caller {
  const member = memberOf(req);
  return {
    memberId: member.memberId,
    parentId: member.parentId,
    moneyType: member.moneyType,
    locale: req.locale,
    mayEdit: member.mayEditOrders,
  };
}

/** The cart, the pending and production lists (issue 11); the member filter is the members module's. */
export function cartRoutes({ db, config }: RouteContext) {
  return {
    async getOrderCartList(req: OperationRequest<"getOrderCartList">) {
      const pace = { stepSeconds: config.productionStepSeconds, now: new Date() };
      const { data, total } = await orderCartList(db, callerOf(req), req.query, pace);
      return { ...ok(req, data), total };
    },

    async getCartOrderDetail(req: OperationRequest<"getCartOrderDetail">) {
      return ok(req, await cartOrderDetail(db, callerOf(req), Number(req.query.orderId)));
    },

    async getOrderSumPrice(req: OperationRequest<"getOrderSumPrice">) {
      return ok(req, await orderSumPrice(db, callerOf(req), req.query.orderId));
    },

    async updateCartOrderAmount(req: OperationRequest<"updateCartOrderAmount">) {
      return ok(req, await updateAmount(db, callerOf(req), Number(req.query.orderId), req.query.amount));
    },

    async updateOrderAddproduct(req: OperationRequest<"updateOrderAddproduct">) {
      return ok(req, await updateAddProduct(db, callerOf(req), Number(req.query.orderId), req.query.addProduct));
    },

    async updateOrderCheck(req: OperationRequest<"updateOrderCheck">) {
      return ok(req, await updateCheck(db, callerOf(req), req.body.orderIds, req.body.check));
    },

    async deleteCartOrder(req: OperationRequest<"deleteCartOrder">) {
      return ok(req, await deleteOrder(db, callerOf(req), Number(req.body.orderId)));
    },

    async getOrderCodeList(req: OperationRequest<"getOrderCodeList">) {
      return ok(req, await orderCodeList(db, callerOf(req), req.query.keyWord));
    },

    async exportOrderList(req: OperationRequest<"exportOrderList">, reply: FastifyReply) {
      const caller = callerOf(req);
      const body = await orderWorkbook(await exportRows(db, caller, req.query), caller.locale);
      return reply
        .header("Content-Type", XLSX_TYPE)
        .header("Content-Disposition", `attachment; filename="${exportFileName(new Date())}"`)
        .header("Cache-Control", "no-store")
        .send(body);
    },

    async getRecommendClothList(req: OperationRequest<"getRecommendClothList">) {
      return ok(req, await recommendClothList(db, req.query.orderWay ?? 7, req.locale));
    },
  };
}
